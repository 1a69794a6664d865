import XCTest
import Core
import Storage
import Terminal
@testable import App

/// Sync in the running app: runs go off the loop through `SyncRunner` to a real service
/// (`FolderSync`: the test database and a folder), answered with events; a local edit starts
/// a run after the debounce, a run's own writes do not; never two runs at once; a quit
/// cancels the run under way; offline fails with ⚠ and the next run retries. Every wait is bounded.
final class SyncRuntimeTests: XCTestCase {
    private func makeApp(focus: PaneID = .chat) throws -> (AppTestHarness, FolderSync) {
        let harness = try AppTestHarness(width: 80, height: 24)
        harness.app.state.focus = focus
        let service = try FolderSync(database: harness.database)
        harness.app.useSync(service)
        return (harness, service)
    }

    @discardableResult
    private func pump(_ app: TUIApp, seconds: TimeInterval = 10, until condition: () -> Bool) -> Bool {
        app.pumpMailbox(seconds: seconds, until: condition)
    }

    private func succeeded(_ app: TUIApp) -> Bool {
        if case .succeeded = app.state.sync.phase { return true } else { return false }
    }

    private func statusLine(_ harness: AppTestHarness) -> String {
        harness.screen().split(separator: "\n").last.map(String.init) ?? ""
    }

    func testTheFirstRunAfterStartPushesAndPullsAndTheStatusBarSaysWhen() throws {
        let (harness, service) = try makeApp(focus: .tasks)
        let app = harness.app, day = app.state.tasks.selected
        _ = try harness.database.insertTask(TaskItem(title: "Local task", dueDate: day))
        try Data(day.iso.utf8).write(to: service.folder.appendingPathComponent("Server task.task"))
        app.refresh()
        _ = harness.screen()
        XCTAssertEqual(service.runs, 0, "nothing of sync before the start")
        XCTAssertEqual(service.accountReads, 0, "the first frame reads no sync config")
        app.startSync()
        XCTAssertTrue(pump(app) { succeeded(app) }, "\(app.state.sync.phase)")
        XCTAssertEqual(service.runs, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: service.folder.appendingPathComponent("Local task.task").path), "pushed")
        XCTAssertEqual(app.state.sync.lastRuns["home"]?.pulled, 1)
        XCTAssertEqual(app.state.sync.lastRuns["home"]?.pushed, 1)
        XCTAssertEqual(Set(app.state.tasks.dayTasks.map(\.title)), ["Local task", "Server task"])
        XCTAssertTrue(statusLine(harness).contains("✓ "), statusLine(harness))
        XCTAssertLessThanOrEqual(TextWidth.of(statusLine(harness)), 80)
        XCTAssertNil(app.state.sync.changeDueAt, "the run's own writes are no local change")
    }

    func testALocalEditRunsAgainAfterTheDebounce() throws {
        let (harness, service) = try makeApp()
        let app = harness.app
        app.startSync()
        XCTAssertTrue(pump(app) { succeeded(app) })
        app.perform(.changeTask(.save(TaskItem(title: "Buy milk", dueDate: app.state.tasks.selected), label: nil)))
        XCTAssertTrue(pump(app) { app.state.sync.changeDueAt != nil }, "the edit was seen as a local change")
        app.handle([.tick(Date().addingTimeInterval(1))])
        XCTAssertFalse(app.syncRunner.isRunning, "not before the debounce")
        app.handle([.tick(Date().addingTimeInterval(SyncState.debounce + 1))])
        XCTAssertTrue(pump(app) { service.runs == 2 && succeeded(app) })
        XCTAssertTrue(FileManager.default.fileExists(atPath: service.folder.appendingPathComponent("Buy milk.task").path))
    }

    func testNeverTwoRunsAtOnceAndAQuitCancelsTheRunUnderWay() throws {
        let (harness, service) = try makeApp()
        let app = harness.app
        service.hold()
        app.startSync()
        XCTAssertTrue(pump(app) { service.isActive })
        XCTAssertTrue(app.state.sync.isRunning)
        XCTAssertTrue(statusLine(harness).contains("⟳"), statusLine(harness))
        XCTAssertFalse(app.syncRunner.run(), "the runner refuses a second")
        app.handle([.tick(Date().addingTimeInterval(3600))])
        app.handle([.key(.text("/")), .key(.text("s")), .key(.text("y")), .key(.text("n")), .key(.text("c")), .key(.enter), .key(.text("s"))])
        XCTAssertNotNil(app.state[overlay: SyncView.self])
        // Local edits during a run are not counted as changes while it runs.
        _ = try harness.database.insertTask(TaskItem(title: "During", dueDate: app.state.tasks.selected))
        app.refresh()
        let started = Date()
        app.syncRunner.stop(timeout: 5)  // as the app's shutDown does
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "cancelled, not waited out")
        XCTAssertEqual(service.cancelled, 1)
        XCTAssertEqual(service.mostAtOnce, 1)
        XCTAssertEqual(service.runs, 1)
        XCTAssertFalse(app.syncRunner.isRunning)
    }

    func testOfflineFailsWithTheReasonAndTheNextRunRetries() throws {
        let (harness, service) = try makeApp()
        let app = harness.app
        try FileManager.default.removeItem(at: service.folder)
        app.startSync()
        XCTAssertTrue(pump(app) { if case .failed = app.state.sync.phase { return true }; return false })
        let line = statusLine(harness)
        XCTAssertTrue(line.contains("⚠ could not"), line)
        XCTAssertFalse(line.contains("\u{1B}"))
        try FileManager.default.createDirectory(at: service.folder, withIntermediateDirectories: true)
        app.handle([.tick(Date().addingTimeInterval(5 * 60 + 1))])
        XCTAssertTrue(pump(app) { succeeded(app) }, "\(app.state.sync.phase)")
        XCTAssertEqual(service.runs, 2)
    }

    func testPickingTheServersSideWritesTheDatabaseAndTheMarkGoes() async throws {
        let (harness, service) = try makeApp(focus: .tasks)
        let app = harness.app
        let task = try harness.database.insertTask(TaskItem(title: "Dentist", dueDate: app.state.tasks.selected))
        app.refresh()
        service.addConflict(taskId: task.id!, title: "Dentist", serverTitle: "Dentist at 5")
        app.startSync()
        XCTAssertTrue(pump(app) { succeeded(app) })
        XCTAssertTrue(harness.screen().contains("⚠ Dentist"), harness.screen())
        try await harness.press(.text("C"))
        XCTAssertTrue(harness.screen().contains("keep mine"), harness.screen())
        try await harness.press(.text("s"))
        XCTAssertTrue(pump(app) { app.state.sync.conflicts.isEmpty })
        XCTAssertEqual(try harness.database.task(id: task.id!)?.title, "Dentist at 5")
        XCTAssertTrue(pump(app) { app.state.tasks.dayTasks.map(\.title) == ["Dentist at 5"] })
        XCTAssertFalse(harness.screen().contains("⚠ Dentist"))
        XCTAssertNotNil(app.state.sync.changeDueAt, "the choice goes out with a run soon")
    }

    /// A run's end that changes only the conflicts (no task changed) redraws the panes: the
    /// frame after it shows ⚠, not only its status bar (the renderer's partial frame).
    func testTheConflictMarkShowsInTheFrameAfterTheRunThatFoundIt() throws {
        let harness = try AppTestHarness(width: 120, height: 40)
        let app = harness.app
        app.useSync(try FolderSync(database: harness.database))
        let task = try harness.database.insertTask(TaskItem(title: "Dentist", dueDate: app.state.tasks.selected))
        app.refresh()
        XCTAssertTrue(harness.screen().contains("Dentist"))
        let conflict = SyncConflictSummary(id: 1, account: "home", item: .task, localId: task.id!, title: "Dentist")
        app.handle([.sync(.finished([], conflicts: [conflict]))])
        XCTAssertTrue(harness.screen().contains("⚠ Dentist"), harness.screen())
    }

    /// The app started with no account; one set up while it runs (written into config.toml, as
    /// `aihelper sync setup` in another terminal does) is found at the next look and runs: ✓.
    func testAnAccountSetUpWhileTheAppRunsIsPickedUpAndSyncs() throws {
        let harness = try AppTestHarness(width: 80, height: 24)
        let app = harness.app
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("syncadded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/vdir/tasks", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = home + "/config.toml"
        try "theme = \"dark\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        app.useSync(SyncConnection(database: harness.database, configPath: config))
        _ = try harness.database.insertTask(TaskItem(title: "Pay rent", dueDate: CivilDate(year: 2026, month: 12, day: 1)))
        app.startSync()
        XCTAssertTrue(pump(app) { app.state.sync.accountsCheckAt != nil }, "no account: a look later")
        XCTAssertFalse(statusLine(harness).contains("✓") || statusLine(harness).contains("⟳"))

        try "theme = \"dark\"\n[[sync.accounts]]\nname = \"home\"\nkind = \"vdir\"\npath = \"\(home)/vdir\"\ntasks = \"tasks\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        app.handle([.tick(Date().addingTimeInterval(SyncState.accountsCheck + 1))])
        XCTAssertTrue(pump(app) { succeeded(app) }, "\(app.state.sync.phase)")
        XCTAssertEqual(app.state.sync.accounts.map(\.name), ["home"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/vdir/tasks").count, 1, "pushed")
        XCTAssertTrue(statusLine(harness).contains("✓ "), statusLine(harness))
    }
}
