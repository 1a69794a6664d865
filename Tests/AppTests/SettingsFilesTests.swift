import XCTest
import Providers
@testable import App

/// config.toml written line by line, credentials.toml with mode 0600, and `[keys]` checked.
final class SettingsFilesTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("aih-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testConfigEditKeepsCommentsUnknownKeysAndTables() throws {
        let original = """
        # my settings
        provider = "openai"   # the work account
        mystery_key = 42
        persona = \"\"\"
        Be brief.
        \"\"\"

        [providers.ollama]
        base_url = "http://192.168.1.20:11434/v1"
        model = "old"
        """
        let path = folder + "/config.toml"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        try TUIApp.edit(configAt: path, [("provider", "\"anthropic\""), ("persona", nil), ("model", "\"claude-haiku-4-5\""),
                                         ("theme", ConfigFileEditor.string("gruv\"box"))])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text, """
        # my settings
        provider = "anthropic"
        mystery_key = 42
        model = "claude-haiku-4-5"
        theme = "gruv\\"box"

        [providers.ollama]
        base_url = "http://192.168.1.20:11434/v1"
        model = "old"

        """)
        // The table's own `model` is untouched: only top-level keys are the screen's.
        let (config, warning) = AppConfig.parse(text, path: path)
        XCTAssertEqual(config.providers.provider, "anthropic")
        XCTAssertEqual(config.providers.perProvider[.ollama]?.model, "old")
        XCTAssertEqual(warning, "\(path): unknown key 'mystery_key'; 'theme' must be a theme's name, such as \"light\" (see docs/themes.md) (ignored).")
    }

    func testOnlyChangedValuesAreWritten() {
        var old = SettingsValues()
        old.provider = .openai; old.model = "gpt-4.1-mini"
        var new = old
        new.stepLimit = 9; new.persona = "casual"; new.baseURL = ""
        let edits = TUIApp.configEdits(new, previous: old)
        XCTAssertEqual(edits.map(\.0), ["persona", "step_limit"])
        XCTAssertEqual(edits.map(\.1), ["\"casual\"", "9"])
    }

    func testCredentialsAreWrittenPrivateReadBackAndWinOverTheEnvironment() throws {
        let config = folder + "/config.toml"
        let path = Credentials.path(besideConfig: config)
        try Credentials.save("sk-proj-typed0000007f3a", for: .openai, path: path)
        try Credentials.save("sk-ant-typed1111", for: .anthropic, path: path)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "credentials.toml must be private")
        let (loaded, warning) = AppConfig.load(path: config)
        XCTAssertNil(warning)
        XCTAssertEqual(loaded.providers.apiKeys, [.openai: "sk-proj-typed0000007f3a", .anthropic: "sk-ant-typed1111"])
        let settings = try ProviderChecks.settings(.openai, config: loaded, environment: ["OPENAI_API_KEY": "sk-from-env"])
        XCTAssertEqual(settings.apiKey, "sk-proj-typed0000007f3a")
        XCTAssertEqual(settings.keySource, .credentials)
        try Credentials.save(nil, for: .openai, path: path)
        XCTAssertEqual(Credentials.load(path: path).keys, [.anthropic: "sk-ant-typed1111"])
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "rewriting keeps it private")
    }

    func testMaskedKeysNeverShowMoreThanTheEnd() {
        XCTAssertEqual(Credentials.masked("sk-proj-abcdefghijklmnop7f3a"), "sk-…7f3a")
        XCTAssertEqual(Credentials.masked("AIzaSyABCDEFGHIJKLMNOP1234"), "…1234")
        XCTAssertEqual(Credentials.masked("short"), "…")
    }

    func testKeysTableRemapsAndWarnsWithTheLine() {
        let text = """
        theme = "dark"
        [keys]
        settings = "ctrl-s"
        help = "ctrl-z"
        nonsense = "f5"
        quit = "tab"
        add_task = "ctrl-"
        timeline = "t"
        """
        let (config, warning) = AppConfig.parse(text, path: "c.toml")
        XCTAssertEqual(config.keyBindings.translate(.ctrl("s"), focus: .chat), .f(2))
        XCTAssertEqual(config.keyBindings.translate(.ctrl("z"), focus: .todos), .f(1))
        let w = warning ?? ""
        XCTAssertTrue(w.contains("line 5: unknown action 'nonsense'"), w)
        XCTAssertTrue(w.contains("line 6: Tab for 'quit' clashes with 'next_pane'"), w)
        XCTAssertTrue(w.contains("line 7: 'ctrl-' is not a key name"), w)
        XCTAssertTrue(w.contains("line 8: 'timeline' needs a key with Ctrl, Alt or an F-key"), w)
        XCTAssertEqual(config.keyBindings.translate(.tab, focus: .chat), .tab, "a clash keeps the default")
    }

    func testLettersAreRemappedOnlyInTheirPane() {
        var problems: [String] = []
        let bindings = KeyBindings(["today": "t"], problems: &problems)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(bindings.translate(.text("t"), focus: .tasks), .text("."))
        XCTAssertEqual(bindings.translate(.text("t"), focus: .chat), .text("t"), "typed text in the chat stays text")
    }
}

/// `toolsets` and `keymap` in config.toml: read, warned about with their line, written back.
final class SettingChoicesFilesTests: XCTestCase {
    func testToolsetsAndKeymapAreReadAndUnknownNamesNamedWithTheLine() {
        XCTAssertEqual(AppConfig().toolsets, ["calendar", "reminders", "todos", "dates", "contacts", "notes", "files"])
        XCTAssertEqual(AppConfig().keymap, .default)
        let text = """
        # mine
        keymap = "vi"
        toolsets = ["todos", "Calendar", "mail", "todos"]
        """
        let (config, warning) = AppConfig.parse(text, path: "c.toml")
        XCTAssertEqual(config.toolsets, ["calendar", "todos"], "known names, in the built-in order, once")
        XCTAssertEqual(config.keymap, .vi)
        XCTAssertEqual(config.keyBindings.style, .vi)
        XCTAssertEqual(warning, "c.toml: line 3: unknown toolset 'mail' in 'toolsets' (toolsets: calendar, reminders, todos, dates, contacts, notes, files) (ignored).")
        let bad = AppConfig.parse("keymap = \"emacs\"\ntoolsets = \"todos\"\n", path: "c.toml")
        XCTAssertEqual(bad.config.keymap, .default)
        XCTAssertEqual(bad.config.toolsets, AppConfig().toolsets)
        XCTAssertEqual(bad.warning, "c.toml: line 1: 'keymap' must be \"default\" or \"vi\"; "
                       + "line 2: 'toolsets' must be a list of names, such as [\"calendar\", \"todos\"] (ignored).")
        XCTAssertEqual(AppConfig.parse("toolsets = []\n", path: "c.toml").config.toolsets, [], "no tools at all is a choice")
    }

    func testSavingTheThreeSettingsKeepsCommentsAndReadsBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aih-choices-\(UUID().uuidString).toml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# my settings\ntheme = \"dark\"   # dark at night\ntoolsets = [\"todos\"]  # only lists\n\n[keys]\nhelp = \"f5\"\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let old = SettingsValues()
        var new = old
        new.toolsets = ["calendar", "notes"]; new.keymap = .vi; new.notifications = .none
        let edits = TUIApp.configEdits(new, previous: old)
        XCTAssertEqual(edits.map(\.0), ["keymap", "notifications", "toolsets"])
        XCTAssertEqual(TUIApp.configEdits(old, previous: old).count, 0)
        try TUIApp.edit(configAt: path, edits)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# my settings\ntheme = \"dark\"   # dark at night\ntoolsets = [\"calendar\", \"notes\"]\n"), text)
        XCTAssertTrue(text.contains("[keys]\nhelp = \"f5\""), text)
        let (config, warning) = AppConfig.parse(text, path: path)
        XCTAssertNil(warning)
        XCTAssertEqual(config.toolsets, ["calendar", "notes"])
        XCTAssertEqual(config.keymap, .vi)
        XCTAssertEqual(config.notifications, AlertNotifications.none)
        XCTAssertEqual(config.keys, ["help": "f5"])
    }
}
