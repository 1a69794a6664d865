import Foundation
import TOMLKit
import Terminal

/// A style as a theme file gives it. Colors left out take the `text` style's colors, so a
/// theme with its own background paints it under every style.
struct StyleSpec: Equatable {
    var fg: Color?
    var bg: Color?
    var bold = false, dim = false, italic = false, underline = false, reverse = false

    static let attributeKeys = ["bold", "dim", "italic", "underline", "reverse"]

    func style(over base: Style) -> Style {
        Style(fg: fg ?? base.fg, bg: bg ?? base.bg, bold: bold, dim: dim, italic: italic, underline: underline, reverse: reverse)
    }
}

/// Something wrong in a theme file, with where it is.
struct ThemeProblem: Equatable, CustomStringConvertible {
    var file: String
    var line: Int?
    var key: String?
    var message: String

    var description: String {
        file + (line.map { " line \($0)" } ?? "") + (key.map { ", key '\($0)'" } ?? "") + ": " + message
    }
}

/// One theme file, read and checked: every style name known, every color valid.
struct ThemeFile: Equatable {
    var name: String
    var description: String?
    /// The theme this one starts from; styles it does not define come from there.
    var inherits: String?
    var styles: [StyleName: StyleSpec]
    /// Its `[palette]` over the one of the theme it inherits.
    var palette: [String: Color] = [:]

    static let topLevelKeys = ["description", "inherits", "palette", "styles"]

    /// The file's theme, or every problem found, each naming `file`, the line and the key.
    /// `inheritedPalette` gives the palette of the theme `inherits` names (nil: none named),
    /// or throws what is wrong with that theme.
    static func parse(_ text: String, name: String, file: String,
                      inheritedPalette: (String?) throws(ThemeFileError) -> [String: Color] = { _ in [:] }) -> Result<ThemeFile, ThemeFileError> {
        var problems: [ThemeProblem] = []
        func problem(_ path: [String], _ message: String) {
            problems.append(ThemeProblem(file: file, line: TOMLKeyLines.line(of: path, in: text),
                                         key: path.isEmpty ? nil : path.joined(separator: "."), message: message))
        }
        if let line = TOMLKeyLines.nulLine(in: text) {
            return .failure(ThemeFileError(problems: [ThemeProblem(file: file, line: line, key: nil, message: TOMLKeyLines.nulMessage)]))
        }
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch let error as TOMLParseError {
            return .failure(ThemeFileError(problems: [ThemeProblem(file: file, line: error.source.begin.line, key: nil,
                                                                   message: error.description)]))
        } catch {
            return .failure(ThemeFileError(problems: [ThemeProblem(file: file, line: nil, key: nil, message: "\(error)")]))
        }
        var theme = ThemeFile(name: name, styles: [:])
        for key in table.keys.sorted() where !topLevelKeys.contains(key) {
            problem([key], "unknown key; a theme has " + topLevelKeys.joined(separator: ", "))
        }
        for key in ["description", "inherits"] {
            guard let value = table[key] else { continue }
            guard let s = value.string, !s.isEmpty else { problem([key], "must be text"); continue }
            if key == "description" { theme.description = s } else { theme.inherits = s }
        }
        do { theme.palette = try inheritedPalette(theme.inherits) } catch { return .failure(error) }
        let palette = theme.palette.merging(parsePalette(table["palette"], problem: problem)) { $1 }
        theme.palette = palette
        if let value = table["styles"] {
            if let styles = value.table {
                for key in styles.keys.sorted() {
                    guard let styleName = StyleName(fileKey: key) else {
                        problem(["styles", key], "unknown style; the styles are listed in docs/themes.md")
                        continue
                    }
                    if let spec = parseStyle(styles[key]!, path: ["styles", key], palette: palette, problem: problem) {
                        theme.styles[styleName] = spec
                    }
                }
            } else {
                problem(["styles"], "must be a table: [styles]")
            }
        }
        guard problems.isEmpty else {
            return .failure(ThemeFileError(problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }))
        }
        return .success(theme)
    }

    private static func parsePalette(_ value: TOMLValueConvertible?, problem: ([String], String) -> Void) -> [String: Color] {
        guard let value else { return [:] }
        guard let table = value.table else { problem(["palette"], "must be a table: [palette]"); return [:] }
        var palette: [String: Color] = [:]
        for key in table.keys.sorted() {
            do { palette[key] = try ThemeColor.parse(table[key]!) } catch { problem(["palette", key], error.message) }
        }
        return palette
    }

    private static func parseStyle(_ value: TOMLValueConvertible, path: [String], palette: [String: Color],
                                   problem: ([String], String) -> Void) -> StyleSpec? {
        guard let table = value.table else {
            problem(path, "a style is a table, like { fg = \"red\", bold = true }")
            return nil
        }
        var spec = StyleSpec()
        for key in table.keys.sorted() {
            let item = table[key]!
            switch key {
            case "fg", "bg":
                do {
                    let color = try ThemeColor.parse(item, palette: palette)
                    if key == "fg" { spec.fg = color } else { spec.bg = color }
                } catch { problem(path + [key], error.message) }
            case _ where StyleSpec.attributeKeys.contains(key):
                guard let on = item.bool else { problem(path + [key], "must be true or false"); continue }
                switch key {
                case "bold": spec.bold = on
                case "dim": spec.dim = on
                case "italic": spec.italic = on
                case "underline": spec.underline = on
                default: spec.reverse = on
                }
            default:
                problem(path + [key], "unknown; a style has fg, bg, " + StyleSpec.attributeKeys.joined(separator: ", "))
            }
        }
        return spec
    }
}

struct ThemeFileError: Error, CustomStringConvertible {
    var problems: [ThemeProblem]

    /// The problems, the file named once: "f.toml line 3, key 'a': …; line 5, key 'b': …".
    var description: String {
        var lastFile: String?
        return problems.prefix(4).map { problem in
            var shown = problem
            if problem.file == lastFile { shown.file = "" }
            lastFile = problem.file
            return shown.description.trimmingCharacters(in: .whitespaces)
        }.joined(separator: "; ") + (problems.count > 4 ? " (and \(problems.count - 4) more)" : "")
    }
}
