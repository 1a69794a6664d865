import Foundation
import Core
import Terminal

/// Semantic styles: panes ask for a meaning, the theme decides the colors.
enum StyleName: String, CaseIterable {
    case text, muted, accent, border, borderFocused, title, titleFocused
    case userLabel, assistantLabel, userText, assistantText, errorText
    case statusBar, badge, notice, noticeError, tabActive, tabInactive
    case selection, today, dayMarker, weekday
    case priorityHigh, priorityMedium, priorityLow, category
    case stepRunning, stepDone, stepFailed, stepDetail
    case placeholder, cursorBlock, helpBox
    // Markdown answers (docs/markdown.md, Layout)
    case heading1, heading2, heading3, emphasis, strong, strikethrough, inlineCode
    case codeBlock, codeLanguage, quoteBar, quoteText, linkText, linkUrl
    case tableBorder, tableHeader, rule, listMarker, taskBox
    // Highlighted code: token kinds, drawn over `codeBlock`'s background
    // (the kinds `Highlighter` tells apart: Sources/Markdown/Highlight/HighlightToken.swift)
    case codeKeyword, codeType, codeString, codeNumber, codeComment, codeFunction
    case codePunctuation, codeInserted, codeDeleted, codeMeta

    /// The name in theme files: snake_case, like the keys of config.toml.
    var fileKey: String {
        rawValue.reduce(into: "") { key, c in key += c.isUppercase ? "_" + c.lowercased() : String(c) }
    }

    init?(fileKey: String) {
        guard let name = StyleName.allCases.first(where: { $0.fileKey == fileKey }) else { return nil }
        self = name
    }
}

/// A theme: a style for every semantic name. Built from the TOML files in `themes/`
/// (embedded in the binary) or the user's themes folder, see `ThemeCatalog` and docs/themes.md.
struct Theme: Equatable {
    var name: String
    private var styles: [StyleName: Style]

    init(name: String, styles: [StyleName: Style]) {
        self.name = name
        self.styles = styles
    }

    subscript(_ name: StyleName) -> Style { styles[name] ?? .plain }

    /// The default theme, from the shipped `themes/dark.toml` (a test checks it parses).
    static let dark: Theme = ThemeCatalog.shippedDefault

    /// Every color brought down to what a terminal of `depth` shows, once per theme and
    /// depth rather than per cell; text never ends up in its background's color. `.none`
    /// (NO_COLOR) keeps only the attributes.
    func adapted(to depth: ColorDepth) -> Theme {
        Theme(name: name, styles: styles.mapValues { $0.degradedLegibly(to: depth) })
    }

    /// NO_COLOR (https://no-color.org): attributes only.
    func withoutColor() -> Theme { adapted(to: .none) }

    func priority(_ p: Priority) -> Style {
        switch p {
        case .high: return self[.priorityHigh]
        case .medium: return self[.priorityMedium]
        case .low: return self[.priorityLow]
        case .none: return self[.muted]
        }
    }
}
