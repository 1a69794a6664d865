import XCTest
import Storage
@testable import App

final class ConfigTests: XCTestCase {
    func testMissingFileMeansDefaultsWithoutWarning() {
        let (config, warning) = AppConfig.load(path: "/nonexistent/aihelper/config.toml")
        XCTAssertEqual(config, AppConfig())
        XCTAssertNil(warning)
    }

    func testValuesAreRead() {
        let (config, warning) = AppConfig.parse("mouse = false\nstep_limit = 3\npersona = \"Be brief.\"\noffer_all_tools = true\nauto_approve = true\n", path: "c.toml")
        XCTAssertNil(warning)
        XCTAssertTrue(config.autoApprove)
        XCTAssertFalse(AppConfig().autoApprove, "asks by default")
        XCTAssertTrue(config.offerAllTools)
        XCTAssertFalse(AppConfig().offerAllTools, "routed by default")
        XCTAssertFalse(config.mouse)
        XCTAssertEqual(config.stepLimit, 3)
        XCTAssertEqual(config.persona, "Be brief.")
    }

    func testImagePreviewSetting() {
        XCTAssertEqual(AppConfig().imagePreview, .auto)
        let (config, warning) = AppConfig.parse("[images]\nmax_bytes = 4096\npreview = \"sixel\"\n", path: "c.toml")
        XCTAssertEqual(config.imagePreview, .sixel)
        XCTAssertEqual(config.imageMaxBytes, 4096)
        XCTAssertNil(warning)
        let (bad, why) = AppConfig.parse("[images]\npreview = \"iterm\"\n", path: "c.toml")
        XCTAssertEqual(bad.imagePreview, .auto)
        XCTAssertTrue(why?.contains("[images] 'preview' must be one of: auto, kitty, sixel, off") == true, why ?? "")
    }

    func testAutoSummaryThresholdIsAShareOfTheWindowOrZeroForOff() throws {
        XCTAssertEqual(AppConfig().autoSummaryThreshold, 0.75)
        XCTAssertEqual(AppConfig.parse("auto_summary_threshold = 0.5\n", path: "c.toml").config.autoSummaryThreshold, 0.5)
        XCTAssertEqual(AppConfig.parse("auto_summary_threshold = 0\n", path: "c.toml").config.autoSummaryThreshold, 0)
        let (bad, warning) = AppConfig.parse("auto_summary_threshold = 3\n", path: "c.toml")
        XCTAssertEqual(bad.autoSummaryThreshold, 0.75, "the default stays")
        XCTAssertEqual(warning, "c.toml: 'auto_summary_threshold' must be 0 (off) or a share of the window from 0.1 to 1, such as 0.75 (ignored).")
        let agent = AppServices.makeAgent(database: try AppDatabase.temporary(), config: AppConfig.parse("auto_summary_threshold = 0.4", path: "c").config)
        XCTAssertEqual(agent.config.autoSummaryThreshold, 0.4)
    }

    func testTheFilesFolderIsSetOrUnderTheDataFolder() {
        let paths = AppPaths(environment: ["AIHELPER_HOME": "/data/aih"])
        XCTAssertEqual(paths.files, "/data/aih/files")
        XCTAssertEqual(AppConfig().resolvingFilesFolder(paths).filesFolder, "/data/aih/files")
        let (set, warning) = AppConfig.parse("files_folder = \"~/Documents/ai\"\n", path: "c.toml")
        XCTAssertNil(warning)
        XCTAssertEqual(set.resolvingFilesFolder(paths, home: "/home/u").filesFolder, "/home/u/Documents/ai")
        let (_, bad) = AppConfig.parse("files_folder = \"relative/dir\"\n", path: "c.toml")
        XCTAssertTrue(bad?.contains("'files_folder' must be an absolute path") == true, bad ?? "")
    }

    func testSyntaxErrorNamesFileAndLineAndFallsBackToDefaults() {
        let (config, warning) = AppConfig.parse("mouse = true\nstep_limit = = 4\n", path: "/home/u/.config/aihelper/config.toml")
        XCTAssertEqual(config, AppConfig())
        XCTAssertTrue(warning?.contains("/home/u/.config/aihelper/config.toml line 2") ?? false, warning ?? "no warning")
    }

    /// TOML allows no NUL, and the parser stopped reading at one without a word: config.toml,
    /// a theme and credentials.toml now say which line holds it.
    func testANulByteIsNamedWithItsLineInEveryTOMLFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nul-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/themes", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/config.toml"
        try "mouse = false\nstep_limit = 3\u{0}\nlanguage = \"bogus\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let (loaded, warning) = AppConfig.load(path: config)
        XCTAssertEqual(warning, "\(config) line 2: a NUL byte, which a TOML file cannot hold. Using the defaults.")
        XCTAssertEqual(loaded.stepLimit, AppConfig().stepLimit)

        try "openai = \"sk-1\"\n\u{0}anthropic = \"sk-2\"\n".write(toFile: folder + "/credentials.toml", atomically: true, encoding: .utf8)
        try "mouse = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        let (withKeys, keyWarning) = AppConfig.load(path: config)
        XCTAssertTrue(keyWarning?.contains("credentials.toml line 2: a NUL byte") == true, keyWarning ?? "no warning")
        XCTAssertTrue(withKeys.providers.apiKeys.isEmpty)

        try "description = \"mine\"\n[styles]\u{0}\naccent = { fg = \"red\" }\n".write(toFile: folder + "/themes/mine.toml", atomically: true, encoding: .utf8)
        let (theme, themeWarning) = ThemeCatalog(userFolder: folder + "/themes").loadOrDefault("mine")
        XCTAssertEqual(theme.name, ThemeCatalog.defaultName)
        XCTAssertTrue(themeWarning?.contains("line 2") == true && themeWarning?.contains("a NUL byte") == true, themeWarning ?? "no warning")
    }

    func testWrongTypesAndUnknownKeysAreReportedAndIgnored() {
        let (config, warning) = AppConfig.parse("mouse = \"yes\"\nstep_limit = 500\ncolour = 1\noffer_all_tools = 1\n", path: "c.toml")
        XCTAssertEqual(config, AppConfig())
        let text = warning ?? ""
        XCTAssertTrue(text.contains("'mouse'") && text.contains("'step_limit'") && text.contains("'colour'"), text)
        XCTAssertTrue(text.contains("'offer_all_tools' must be true or false"), text)
    }
}
