import Foundation
import XCTest
import GRDB
import Core
import Storage
import TestSupport
@testable import Sync

/// Whole runs (`SyncEngine.run`) of two devices through Tests/Peers/dav_fault_proxy.py in front
/// of Radicale (one server for the class; a proxy and fresh collections per test).
class DAVSyncFaultTests: SyncTestCase {
    override class var server: SharedDAVServer? { radicale }
    var proxy: DAVFaultProxy!
    var dav: DAVBackend { backend as! DAVBackend }

    override func davBackend(_ server: DAVServer) async throws -> SyncBackend {
        let proxy = try DAVFaultProxy(upstream: server.baseURL)
        self.proxy = proxy
        let made = try await withDeadline(60) { try await DAVBackend.make(server, through: proxy) }
        try proxy.reset()
        return made
    }

    override func tearDown() async throws {
        proxy = nil
        try await super.tearDown()
    }

    func tasks(_ n: Int, on device: Device) throws {
        for i in 0..<n { _ = try device.db.insertTask(TaskItem(title: "Task \(i)", dueDate: CivilDate(year: 2026, month: 12, day: 1 + i % 28))) }
    }

    /// Offline (every request dropped): the edits wait in the queue and go out once it is back.
    func testOfflineEditsAreQueuedThenPushed() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        try await sync(laptop)
        try proxy.fault("drop", count: -1)
        let task = try laptop.db.insertTask(TaskItem(title: "Written on the train", dueDate: CivilDate(year: 2026, month: 12, day: 3)))
        _ = try laptop.db.createTodo(title: "Call home", items: [("Mum", "")])
        let report = try await sync(laptop, expectProblems: true)
        XCTAssertFalse(report.completed)
        XCTAssertEqual(report.problems.count, 1, "one problem, no retry storm: \(report.problems)")
        XCTAssertEqual(try SyncEngine.pendingChanges(in: laptop.db, account: "test"), 3)
        try proxy.reset()
        let back = try await sync(laptop)
        XCTAssertEqual(back.pushed, 3)
        XCTAssertEqual(try SyncEngine.pendingChanges(in: laptop.db, account: "test"), 0)
        try await sync(desktop)
        XCTAssertEqual(try desktop.tasks().map(\.uid), [task.uid])
        XCTAssertEqual(try desktop.outline(), ["Call home", "  Mum"])
    }

    /// A token the server does not know (expired, or from before a server reset): one complete
    /// listing, matched by href and UID: nothing pulled, pushed or duplicated.
    func testAnInvalidSyncTokenGivesAFullResyncWithoutDuplicates() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        try tasks(3, on: laptop)
        _ = try laptop.db.createTodo(title: "Trip", items: [("Passport", "")])
        try await sync(laptop)
        try await sync(desktop)
        try await desktop.db.pool.write { db in
            try db.execute(sql: "UPDATE syncCollection SET token = 'sync:http://radicale.org/ns/sync/0000000000000000000000000000000000000000'")
        }
        let report = try await sync(desktop)
        XCTAssertEqual([report.pulled, report.pushed, report.deleted], [0, 0, 0])
        XCTAssertEqual(try desktop.tasks().count, 3)
        XCTAssertEqual(try desktop.outline(), ["Trip", "  Passport"])
        let names = try await files(.tasks)
        XCTAssertEqual(names.count, 3)
        let tokens = try await desktop.db.pool.read { try String.fetchAll($0, sql: "SELECT token FROM syncCollection") }
        XCTAssertFalse(tokens.contains { $0.hasSuffix("0000000000") }, "a fresh token is kept: \(tokens)")
    }

    /// A server without sync-collection (the proxy answers 501 and hides sync-tokens): the
    /// ctag says what changed, an etag listing says which; edits and deletions still go across.
    func testAServerWithoutSyncCollectionSyncsByCtag() async throws {
        try proxy.fault("nosync", count: -1, ["status": "501"])
        let laptop = try device("laptop"), desktop = try device("desktop")
        try tasks(3, on: laptop)
        try await sync(laptop)
        try await sync(desktop)
        var first = try XCTUnwrap(try desktop.tasks().first)
        first.title = "Renamed"
        try desktop.db.updateTask(first)
        try desktop.db.deleteTask(id: try desktop.tasks()[1].id!)
        try await sync(desktop)
        let report = try await sync(laptop)
        XCTAssertEqual([report.pulled, report.deleted], [1, 1])
        XCTAssertEqual(try laptop.tasks().map(\.title).sorted(), try desktop.tasks().map(\.title).sorted())
        XCTAssertEqual(try laptop.tasks().count, 2)
        let tokens = try await laptop.db.pool.read { try String.fetchAll($0, sql: "SELECT token FROM syncCollection") }
        XCTAssertTrue(tokens.allSatisfy { $0.hasPrefix("ctag:") }, "\(tokens)")
        let quiet = try await sync(laptop)
        XCTAssertEqual([quiet.pulled, quiet.pushed, quiet.deleted], [0, 0, 0])
    }

}

/// The same on xandikos (which answers an unknown sync token with 500); the tests of
/// DAVSyncFaultRunTests.swift run on it too (test discovery lists an extension's methods for
/// each subclass); the one about Radicale's folder is RadicaleStorageFaultTests.
final class XandikosSyncFaultTests: DAVSyncFaultTests {
    override class var server: SharedDAVServer? { xandikos }
    override func testOfflineEditsAreQueuedThenPushed() async throws { try await super.testOfflineEditsAreQueuedThenPushed() }
    override func testAnInvalidSyncTokenGivesAFullResyncWithoutDuplicates() async throws {
        try await super.testAnInvalidSyncTokenGivesAFullResyncWithoutDuplicates()
    }
    override func testAServerWithoutSyncCollectionSyncsByCtag() async throws { try await super.testAServerWithoutSyncCollectionSyncsByCtag() }
}

/// Radicale's own storage folder (no proxy): what another program leaves there.
final class RadicaleStorageFaultTests: SyncTestCase {
    override class var server: SharedDAVServer? { radicale }

    /// Radicale takes an item holding a NUL and puts it raw into its multiget answer, which no
    /// XML reader accepts: that batch is fetched item by item, so the NUL item alone is skipped
    /// and reported by its href, and the rest (a 1 MB title among them) syncs.
    func testAnItemHoldingANulIsSkippedAndTheRestOfItsBatchSyncs() async throws {
        let tasks = (backend as! DAVBackend).collection(.tasks)
        func event(_ uid: String, _ summary: String) -> Data {
            Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261120T100000Z\r\nDTSTART:20261201T090000Z\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        }
        _ = try await tasks.create(uid: "good", data: event("good", "Good"))
        _ = try await tasks.create(uid: "long", data: event("long", String(repeating: "A", count: 1_000_000)))
        let nul = try await tasks.create(uid: "nul", data: event("nul", "Has a \u{0} in it"))
        let desktop = try device("desktop")
        let report = try await sync(desktop, expectProblems: true)
        XCTAssertEqual(report.pulled, 2)
        XCTAssertEqual(report.problems.map(\.href), [nul.href])
        let message = try XCTUnwrap(report.problems.first?.message)
        XCTAssertTrue(message.contains("NUL"), message)
        // A synced item is not a file given to `aihelper import`: the fix is on the server.
        XCTAssertTrue(message.contains("fix or delete this item on the server") && message.contains("the other items synced"), message)
        XCTAssertFalse(message.contains("tr -d") || message.contains("import"), message)
        XCTAssertEqual(Set(try desktop.tasks().map { $0.title.count }), [4, 1_000_000])
    }

    /// Garbage put straight into Radicale's folder: Radicale answers 500 for the whole
    /// collection, so the run fails and says so, changing nothing; once the file is gone the
    /// next run completes.
    func testGarbageInRadicalesFolderFailsTheRunUntilItIsRemoved() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        for i in 0..<2 { _ = try laptop.db.insertTask(TaskItem(title: "Task \(i)", dueDate: CivilDate(year: 2026, month: 12, day: 1 + i))) }
        try await sync(laptop)
        let garbage = (backend as! DAVBackend).radicaleFolder(.tasks, of: try Self.radicale.get()).appendingPathComponent("garbage.ics")
        try Data("BEGIN:VCALENDAR\r\nthis is not iCalendar\r\n\u{1B}[2J".utf8).write(to: garbage)
        let report = try await sync(desktop, expectProblems: true)
        XCTAssertFalse(report.completed)
        XCTAssertTrue(report.problems.first?.message.contains("HTTP 500") == true, "\(report.problems)")
        XCTAssertEqual(try desktop.tasks().count, 0)
        try FileManager.default.removeItem(at: garbage)
        let again = try await sync(desktop)
        XCTAssertEqual(again.pulled, 2)
    }
}
