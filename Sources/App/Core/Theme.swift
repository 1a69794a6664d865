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
}

struct Theme {
    var name: String
    private var styles: [StyleName: Style]

    subscript(_ name: StyleName) -> Style { styles[name] ?? .plain }

    /// The built-in default: readable on dark backgrounds, uses only the 16 ANSI colors
    /// so it works on every color terminal.
    static let dark = Theme(name: "dark", styles: [
        .text: Style(),
        .muted: Style(fg: .ansi(8)),
        .accent: Style(fg: .ansi(14), bold: true),
        .border: Style(fg: .ansi(8)),
        .borderFocused: Style(fg: .ansi(14)),
        .title: Style(fg: .ansi(7), bold: true),
        .titleFocused: Style(fg: .ansi(14), bold: true),
        .userLabel: Style(fg: .ansi(10), bold: true),
        .assistantLabel: Style(fg: .ansi(13), bold: true),
        .userText: Style(),
        .assistantText: Style(),
        .errorText: Style(fg: .ansi(9)),
        .statusBar: Style(fg: .ansi(15), bg: .ansi(4)),
        .badge: Style(fg: .ansi(0), bg: .ansi(14), bold: true),
        .notice: Style(fg: .ansi(11), bg: .ansi(4), bold: true),
        .noticeError: Style(fg: .ansi(15), bg: .ansi(1), bold: true),
        .tabActive: Style(fg: .ansi(0), bg: .ansi(14), bold: true),
        .tabInactive: Style(fg: .ansi(7)),
        .selection: Style(reverse: true),
        .today: Style(fg: .ansi(11), bold: true),
        .dayMarker: Style(fg: .ansi(14)),
        .weekday: Style(fg: .ansi(8)),
        .priorityHigh: Style(fg: .ansi(9), bold: true),
        .priorityMedium: Style(fg: .ansi(11)),
        .priorityLow: Style(fg: .ansi(12)),
        .category: Style(fg: .ansi(6)),
        .stepRunning: Style(fg: .ansi(11)),
        .stepDone: Style(fg: .ansi(10)),
        .stepFailed: Style(fg: .ansi(9)),
        .stepDetail: Style(fg: .ansi(8)),
        .placeholder: Style(fg: .ansi(8)),
        .cursorBlock: Style(fg: .ansi(14)),
        .helpBox: Style(),
    ])

    /// NO_COLOR (https://no-color.org): attributes only.
    func withoutColor() -> Theme {
        var copy = self
        for (key, style) in styles {
            var s = style
            s.fg = .terminalDefault
            s.bg = .terminalDefault
            copy.styles[key] = s
        }
        return copy
    }

    func priority(_ p: Priority) -> Style {
        switch p {
        case .high: return self[.priorityHigh]
        case .medium: return self[.priorityMedium]
        case .low: return self[.priorityLow]
        case .none: return self[.muted]
        }
    }
}
