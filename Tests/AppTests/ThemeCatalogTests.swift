import XCTest
import Terminal
@testable import App

/// Themes chosen by name: shipped, the user's folder, broken files, inheritance.
final class ThemeCatalogTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "themes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func write(_ name: String, _ text: String) throws {
        try text.write(toFile: folder + "/\(name).toml", atomically: true, encoding: .utf8)
    }

    private var catalog: ThemeCatalog { ThemeCatalog(userFolder: folder) }

    func testEveryShippedThemeLoadsByName() {
        for name in ["dark", "light", "solarized-dark", "solarized-light", "gruvbox", "high-contrast"] {
            let (theme, warning) = ThemeCatalog(userFolder: nil).loadOrDefault(name)
            XCTAssertNil(warning, name)
            XCTAssertEqual(theme.name, name)
        }
        XCTAssertEqual(ThemeCatalog(userFolder: nil).names, ShippedThemes.files.map(\.name))
    }

    /// A file with a mistake: the warning names the file, the line and the key, and the default applies.
    func testBrokenFilesNameFileLineAndKeyAndTheDefaultApplies() throws {
        let broken: [(name: String, text: String, line: Int, key: String?, words: String)] = [
            ("syntax", "description = \"x\"\n[styles\naccent = {}\n", 2, nil, "expected ']'"),
            ("unknown-style", "[styles]\ntext = {}\n\nacent = { fg = \"red\" }\n", 4, "styles.acent", "unknown style"),
            ("bad-color", "[styles]\naccent = { bold = true }\nmuted = { fg = \"purplish\" }\n", 3, "styles.muted.fg", "\"purplish\" is not a color"),
            ("wrong-type", "[styles]\n\nbadge = { fg = \"red\", bold = \"yes\" }\n", 3, "styles.badge.bold", "must be true or false"),
            ("style-not-table", "[styles]\nmuted = \"red\"\n", 2, "styles.muted", "a style is a table"),
            ("bad-attribute", "[styles]\n[styles.today]\nfg = \"red\"\nblink = true\n", 4, "styles.today.blink", "unknown"),
            ("bad-palette", "[palette]\nsea = \"#12345\"\n[styles]\ntext = { fg = \"sea\" }\n", 2, "palette.sea", "not a color"),
            ("unknown-top", "colour = \"red\"\n", 1, "colour", "unknown key"),
            ("number-out-of-range", "[styles]\ntext = { bg = 300 }\n", 2, "styles.text.bg", "300 is not a color number"),
        ]
        for file in broken {
            try write(file.name, file.text)
            let (theme, warning) = catalog.loadOrDefault(file.name)
            XCTAssertEqual(theme, Theme.dark, file.name)
            let text = try XCTUnwrap(warning, file.name)
            XCTAssertTrue(text.contains(folder + "/\(file.name).toml line \(file.line)"), "\(file.name): \(text)")
            if let key = file.key { XCTAssertTrue(text.contains("key '\(key)'"), "\(file.name): \(text)") }
            XCTAssertTrue(text.contains(file.words), "\(file.name): \(text)")
            XCTAssertTrue(text.hasPrefix("Theme '\(file.name)' has mistakes; using dark. "), text)
        }
    }

    func testAllProblemsOfAFileAreReportedInLineOrder() throws {
        try write("many", "[styles]\nmuted = { fg = \"nope\" }\naccent = { bold = 1 }\n")
        guard case .failure(let error) = catalog.load("many") else { return XCTFail("loaded") }
        let text = error.description
        XCTAssertTrue(text.contains(folder + "/many.toml line 2, key 'styles.muted.fg': \"nope\" is not a color"), text)
        XCTAssertTrue(text.contains("; line 3, key 'styles.accent.bold': must be true or false."), "the file named once: \(text)")
    }

    func testUserThemeOverridesAShippedOneAndInheritsTheRest() throws {
        try write("dark", "inherits = \"dark\"\n[styles]\naccent = { fg = \"#ff0000\", underline = true }\n")
        let (theme, warning) = catalog.loadOrDefault("dark")
        XCTAssertNil(warning)
        XCTAssertEqual(theme[.accent], Style(fg: .rgb(255, 0, 0), underline: true))
        for name in StyleName.allCases where name != .accent { XCTAssertEqual(theme[name], Theme.dark[name], name.fileKey) }
    }

    func testAUserThemeWithoutInheritsTakesMissingStylesFromTheDefaultOverItsOwnText() throws {
        try write("paper", "[styles]\ntext = { fg = \"black\", bg = \"#ffffff\" }\nbadge = { fg = \"red\" }\n")
        let theme = try catalog.load("paper").get()
        XCTAssertEqual(theme[.text], Style(fg: .ansi(0), bg: .rgb(255, 255, 255)))
        XCTAssertEqual(theme[.badge], Style(fg: .ansi(1), bg: .rgb(255, 255, 255)), "bg left out: the text's")
        XCTAssertEqual(theme[.muted], Style(fg: .ansi(8), bg: .rgb(255, 255, 255)), "dark's muted over paper's background")
        XCTAssertEqual(theme[.statusBar], Style(fg: .ansi(15), bg: .ansi(4)), "dark's status bar has its own colors")
        XCTAssertEqual(catalog.names, ShippedThemes.files.map(\.name) + ["paper"])
    }

    func testInheritingAnotherThemeAndItsMistakes() throws {
        try write("sepia", "inherits = \"solarized-light\"\n[palette]\nsea = \"#0000ff\"\n[styles]\naccent = { fg = 130 }\nmuted = { fg = \"base01\", bg = \"sea\" }\n")
        let sepia = try catalog.load("sepia").get()
        let solarized = try catalog.load("solarized-light").get()
        XCTAssertEqual(sepia[.accent], Style(fg: .palette(130), bg: solarized[.text].bg))
        XCTAssertEqual(sepia[.statusBar], solarized[.statusBar])
        XCTAssertEqual(sepia[.muted], Style(fg: .rgb(0x58, 0x6e, 0x75), bg: .rgb(0, 0, 255)), "palette names of the themes above, and its own")

        try write("a", "description = \"loops\"\ninherits = \"b\"\n")
        try write("b", "inherits = \"a\"\n")
        let loop = catalog.loadOrDefault("a").warning ?? ""
        XCTAssertTrue(loop.contains("b.toml line 1, key 'inherits': inheriting 'a' makes a loop"), loop)

        try write("orphan", "\ninherits = \"nowhere\"\n")
        let orphan = catalog.loadOrDefault("orphan").warning ?? ""
        XCTAssertTrue(orphan.contains("orphan.toml line 2, key 'inherits': no theme named 'nowhere'; themes: dark, light"), orphan)
    }

    func testAnUnknownNameListsTheThemesAndTheDefaultApplies() throws {
        try write("mine", "[styles]\n")
        let (theme, warning) = catalog.loadOrDefault("neon")
        XCTAssertEqual(theme, Theme.dark)
        XCTAssertEqual(warning, "No theme named 'neon'; using dark. Themes: dark, light, solarized-dark, solarized-light, gruvbox, high-contrast, mine.")
        XCTAssertNotNil(catalog.loadOrDefault("../themes/mine").warning, "a path is not a name")
    }

    func testFlagOverConfigOverDefault() {
        XCTAssertEqual(ThemeCatalog.chosenName(flag: "light", config: "gruvbox"), "light")
        XCTAssertEqual(ThemeCatalog.chosenName(flag: nil, config: "gruvbox"), "gruvbox")
        XCTAssertEqual(ThemeCatalog.chosenName(flag: nil, config: nil), "dark")
    }

    func testConfigThemeKey() {
        XCTAssertEqual(AppConfig.parse("theme = \"solarized-dark\"\n", path: "c.toml").config.theme, "solarized-dark")
        for bad in ["theme = 3", "theme = \"\"", "theme = \"../x\""] {
            let (config, warning) = AppConfig.parse(bad + "\n", path: "c.toml")
            XCTAssertNil(config.theme, bad)
            XCTAssertEqual(warning, "c.toml: 'theme' must be a theme's name, such as \"light\" (see docs/themes.md) (ignored).", bad)
        }
    }

    func testThemesFolderIsBesideConfig() {
        XCTAssertEqual(AppPaths(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"]).themes, "/x/aihelper/themes")
        XCTAssertEqual(AppPaths(environment: ["HOME": "/h"]).themes, "/h/.config/aihelper/themes")
        XCTAssertEqual(AppPaths(environment: ["HOME": "/h", "AIHELPER_HOME": "/a"]).themes, "/a/themes")
    }
}
