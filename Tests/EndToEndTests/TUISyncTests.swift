import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// Sync in the real binary's TUI (docs/sync.md, In the TUI): a vdir account set up by
/// `aihelper sync setup`, runs on start, after a local change, with `/sync` + s; a conflict
/// shown with ⚠ and resolved with C; a folder gone and a wrong password shown with ⚠ and the
/// reason. Against Radicale too. Every wait is bounded.
final class TUISyncTests: HomeFolderTestCase {
    var runner: CLIRunner { CLIRunner(home: home) }
    var vdir: String { home + "/vdir" }

    private func start(width: Int = 120, height: Int = 40) throws -> TmuxSession {
        let session = TmuxSession(home: home)
        try session.start(width: width, height: height)
        session.waitFor("the first frame") { $0.contains(" Offline ") }
        return session
    }

    private func statusLine(_ screen: String) -> String { screen.split(separator: "\n").last.map(String.init) ?? "" }

    /// "✓ HH:MM" on the status bar: a run ended well.
    private func synced(_ screen: String) -> Bool {
        statusLine(screen).range(of: "✓ [0-9]{2}:[0-9]{2}", options: .regularExpression) != nil
    }

    /// `/sync`, s (sync now), then Esc once the run ended; back in the Tasks pane.
    private func syncNow(_ session: TmuxSession) throws {
        try session.press("M-1")
        try session.type("/sync")
        try session.press("Enter")
        session.waitFor("the sync view") { $0.contains("s sync now") }
        try session.press("s")
        session.waitFor("the run under way or ended") { !$0.contains("⟳ sync") }
        try session.press("Escape", "M-2")
    }

    private func event(uid: String, day: String, title: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261126T000000Z\r\n"
            + "DTSTART;VALUE=DATE:\(day)\r\nSUMMARY:\(title)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// Waits (10 s at most) for a file in `folder` that holds `text`.
    private func fileHolding(_ text: String, in folder: String, timeout: TimeInterval = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".ics") {
                if (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8))?.contains(text) == true { return name }
            }
            usleep(100_000)
        } while Date() < deadline
        return nil
    }

    /// The app started with no account; `aihelper sync setup` in another terminal adds one: the
    /// app looks at config.toml again (every 30 s with none) and runs it: ✓ on the status bar.
    func testAnAccountSetUpInAnotherTerminalIsPickedUpWhileTheAppRuns() throws {
        let session = try start()
        XCTAssertFalse(statusLine(session.screen()).contains("✓"))
        let setup = try runner.run(["sync", "setup", "--kind", "vdir", "--path", vdir, "--name", "home"])
        XCTAssertEqual(setup.status, 0, setup.err)
        session.waitFor("✓ once the account is found and synced", timeout: 45) { synced($0) }
    }

    func testAVdirAccountSyncsOnStartAfterAnEditWithSlashSyncAndResolvesAConflict() throws {
        let setup = try runner.run(["sync", "setup", "--kind", "vdir", "--path", vdir, "--name", "home"])
        XCTAssertEqual(setup.status, 0, setup.err)
        let session = try start()
        var screen = session.waitFor("✓ after the first run") { synced($0) }
        XCTAssertFalse(statusLine(screen).contains("⚠"), screen)

        // A task added in the app is in the folder a few seconds later (the debounce is 3 s).
        try session.press("M-2", "a")
        session.waitFor(text: "New task")
        try session.type("Pay rent from the TUI")
        try session.press("Enter")
        session.waitFor(text: "Pay rent from the TUI")
        let added = Date()
        XCTAssertNotNil(fileHolding("SUMMARY:Pay rent from the TUI", in: vdir + "/tasks"), "pushed after the debounce")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(added), 2, "not before the debounce")

        // A file another tool dropped into the folder shows after /sync + s.
        try event(uid: "dropped-1", day: "20261210", title: "Dropped by khal")
            .write(toFile: vdir + "/tasks/dropped-1.ics", atomically: true, encoding: .utf8)
        try session.press("g")
        session.waitFor(text: "Go to")
        try session.type("2026-12-10")
        try session.press("Enter")
        session.waitFor(text: "Thu 10 December 2026")
        try syncNow(session)
        screen = session.waitFor(text: "Dropped by khal")

        // Both sides change the title between runs: ⚠, and C → s takes the server's.
        try event(uid: "dropped-1", day: "20261210", title: "Title from the folder")
            .write(toFile: vdir + "/tasks/dropped-1.ics", atomically: true, encoding: .utf8)
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        var task = try XCTUnwrap(try db.filterTasks("Dropped by khal").first)
        task.title = "Title from the app"
        try db.updateTask(task)
        screen = session.waitFor("the conflict mark (a run 3 s after the change)", timeout: 15) { $0.contains("⚠ Title from the app") }
        try session.press("C")
        screen = session.waitFor(text: "keep mine")
        XCTAssertTrue(screen.contains("Title from the folder"), screen)
        try session.press("s")
        screen = session.waitFor("the server's title, no mark") { $0.contains("Title from the folder") && !$0.contains("⚠ Title") }
        XCTAssertEqual(try db.task(id: task.id!)?.title, "Title from the folder")

        // The folder gone: ⚠ with the reason, on the status bar and in /sync; the journal has it.
        try FileManager.default.removeItem(atPath: vdir + "/tasks")
        try syncNow(session)
        screen = session.waitFor("⚠ with the reason") { statusLine($0).contains("⚠ the folder") }
        XCTAssertFalse(screen.contains("\u{1B}"))
        try session.press("M-1")
        try session.type("/sync")
        try session.press("Enter")
        screen = session.waitFor(text: "does not exist")
        try session.press("Escape", "C-q")
        XCTAssertTrue(session.waitUntilExited())
        let status = try runner.run(["sync", "--status"])
        XCTAssertTrue(status.out.contains("problem: Sync account 'home': the folder \(vdir)/tasks (tasks) does not exist"), status.out)
    }

    /// Through Radicale: ✓ after the start; a wrong password stored, ⚠ with a clean message
    /// that never shows the password.
    func testRadicaleFromTheTUIAndAWrongPassword() throws {
        let server = try DAVServer.radicale(user: "ann", password: "s3cret-pw")
        let setup = try runner.run(["sync", "setup", "--url", server.baseURL, "--user", "ann", "--name", "radicale", "--create"],
                                   stdin: "s3cret-pw\n")
        XCTAssertEqual(setup.status, 0, setup.out + setup.err)
        var session = try start()
        session.waitFor("✓ after the first run", timeout: 20) { synced($0) }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let credentials = home + "/credentials.toml"
        let text = try String(contentsOfFile: credentials, encoding: .utf8)
        XCTAssertTrue(text.contains("s3cret-pw"))
        try text.replacingOccurrences(of: "s3cret-pw", with: "wrong-pw").write(toFile: credentials, atomically: true, encoding: .utf8)
        session = try start(width: 80, height: 24)
        var screen = session.waitFor("⚠ on the status bar", timeout: 20) { statusLine($0).contains("⚠ wrong user") }
        XCTAssertFalse(screen.contains("wrong-pw") || screen.contains("\u{1B}"), screen)
        try session.type("/sync")
        try session.press("Enter")
        screen = session.waitFor(text: "wrong user or password")
        XCTAssertFalse(screen.contains("wrong-pw"), screen)
        try session.press("Escape")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
