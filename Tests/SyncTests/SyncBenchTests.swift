import Foundation
import XCTest
import Core
import Storage
@testable import Sync

/// By hand, not a timed test: `AIHELPER_SYNC_BENCH=1 swift test --filter SyncBenchTests`
/// prints how long an incremental run with nothing changed takes over 10,000 tasks, and how much
/// of it is the engine (the rest is the vdir folder's listing).
final class SyncBenchTests: SyncTestCase {
    func testAnIncrementalRunOverTenThousandItems() async throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["AIHELPER_SYNC_BENCH"] == "1", "set AIHELPER_SYNC_BENCH=1")
        let laptop = try device("laptop")
        let tasks = (0..<10_000).map { TaskItem(title: "Task \($0)", dueDate: CivilDate(year: 2026, month: 1 + $0 % 12, day: 1 + $0 % 28)) }
        _ = try laptop.db.importCalendar(tasks: tasks, todos: [], subtasks: [], label: "bench")
        let timed = TimedCollection(try vdir(.tasks))
        var clock = ContinuousClock.now
        var report = try await sync(laptop, [timed])
        print("first run: \(report.pushed) pushed in \(ContinuousClock.now - clock)")
        let desktop = try device("desktop")
        clock = ContinuousClock.now
        report = try await sync(desktop, [try vdir(.tasks)])
        print("first run of another database: \(report.pulled) pulled in \(ContinuousClock.now - clock)")
        for (label, collection) in [("vdir (listing every file)", timed), ("a server answering 'unchanged'", UnchangedCollection(timed))] as [(String, SyncCollection)] {
            for _ in 0..<3 {
                timed.spent = .zero
                clock = ContinuousClock.now
                report = try await sync(laptop, [collection])
                let total = ContinuousClock.now - clock
                XCTAssertEqual([report.pulled, report.pushed], [0, 0])
                print("no-change run, \(label): total \(total), in the collection \(timed.spent), engine \(total - timed.spent)")
            }
        }
    }
}

/// Counts the time spent in the collection's `changes`.
final class TimedCollection: SyncCollection, @unchecked Sendable {
    let inner: VdirCollection
    var spent: Duration = .zero
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }
    init(_ inner: VdirCollection) { self.inner = inner }
    func changes(since token: String?) async throws -> RemoteChanges {
        let start = ContinuousClock.now
        defer { spent += ContinuousClock.now - start }
        return try await inner.changes(since: token)
    }
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { try await inner.fetch(hrefs) }
    func create(uid: String, data: Data) async throws -> RemoteEntry { try await inner.create(uid: uid, data: data) }
    func update(href: String, data: Data, etag: String) async throws -> String { try await inner.update(href: href, data: data, etag: etag) }
    func delete(href: String, etag: String) async throws { try await inner.delete(href: href, etag: etag) }
}

/// A server whose ctag / sync-token says nothing changed, without listing.
struct UnchangedCollection: SyncCollection {
    let inner: TimedCollection
    init(_ inner: TimedCollection) { self.inner = inner }
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }
    func changes(since token: String?) async throws -> RemoteChanges { RemoteChanges(changed: [], deleted: [], token: token, complete: false, unchanged: true) }
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { [] }
    func create(uid: String, data: Data) async throws -> RemoteEntry { throw SyncError.failed("read only") }
    func update(href: String, data: Data, etag: String) async throws -> String { throw SyncError.failed("read only") }
    func delete(href: String, etag: String) async throws { throw SyncError.failed("read only") }
}
