import XCTest
import Sync
@testable import App

/// `[[sync.accounts]]` in config.toml, the passwords in credentials.toml `[sync]`, and what
/// `aihelper sync setup` writes: real files in a temporary folder.
final class SyncConfigTests: XCTestCase {
    var folder = ""
    var config: String { folder + "/config.toml" }
    var credentials: String { folder + "/credentials.toml" }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testAccountsAreReadWithTheirDefaults() throws {
        try """
        provider = "offline"

        [[sync.accounts]]
        name = "cloud"
        kind = "caldav"
        url = "https://cloud.example.com/remote.php/dav"
        user = "ann"
        tasks = "Personal"
        todos = "https://cloud.example.com/remote.php/dav/calendars/ann/tasks/"
        contacts = "Contacts"
        interval_minutes = 15
        conflicts = "server_wins"
        allow_redirect_hosts = ["DAV.example.net"]
        password_command = "pass show dav"

        [[sync.accounts]]
        name = "khal"
        kind = "vdir"
        path = "~/.local/share/vdirsyncer/calendars"
        tasks = "personal"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let (loaded, warning) = AppConfig.load(path: config)
        XCTAssertNil(warning)
        XCTAssertEqual(loaded.sync.accounts.map(\.name), ["cloud", "khal"])
        let cloud = try XCTUnwrap(loaded.sync.account(named: "cloud"))
        XCTAssertEqual(cloud.kind, .caldav)
        XCTAssertEqual(cloud.user, "ann")
        XCTAssertEqual(cloud.collections, [.tasks: "Personal", .todos: "https://cloud.example.com/remote.php/dav/calendars/ann/tasks/",
                                           .contacts: "Contacts"])
        XCTAssertEqual(cloud.intervalMinutes, 15)
        XCTAssertEqual(cloud.conflicts, .serverWins)
        XCTAssertEqual(cloud.allowRedirectHosts, ["dav.example.net"])
        XCTAssertEqual(cloud.passwordCommand, "pass show dav")
        let khal = try XCTUnwrap(loaded.sync.account(named: "khal"))
        XCTAssertEqual(khal.intervalMinutes, 5)
        XCTAssertEqual(khal.conflicts, .ask)
        XCTAssertEqual(khal.folder(of: .tasks, home: "/home/ann"), "/home/ann/.local/share/vdirsyncer/calendars/personal")
        XCTAssertNil(khal.folder(of: .contacts, home: "/home/ann"))
    }

    /// Each mistake names the account and the key and says what to write; the account is left out.
    func testMistakesNameTheAccountAndKeyAndSayWhatToWrite() throws {
        let cases: [(String, String)] = [
            ("name = \"a\"\nkind = \"ftp\"\ntasks = \"x\"", "sync account 'a': 'kind' must be \"caldav\""),
            ("name = \"a b\"\nkind = \"vdir\"", "sync account 1: 'name' must be a short name"),
            ("name = \"a\"\nkind = \"caldav\"\nuser = \"ann\"\ntasks = \"x\"", "sync account 'a': a caldav account needs 'url', such as url = \"https://"),
            ("name = \"a\"\nkind = \"caldav\"\nurl = \"https://h\"\ntasks = \"x\"", "sync account 'a': a caldav account needs 'user'"),
            ("name = \"a\"\nkind = \"vdir\"\ntasks = \"x\"", "sync account 'a': a vdir account needs 'path'"),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"rel\"\ntasks = \"x\"", "sync account 'a': 'path' must be an absolute folder"),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"../up\"", "sync account 'a': 'tasks' must be a subfolder of path"),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"", "sync account 'a': name at least one collection: tasks = "),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"t\"\ninterval_minutes = 0", "'interval_minutes' must be a number of minutes from 1 to 1440"),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"t\"\nconflicts = \"mine\"", "'conflicts' must be \"ask\", \"server_wins\" or \"local_wins\""),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"t\"\nallow_redirect_hosts = \"h\"", "'allow_redirect_hosts' must be a list of host names"),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"t\"\npasword = \"x\"", "sync account 'a': unknown key 'pasword'"),
            ("name = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"t\"\nurl = \"https://h\"", "'url' is for caldav accounts"),
        ]
        for (body, expected) in cases {
            try ("[[sync.accounts]]\n" + body + "\n").write(toFile: config, atomically: true, encoding: .utf8)
            let settings = SyncSettings.load(configPath: config)
            XCTAssertTrue(settings.accounts.isEmpty, body)
            XCTAssertTrue(settings.problems.contains { $0.contains(expected) }, "\(body)\n→ \(settings.problems)")
            XCTAssertTrue(settings.problems.allSatisfy { $0.hasPrefix(config + ": ") })
            XCTAssertNotNil(AppConfig.load(path: config).warning, "the app's start-up warning names it too")
        }
        try "[[sync.accounts]]\nname = \"a\"\nkind = \"vdir\"\npath = \"/v\"\ntasks = \"t\"\n[[sync.accounts]]\nname = \"a\"\nkind = \"vdir\"\npath = \"/w\"\ntasks = \"t\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertTrue(SyncSettings.load(configPath: config).problems.contains { $0.contains("sync account 'a' is named twice") })
        try "[sync]\naccounts = \"x\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertTrue(SyncSettings.load(configPath: config).problems.contains { $0.contains("write each account as [[sync.accounts]]") })
        try "[[sync.accounts]\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertTrue(SyncSettings.load(configPath: config).problems.first?.hasPrefix(config + " line 1: ") == true)
    }

    /// A password lives in credentials.toml's [sync] table: saved 0600 beside the other keys,
    /// which stay; a password_command wins and its failure never shows its output.
    func testPasswordsFromCredentialsAndCommands() throws {
        try "# mine\nopenai = \"sk-keep-0000\"\n".write(toFile: credentials, atomically: true, encoding: .utf8)
        try Credentials.savePassword("pa ss\"word", account: "cloud", path: credentials)
        try Credentials.savePassword("other", account: "work", path: credentials)
        let text = try String(contentsOfFile: credentials, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# mine\nopenai = \"sk-keep-0000\"\n"), text)
        XCTAssertTrue(text.contains("[sync]\ncloud = \"pa ss\\\"word\"\nwork = \"other\""), text)
        let mode = try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let read = Credentials.load(path: credentials)
        XCTAssertNil(read.warning, "[sync] is not an unknown provider")
        XCTAssertEqual(read.keys, [.openai: "sk-keep-0000"])
        XCTAssertEqual(read.sync, ["cloud": "pa ss\"word", "work": "other"])
        try Credentials.savePassword(nil, account: "work", path: credentials)
        XCTAssertEqual(Credentials.load(path: credentials).sync, ["cloud": "pa ss\"word"])

        try "[[sync.accounts]]\nname = \"cloud\"\nkind = \"caldav\"\nurl = \"https://h\"\nuser = \"ann\"\ntasks = \"t\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        var settings = SyncSettings.load(configPath: config)
        var account = try XCTUnwrap(settings.account(named: "cloud"))
        XCTAssertEqual(try settings.password(for: account), "pa ss\"word")
        account.passwordCommand = "printf 'from-command\\n'"
        XCTAssertEqual(try settings.password(for: account, run: { KeyCommand.run($0) }), "from-command")
        account.passwordCommand = "printf 'leaked-secret\\n'; exit 4"
        XCTAssertThrowsError(try settings.password(for: account, run: { KeyCommand.run($0) })) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("The password_command of sync account 'cloud' failed with exit status 4."), text)
            XCTAssertTrue(text.contains("password_command in config.toml"), text)
            XCTAssertFalse(text.contains("leaked-secret"), text)
        }
        settings.passwords = [:]
        account.passwordCommand = nil
        XCTAssertThrowsError(try settings.password(for: account)) { error in
            XCTAssertTrue("\(error)".contains("Sync account 'cloud' has no password. Run `aihelper sync setup --name cloud"), "\(error)")
        }
    }

    /// The setup's writer keeps the user's lines, replaces an account of the same name where it
    /// is, adds a new one at the end, and never puts the password into config.toml.
    func testTheWriterKeepsOtherLinesAndReplacesTheSameName() throws {
        let original = """
        # my settings
        provider = "offline"

        [[sync.accounts]]   # the first
        name = "one"
        kind = "vdir"
        path = "/old"
        tasks = "t"

        [voice]
        url = "http://127.0.0.1:8000/v1"
        """
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        var account = SyncAccount(name: "one", kind: .caldav)
        account.url = "http://localhost:5232"; account.user = "ann"; account.collections = [.todos: "Tasks"]
        account.conflicts = .localWins; account.allowRedirectHosts = ["b.example"]
        try SyncAccountWriter.save(account, password: "s3cret", configPath: config)
        var vdir = SyncAccount(name: "two", kind: .vdir)
        vdir.path = "/v"; vdir.collections = [.contacts: "people"]
        try SyncAccountWriter.save(vdir, password: nil, configPath: config)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertEqual(text, """
        # my settings
        provider = "offline"

        [[sync.accounts]]
        name = "one"
        kind = "caldav"
        url = "http://localhost:5232"
        user = "ann"
        todos = "Tasks"
        conflicts = "local_wins"
        allow_redirect_hosts = ["b.example"]

        [voice]
        url = "http://127.0.0.1:8000/v1"

        [[sync.accounts]]
        name = "two"
        kind = "vdir"
        path = "/v"
        contacts = "people"

        """)
        XCTAssertFalse(text.contains("s3cret"))
        let settings = SyncSettings.load(configPath: config)
        XCTAssertEqual(settings.problems, [])
        XCTAssertEqual(settings.accounts.map(\.name), ["one", "two"])
        XCTAssertEqual(settings.account(named: "one")?.conflicts, .localWins)
        XCTAssertEqual(try settings.password(for: settings.account(named: "one")!), "s3cret")
        XCTAssertEqual(AppConfig.load(path: config).config.voice.url, "http://127.0.0.1:8000/v1")

        try "provider = [\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SyncAccountWriter.save(vdir, password: nil, configPath: config)) { error in
            XCTAssertTrue("\(error)".contains("is not valid TOML"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), "provider = [\n", "a broken file is left as it was")
    }
}
