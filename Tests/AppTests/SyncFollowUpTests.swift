import XCTest
import Core
import Storage
@testable import App

/// An edit made while a run goes on, after that run's push (the real service and engine on a
/// vdir folder): the run leaves it queued, and the app sends it after the debounce rather than
/// at the next timed run. A run with no such edit asks for nothing more. Every wait is bounded.
final class SyncFollowUpTests: XCTestCase {
    /// The real `SyncConnection`, with an edit made right after its run (as one typed in while
    /// the run was finishing) when `editAfterRun` is set.
    final class EditingDuringRun: SyncRunning, @unchecked Sendable {
        let inner: SyncConnection
        let database: AppDatabase
        var editAfterRun: String?
        init(_ inner: SyncConnection, database: AppDatabase) { self.inner = inner; self.database = database }
        func accounts() -> [SyncAccountSummary] { inner.accounts() }
        func run(account: String?) async -> [SyncRunSummary] {
            let runs = await inner.run(account: account)
            if let title = editAfterRun {
                editAfterRun = nil
                _ = try? database.insertTask(TaskItem(title: title, dueDate: CivilDate(year: 2026, month: 12, day: 3)))
            }
            return runs
        }
        func conflicts() throws -> [SyncConflictSummary] { try inner.conflicts() }
        func resolve(conflict: Int64, keep: SyncSide) throws { try inner.resolve(conflict: conflict, keep: keep) }
    }

    @discardableResult
    private func pump(_ app: TUIApp, seconds: TimeInterval = 10, until condition: () -> Bool) -> Bool {
        app.pumpMailbox(seconds: seconds, until: condition)
    }

    func testAnEditMadeDuringARunGoesOutAfterTheDebounceNotTheInterval() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("syncfollow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/vdir/tasks", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "[[sync.accounts]]\nname = \"home\"\nkind = \"vdir\"\npath = \"\(home)/vdir\"\ntasks = \"tasks\"\n"
            .write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let harness = try AppTestHarness(width: 80, height: 24, database: try AppDatabase.open(path: home + "/aihelper.sqlite"))
        let app = harness.app
        let service = EditingDuringRun(SyncConnection(database: harness.database, configPath: home + "/config.toml"), database: harness.database)
        app.useSync(service)
        func files() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: home + "/vdir/tasks").count }
        func ended() -> Bool { app.state.sync.lastRuns["home"] != nil && !app.state.sync.isRunning }

        _ = try harness.database.insertTask(TaskItem(title: "Pay rent", dueDate: CivilDate(year: 2026, month: 12, day: 1)))
        app.startSync()
        XCTAssertTrue(pump(app) { ended() })
        XCTAssertEqual(try files(), 1)
        XCTAssertNil(app.state.sync.changeDueAt, "nothing was left for a run soon")

        service.editAfterRun = "Call the bank"
        app.handle([.sync(.localChange)])
        app.handle([.tick(Date().addingTimeInterval(SyncState.debounce + 1))])
        XCTAssertTrue(pump(app) { ended() && app.state.sync.changeDueAt != nil }, "the edit made during the run is due soon")
        XCTAssertEqual(try files(), 1, "too late for that run's push")
        let due = try XCTUnwrap(app.state.sync.changeDueAt)
        XCTAssertLessThan(due.timeIntervalSince(app.state.clock), SyncState.debounce + 1, "the debounce, not the interval")
        app.handle([.tick(due.addingTimeInterval(1))])
        XCTAssertTrue(pump(app) { ended() && (try? files()) == 2 }, "sent by the run that followed")
        _ = pump(app, seconds: 0.5) { false }  // whatever else the run posted
        XCTAssertNil(app.state.sync.changeDueAt, "and nothing after that")
    }
}
