import XCTest
import Core
import Storage
@testable import App

/// `SyncConnection`, the TUI's `SyncRunning` over the real service and engine, on a vdir folder:
/// config.toml read again at each call, runs mapped to summaries, a run that cannot start
/// journaled and shown with its reason.
final class SyncConnectionTests: XCTestCase {
    func testAccountsAreReadAtEachCallAndRunsAndFailuresAreJournaled() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("syncconn-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/vdir/tasks", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = home + "/config.toml"
        let table = "[[sync.accounts]]\nname = \"home\"\nkind = \"vdir\"\npath = \"\(home)/vdir\"\ntasks = \"tasks\"\n"
        try table.write(toFile: config, atomically: true, encoding: .utf8)
        let database = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let sync = SyncConnection(database: database, configPath: config)

        XCTAssertEqual(sync.accounts(), [SyncAccountSummary(name: "home", kind: "vdir", intervalMinutes: 5, conflicts: "ask")])
        _ = try database.insertTask(TaskItem(title: "Pay rent", dueDate: CivilDate(year: 2026, month: 12, day: 1)))
        let runs = await sync.run(account: nil)
        XCTAssertEqual(runs.map(\.pushed), [1])
        XCTAssertEqual(runs.first?.failure, nil)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/vdir/tasks").count, 1)

        try (table + "interval_minutes = 7\nconflicts = \"server_wins\"\n").write(toFile: config, atomically: true, encoding: .utf8)
        var account = try XCTUnwrap(sync.accounts().first)
        XCTAssertEqual(account.intervalMinutes, 7, "config.toml is read at each call")
        XCTAssertEqual(account.conflicts, "server_wins")
        XCTAssertEqual(account.lastRun?.pushed, 1, "the last run, from the journal")

        try FileManager.default.removeItem(atPath: home + "/vdir/tasks")
        let failed = await sync.run(account: "home")
        let why = try XCTUnwrap(failed.first?.failure)
        XCTAssertTrue(why.hasPrefix("the folder \(home)/vdir/tasks (tasks) does not exist"), why)
        account = try XCTUnwrap(sync.accounts().first)
        XCTAssertEqual(account.lastRun?.failure, why, "a run that could not start is journaled")
        let none = await sync.run(account: "other")
        XCTAssertEqual(none, [], "only the account named")
        XCTAssertEqual(try sync.conflicts(), [])
    }
}
