import XCTest
import Terminal
@testable import App

/// The shipped theme files, their embedded copies, and the theme file format.
final class ThemeFileTests: XCTestCase {
    static let themesFolder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("themes")

    private func shippedFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Self.themesFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }.sorted { $0.path < $1.path }
    }

    func testTheSixThemesAreShipped() throws {
        let names = Set(try shippedFiles().map { $0.deletingPathExtension().lastPathComponent })
        XCTAssertTrue(Set(["dark", "light", "solarized-dark", "solarized-light", "gruvbox", "high-contrast"]).isSubset(of: names), "\(names)")
    }

    /// The shipped file `name`, with the palette of the shipped file it inherits.
    private func parseShipped(_ name: String) -> Result<ThemeFile, ThemeFileError> {
        let url = Self.themesFolder.appendingPathComponent(name + ".toml")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return ThemeFile.parse(text, name: name, file: url.path) { (parent: String?) throws(ThemeFileError) -> [String: Color] in
            guard let parent else { return [:] }
            return try parseShipped(parent).get().palette
        }
    }

    func testEveryShippedThemeParsesAndDefinesEveryStyleItself() throws {
        for url in try shippedFiles() {
            switch parseShipped(url.deletingPathExtension().lastPathComponent) {
            case .failure(let error): XCTFail("\(error)")
            case .success(let file):
                let missing = StyleName.allCases.filter { file.styles[$0] == nil }.map(\.fileKey)
                XCTAssertEqual(missing, [], "\(url.lastPathComponent) leaves styles to another theme")
                XCTAssertNotNil(file.description, url.lastPathComponent)
            }
        }
    }

    func testEmbeddedCopiesEqualTheFiles() throws {
        let files = try shippedFiles()
        XCTAssertEqual(ShippedThemes.files.map(\.name).sorted(), files.map { $0.deletingPathExtension().lastPathComponent }.sorted(),
                       "run scripts/embed-themes.sh")
        for url in files {
            let name = url.deletingPathExtension().lastPathComponent
            let embedded = ShippedThemes.files.first { $0.name == name }?.text
            XCTAssertEqual(embedded.map { Array($0.utf8) }, Array(try Data(contentsOf: url)), "\(name): run scripts/embed-themes.sh")
        }
    }

    /// The built-in theme of before themes were files, style by style.
    func testDarkIsTheFormerBuiltInTheme() {
        let former: [StyleName: Style] = [
            .text: Style(), .muted: Style(fg: .ansi(8)), .accent: Style(fg: .ansi(14), bold: true), .border: Style(fg: .ansi(8)),
            .borderFocused: Style(fg: .ansi(14)), .title: Style(fg: .ansi(7), bold: true), .titleFocused: Style(fg: .ansi(14), bold: true),
            .userLabel: Style(fg: .ansi(10), bold: true), .assistantLabel: Style(fg: .ansi(13), bold: true), .userText: Style(),
            .assistantText: Style(), .errorText: Style(fg: .ansi(9)), .statusBar: Style(fg: .ansi(15), bg: .ansi(4)),
            .badge: Style(fg: .ansi(0), bg: .ansi(14), bold: true), .notice: Style(fg: .ansi(11), bg: .ansi(4), bold: true),
            .noticeError: Style(fg: .ansi(15), bg: .ansi(1), bold: true), .tabActive: Style(fg: .ansi(0), bg: .ansi(14), bold: true),
            .tabInactive: Style(fg: .ansi(7)), .selection: Style(reverse: true), .today: Style(fg: .ansi(11), bold: true),
            .dayMarker: Style(fg: .ansi(14)), .weekday: Style(fg: .ansi(8)), .priorityHigh: Style(fg: .ansi(9), bold: true),
            .priorityMedium: Style(fg: .ansi(11)), .priorityLow: Style(fg: .ansi(12)), .category: Style(fg: .ansi(6)),
            .stepRunning: Style(fg: .ansi(11)), .stepDone: Style(fg: .ansi(10)), .stepFailed: Style(fg: .ansi(9)),
            .stepDetail: Style(fg: .ansi(8)), .placeholder: Style(fg: .ansi(8)), .cursorBlock: Style(fg: .ansi(14)), .helpBox: Style(),
        ]
        // Styles added since (Markdown's) are new; these keep their looks.
        XCTAssertEqual(former.count, StyleName.allCases.firstIndex(of: .heading1))
        for name in former.keys { XCTAssertEqual(Theme.dark[name], former[name], name.fileKey) }
        XCTAssertEqual(Theme.dark.name, "dark")
    }

    func testStyleNamesInFilesAreSnakeCase() {
        XCTAssertEqual(StyleName.borderFocused.fileKey, "border_focused")
        XCTAssertEqual(StyleName.priorityHigh.fileKey, "priority_high")
        XCTAssertEqual(StyleName.text.fileKey, "text")
        XCTAssertEqual(StyleName(fileKey: "status_bar"), .statusBar)
        XCTAssertNil(StyleName(fileKey: "statusBar"))
    }

    /// The fg of `accent = { fg = VALUE }` in a file with a small palette, or the problem.
    private func accentColor(_ value: String) -> Result<Color?, ThemeFileError> {
        let text = "[palette]\nink = \"#010203\"\nred = \"#dc322f\"\n[styles]\naccent = { fg = \(value) }\n"
        return ThemeFile.parse(text, name: "t", file: "t.toml").map { $0.styles[.accent]?.fg }
    }

    func testColorValues() throws {
        let cases: [(String, Color)] = [
            (##""#ff8000""##, .rgb(255, 128, 0)), (##""#A0b1C2""##, .rgb(160, 177, 194)), (#""green""#, .ansi(2)),
            (#""bright-cyan""#, .ansi(14)), (#""black""#, .ansi(0)), (#""bright-white""#, .ansi(15)),
            (#""default""#, .terminalDefault), ("3", .ansi(3)), ("15", .ansi(15)), ("16", .palette(16)),
            ("255", .palette(255)), (#""ink""#, .rgb(1, 2, 3)), (#""red""#, .rgb(220, 50, 47)),  // the palette may redefine a name
        ]
        for (value, expected) in cases { XCTAssertEqual(try accentColor(value).get(), expected, value) }
        for bad in [##""#ff80""##, ##""#gg0000""##, #""purplish""#, #""bright-""#, #""""#, "256", "-1", "true", "1.5", "[1, 2]"] {
            XCTAssertThrowsError(try accentColor(bad).get(), bad) { error in
                let problem = (error as? ThemeFileError)?.problems.first
                XCTAssertEqual(problem?.key, "styles.accent.fg", bad)
                XCTAssertEqual(problem?.line, 5, bad)
            }
        }
    }

    func testKeyLines() {
        let text = """
        # comment
        description = "x"

        [styles]
        accent = { fg = "red" }
        "status_bar" = { bg = "blue" }

        [styles.badge]
        fg = "black"
        """
        XCTAssertEqual(TOMLKeyLines.line(of: ["description"], in: text), 2)
        XCTAssertEqual(TOMLKeyLines.line(of: ["styles", "accent", "fg"], in: text), 5, "inside an inline table: its line")
        XCTAssertEqual(TOMLKeyLines.line(of: ["styles", "status_bar"], in: text), 6, "a quoted key")
        XCTAssertEqual(TOMLKeyLines.line(of: ["styles", "badge", "fg"], in: text), 9, "under a [styles.badge] header")
        XCTAssertEqual(TOMLKeyLines.line(of: ["styles", "missing"], in: text), 4, "not there: the table's header")
        XCTAssertNil(TOMLKeyLines.line(of: ["palette"], in: text))
        XCTAssertEqual(TOMLKeyLines.keyParts(#"a."b.c" . d"#), ["a", "b.c", "d"])
    }
}
