import XCTest
import TestSupport

/// AI Helper ↔ a vdir folder or Radicale ↔ vdirsyncer ↔ khal and todoman: items made by tools no
/// one here wrote appear after `aihelper sync`, and the other way round (issue 21).
final class CLISyncThirdClientTests: HomeFolderTestCase {
    var runner: CLIRunner { CLIRunner(home: home) }

    /// khal and todoman write into a vdir folder; a vdir account reads it directly.
    func testAVdirAccountSharesKhalAndTodomanFolders() throws {
        let third = try ThirdClient(root: URL(fileURLWithPath: home + "/third"), url: "http://127.0.0.1:9/", user: "-", password: "-")
        try third.khalNew(day: "2026-12-01", start: "10:00", end: "11:00", title: "Dentist from khal")
        try third.todoNew("Buy milk from todoman")
        let setup = try runner.run(["sync", "setup", "--kind", "vdir", "--path", third.vdir.path + "/calendars", "--name", "khal",
                                    "--tasks", "events", "--todos", "tasks", "--contacts", third.people.path])
        XCTAssertEqual(setup.status, 0, setup.err)
        let sync = try runner.run(["sync"])
        XCTAssertEqual(sync.status, 0, sync.out + sync.err)
        XCTAssertTrue(sync.out.hasPrefix("khal: 2 pulled, 0 pushed"), sync.out)
        XCTAssertTrue(try runner.run(["tasks", "--date", "2026-12-01"]).out.contains("Dentist from khal"))
        XCTAssertTrue(try runner.run(["todos"]).out.contains("Buy milk from todoman"))

        XCTAssertEqual(try runner.run(["add", "Pay rent from aihelper on 2026-12-02 at 9am"]).status, 0)
        let waiting = try runner.run(["sync", "--status"]).out
        XCTAssertTrue(waiting.contains("  1 local change waiting to go out"), waiting)
        let back = try runner.run(["sync"])
        XCTAssertTrue(back.out.hasPrefix("khal: 0 pulled, 1 pushed"), back.out + back.err)
        XCTAssertTrue(try third.khalList(from: "2026-12-01", days: 3).contains("Pay rent from aihelper"))
        let again = try runner.run(["sync"])
        XCTAssertTrue(again.out.hasPrefix("khal: 0 pulled, 0 pushed, 0 deleted"), again.out)
    }

    /// The same through a server: vdirsyncer uploads khal's and todoman's items to Radicale,
    /// `aihelper sync` (set up without questions) pulls them; an item added here reaches khal.
    func testRadicaleBetweenAIHelperAndVdirsyncer() throws {
        let server = try DAVServer.radicale(user: "ann", password: "s3cret-pw")
        let third = try ThirdClient(root: URL(fileURLWithPath: home + "/third"), url: server.baseURL, user: "ann", password: "s3cret-pw")
        try third.khalNew(day: "2026-12-01", start: "10:00", end: "11:00", title: "Dentist from khal")
        try third.todoNew("Buy milk from todoman")
        try third.discover()
        try third.sync()

        let wrong = try runner.run(["sync", "setup", "--url", server.baseURL, "--user", "ann", "--name", "radicale"], stdin: "wrong\n")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.err.contains("wrong user or password"), wrong.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/config.toml"))

        let base = server.baseURL + "ann/"
        let setup = try runner.run(["sync", "setup", "--url", server.baseURL, "--user", "ann", "--name", "radicale",
                                    "--tasks", base + "events/", "--todos", base + "tasks/", "--contacts", base + "people/"],
                                   stdin: "s3cret-pw\n")
        XCTAssertEqual(setup.status, 0, setup.err)
        XCTAssertFalse(setup.out.contains("s3cret-pw"))
        let sync = try runner.run(["sync"])
        XCTAssertEqual(sync.status, 0, sync.out + sync.err)
        XCTAssertTrue(try runner.run(["tasks", "--date", "2026-12-01"]).out.contains("Dentist from khal"))
        XCTAssertTrue(try runner.run(["todos"]).out.contains("Buy milk from todoman"))

        XCTAssertEqual(try runner.run(["add", "Pay rent from aihelper on 2026-12-02 at 9am"]).status, 0)
        XCTAssertEqual(try runner.run(["sync"]).status, 0)
        try third.sync()
        XCTAssertTrue(try third.khalList(from: "2026-12-01", days: 3).contains("Pay rent from aihelper"))
        let status = try runner.run(["sync", "--status"])
        XCTAssertTrue(status.out.contains("radicale (caldav, \(server.baseURL))"), status.out)
        XCTAssertTrue(status.out.contains("last run:"), status.out)
    }

    /// The questions against Radicale: the collections found are listed, one is picked, a task
    /// list is made (MKCALENDAR), and the account and password are saved.
    func testTheQuestionsListPickAndMake() throws {
        let server = try DAVServer.radicale(user: "ann", password: "s3cret-pw")
        let third = try ThirdClient(root: URL(fileURLWithPath: home + "/third"), url: server.baseURL, user: "ann", password: "s3cret-pw")
        try third.discover()
        let tmux = TmuxSession(home: home)
        try tmux.start(width: 160, arguments: ["sync", "setup", "--name", "rad"])
        let recorded = home + "/terminal.out"
        try tmux.recordOutput(to: recorded)   // the session closes with the process: its last words are read here
        tmux.waitFor(text: "Server URL:")
        try tmux.type(server.baseURL); try tmux.press("Enter")
        tmux.waitFor(text: "User name:")
        try tmux.type("ann"); try tmux.press("Enter")
        tmux.waitFor(text: "Password (not shown):")
        try tmux.type("s3cret-pw"); try tmux.press("Enter")
        let list = tmux.waitFor(text: "Which calendar for tasks?")
        XCTAssertTrue(list.contains("(\(server.baseURL)ann/events/)"), list)
        let events = list.components(separatedBy: "\n").first { $0.contains("ann/events/") }!
        try tmux.type(String(events.trimmingCharacters(in: .whitespaces).prefix(1))); try tmux.press("Enter")
        tmux.waitFor(text: "Which task list for todos?")
        try tmux.type("n"); try tmux.press("Enter")
        tmux.waitFor(text: "Name [Tasks]:")
        try tmux.type("Chores"); try tmux.press("Enter")
        tmux.waitFor(text: "Which address book for contacts?")
        try tmux.press("Enter")
        XCTAssertTrue(tmux.waitUntilExited(timeout: 20))
        let done = (try? String(contentsOfFile: recorded, encoding: .utf8)) ?? ""
        XCTAssertTrue(done.contains("Run `aihelper sync` to sync now."), done)
        XCTAssertTrue(done.contains("made the task list “Chores”"), done)
        XCTAssertFalse(done.contains("s3cret-pw"), done)
        let config = try String(contentsOfFile: home + "/config.toml", encoding: .utf8)
        XCTAssertTrue(config.contains("tasks = \"\(server.baseURL)ann/events/\"\ntodos = \"Chores\"\n"), config)
        XCTAssertEqual(try runner.run(["sync"]).status, 0)
    }
}
