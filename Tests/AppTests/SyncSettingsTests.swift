import XCTest
import Core
import Terminal
import Providers
@testable import App

/// The settings screen's Sync section: an interval and a conflict policy per `[[sync.accounts]]`
/// entry, written into that entry of config.toml with the user's other lines kept.
final class SyncSettingsTests: XCTestCase {
    private var home = ""

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("aih-sync-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: home); Strings.use(.english) }

    static let config = """
        # my settings
        theme = "dark"

        [[sync.accounts]]
        name = "home"   # the Radicale at home
        kind = "caldav"
        url = "https://dav.example.com/"
        user = "ann"
        interval_minutes = 5

        [voice]
        model = "whisper-1"

        [[ sync.accounts ]]
        name = 'work'
        kind = "vdir"
        path = "~/.calendars/work"
        conflicts = "server_wins"
        """

    func testTheEditorSetsAKeyOfTheNamedEntryOnly() {
        var editor = ConfigFileEditor(text: Self.config)
        XCTAssertTrue(editor.set("interval_minutes", "15", inEntryNamed: "home", of: "sync.accounts"))
        XCTAssertTrue(editor.set("conflicts", "\"ask\"", inEntryNamed: "work", of: "sync.accounts"))
        XCTAssertTrue(editor.set("interval_minutes", "30", inEntryNamed: "work", of: "sync.accounts"))
        XCTAssertFalse(editor.set("interval_minutes", "1", inEntryNamed: "nobody", of: "sync.accounts"), "no entry is made up")
        XCTAssertEqual(editor.text, """
            # my settings
            theme = "dark"

            [[sync.accounts]]
            name = "home"   # the Radicale at home
            kind = "caldav"
            url = "https://dav.example.com/"
            user = "ann"
            interval_minutes = 15

            [voice]
            model = "whisper-1"

            [[ sync.accounts ]]
            name = 'work'
            kind = "vdir"
            path = "~/.calendars/work"
            conflicts = "ask"
            interval_minutes = 30

            """)
    }

    /// F2 with two accounts: their fields; a bad interval is refused; a save writes the entries.
    func testTheSyncSectionSavesIntoTheAccountsEntries() throws {
        let paths = AppPaths(environment: ["AIHELPER_HOME": home, "HOME": home])
        try Self.config.write(toFile: paths.config, atomically: true, encoding: .utf8)
        let switcher = ProviderSwitcher(config: AppConfig.load(path: paths.config).config, flags: ProviderFlags(),
                                        environment: ["PATH": "/usr/bin:/bin"], cacheFolder: home, paths: paths)
        let harness = try AppTestHarness(width: 80, height: 24, switcher: switcher)
        harness.app.useSync(ConfigAccounts(path: paths.config))
        harness.app.perform(.openSettings)
        var screen = try XCTUnwrap(harness.app.state[overlay: SettingsScreen.self])
        let labels = screen.form.fields.map(\.label)
        XCTAssertTrue(labels.contains("Sync home: every") && labels.contains("Sync work: conflicts"), "\(labels)")
        XCTAssertEqual(screen.form.text("sync/1/conflicts"), "server wins")
        func type(_ id: String, _ text: String) {
            screen.form.focus = screen.form.fields.firstIndex { $0.id == id }!
            _ = screen.form.handle(.ctrl("u"))
            _ = screen.form.handle(.text(text))
        }
        type("sync/0/interval", "0")
        XCTAssertNil(screen.read(), "0 minutes is refused")
        XCTAssertNotNil(screen.form.fields.first { $0.id == "sync/0/interval" }?.error)
        type("sync/0/interval", "15")
        screen.form.focus = screen.form.fields.firstIndex { $0.id == "sync/1/conflicts" }!
        _ = screen.form.handle(.right)  // the next choice: from server wins to this computer wins
        let values = try XCTUnwrap(screen.read())
        XCTAssertEqual(values.syncAccounts, [SyncAccountSetting(name: "home", intervalMinutes: 15, conflicts: "ask"),
                                             SyncAccountSetting(name: "work", intervalMinutes: 5, conflicts: "local_wins")])
        harness.app.perform(.saveSettings(values, previous: screen.initial))
        let written = try String(contentsOfFile: paths.config, encoding: .utf8)
        XCTAssertTrue(written.contains("user = \"ann\"\ninterval_minutes = 15\n"), written)
        XCTAssertTrue(written.contains("path = \"~/.calendars/work\"\nconflicts = \"local_wins\"\n"), written)
        XCTAssertTrue(written.contains("# my settings") && written.contains("name = \"home\"   # the Radicale at home"), written)
        XCTAssertEqual(written.components(separatedBy: "interval_minutes").count, 2, "work's interval stays unwritten: \(written)")
        XCTAssertEqual(ConfigAccounts(path: paths.config).accounts().map(\.intervalMinutes), [15, 5])
    }

    func testTheSectionSpeaksChinese() {
        Strings.use(.simplifiedChinese)
        let screen = SettingsScreen(SettingsValues(syncAccounts: [SyncAccountSetting(name: "home", intervalMinutes: 5, conflicts: "ask")]),
                                    themes: ["dark"], storedKeys: [:])
        XCTAssertTrue(screen.form.fields.contains { $0.label == "同步 home：间隔" })
        XCTAssertEqual(screen.form.text("sync/0/conflicts"), "询问")
    }
}

/// The accounts as config.toml has them, read from the file each time (as the sync service
/// does): `name`, `kind`, `interval_minutes`, `conflicts` of each `[[sync.accounts]]` entry.
/// Runs nothing: the settings tests need only the accounts.
struct ConfigAccounts: SyncRunning {
    var path: String

    func accounts() -> [SyncAccountSummary] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var accounts: [SyncAccountSummary] = []
        var inEntry = false
        for raw in text.split(separator: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            if line.hasPrefix("[") {
                inEntry = line.replacingOccurrences(of: " ", with: "") == "[[sync.accounts]]"
                if inEntry { accounts.append(SyncAccountSummary(name: "", kind: "")) }
                continue
            }
            guard inEntry, let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            switch key {
            case "name": accounts[accounts.count - 1].name = value
            case "kind": accounts[accounts.count - 1].kind = value
            case "interval_minutes": accounts[accounts.count - 1].intervalMinutes = Int(value) ?? 5
            case "conflicts": accounts[accounts.count - 1].conflicts = value
            default: break
            }
        }
        return accounts
    }

    func run(account: String?) async -> [SyncRunSummary] { [] }
    func conflicts() throws -> [SyncConflictSummary] { [] }
    func resolve(conflict: Int64, keep: SyncSide) throws {}
}
