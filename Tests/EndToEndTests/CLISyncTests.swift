import XCTest

/// `aihelper sync`, `sync --status` and `sync setup` through the real binary (docs/sync.md).
final class CLISyncTests: HomeFolderTestCase {
    var runner: CLIRunner { CLIRunner(home: home) }
    var config: String { home + "/config.toml" }

    /// Setup without questions for a vdir folder: the account's table is added after the user's
    /// lines, the folders are made, no password is stored; `--status` lists it.
    func testSetupOfAVdirAccountWithoutQuestions() throws {
        try "# mine\nprovider = \"offline\"\n\n[voice]\nurl = \"http://127.0.0.1:9/v1\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let vdir = home + "/vdir"
        let setup = try runner.run(["sync", "setup", "--kind", "vdir", "--path", vdir, "--name", "khal", "--tasks", "events", "--todos", "tasks"])
        XCTAssertEqual(setup.status, 0, setup.err)
        XCTAssertTrue(setup.out.hasPrefix("Saved sync account 'khal' (vdir) in \(config)."), setup.out)
        XCTAssertTrue(setup.out.contains("tasks ↔ \(vdir)/events (made)"), setup.out)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertEqual(text, "# mine\nprovider = \"offline\"\n\n[voice]\nurl = \"http://127.0.0.1:9/v1\"\n\n[[sync.accounts]]\nname = \"khal\"\n"
                       + "kind = \"vdir\"\npath = \"\(vdir)\"\ntasks = \"events\"\ntodos = \"tasks\"\n")
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: vdir + "/tasks", isDirectory: &isFolder) && isFolder.boolValue)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/credentials.toml"), "a folder needs no password")

        let status = try runner.run(["sync", "--status"])
        XCTAssertEqual(status.status, 0, status.err)
        XCTAssertTrue(status.out.hasPrefix("khal (vdir, \(vdir))\n"), status.out)
        let json = try runner.run(["sync", "--status", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.first?["account"] as? String, "khal")
        XCTAssertEqual(rows.first?["kind"] as? String, "vdir")
        XCTAssertEqual(rows.first?["openConflicts"] as? Int, 0)
        XCTAssertEqual(rows.first?["pendingChanges"] as? Int, 0)

        // A run: what it did, item by item, in the journal; times as ISO 8601.
        XCTAssertEqual(try runner.run(["add", "Dentist on 2026-12-01 at 9am"]).status, 0)
        let ran = try runner.run(["sync"]).out
        XCTAssertTrue(ran.hasPrefix("khal: 0 pulled, 1 pushed, 0 deleted, 0 conflicts, no problems ("), ran)
        XCTAssertTrue(try runner.run(["sync", "--status"]).out.contains("\n  pushed task: Dentist\n"))
        let run = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(try runner.run(["sync", "--status", "--json"]).out.utf8))
            as? [[String: Any]])?.first?["lastRun"] as? [String: Any])
        XCTAssertNotNil(ISO8601DateFormatter().date(from: run["finishedAt"] as? String ?? ""), "\(run)")
        XCTAssertEqual(run["changes"] as? [[String: String]], [["what": "pushed", "kind": "tasks", "title": "Dentist"]])

        // Running the setup again with the same name replaces the table, not adds one.
        XCTAssertEqual(try runner.run(["sync", "setup", "--kind", "vdir", "--path", vdir, "--name", "khal"]).status, 0)
        let again = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertEqual(again.components(separatedBy: "[[sync.accounts]]").count, 2, again)
        XCTAssertTrue(again.contains("contacts = \"contacts\""), again)
    }

    /// A mistake in the accounts stops `aihelper sync` with exit 2 and names the account and key.
    func testBadConfigurationExitsWithTwo() throws {
        try "[[sync.accounts]]\nname = \"home\"\nkind = \"caldav\"\nurl = \"https://h\"\nuser = \"ann\"\ntasks = \"t\"\nconflicts = \"mine\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        var run = try runner.run(["sync"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("sync account 'home': 'conflicts' must be \"ask\", \"server_wins\" or \"local_wins\""), run.err)

        try "provider = \"offline\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        run = try runner.run(["sync"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("no sync accounts in \(config). Add one with `aihelper sync setup`"), run.err)

        XCTAssertEqual(try runner.run(["sync", "setup", "--kind", "vdir", "--path", home + "/v", "--name", "v"]).status, 0)
        run = try runner.run(["sync", "--account", "nope"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("no sync account 'nope'"), run.err)
        run = try runner.run(["sync", "setup", "--url", "http://127.0.0.1:9/", "--user", "ann"], stdin: "")
        XCTAssertEqual(run.status, 2, "no password on standard input")
        XCTAssertTrue(run.err.contains("Give the password on standard input"), run.err)
        run = try runner.run(["sync", "setup", "--kind", "ftp"])
        XCTAssertEqual(run.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/credentials.toml"))
    }

    /// A password given on standard input is never printed, even when the setup fails.
    func testThePasswordIsNeverPrinted() throws {
        let run = try runner.run(["sync", "setup", "--url", "http://127.0.0.1:9/", "--user", "ann", "--name", "here"],
                                 stdin: "hunter2-secret\n")
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertFalse((run.out + run.err).contains("hunter2-secret"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: config), "nothing is saved when the server cannot be used")
    }

    /// On a terminal with no --url, the setup asks; the password is typed without echo and, when
    /// the server cannot be used, nothing is saved.
    func testTheQuestionsHideThePassword() throws {
        let tmux = TmuxSession(home: home)
        try tmux.start(arguments: ["sync", "setup", "--name", "here"])
        let recorded = home + "/terminal.out"
        try tmux.recordOutput(to: recorded)   // the session closes with the process: its last words are read here
        tmux.waitFor(text: "Server URL:")
        try tmux.type("http://127.0.0.1:9/"); try tmux.press("Enter")
        tmux.waitFor(text: "User name:")
        try tmux.type("ann"); try tmux.press("Enter")
        tmux.waitFor(text: "Password (not shown):")
        try tmux.type("hunter2-secret"); try tmux.press("Enter")
        XCTAssertTrue(tmux.waitUntilExited(timeout: 10))
        let screen = (try? String(contentsOfFile: recorded, encoding: .utf8)) ?? ""
        XCTAssertTrue(screen.contains("aihelper: Sync account 'here':"), screen)
        XCTAssertFalse(screen.contains("hunter2-secret"), screen)
        XCTAssertFalse(FileManager.default.fileExists(atPath: config))
    }
}
