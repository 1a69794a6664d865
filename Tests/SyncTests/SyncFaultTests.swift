import Foundation
import XCTest
import GRDB
import Core
import Storage
@testable import Sync

/// Offline queues, malformed items, runs cut short, runs with nothing to do, lost tokens, undo.
final class SyncFaultTests: SyncTestCase {
    func testOfflineEditsAreQueuedThenPushed() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let offline = try SyncKind.allCases.map { FlakyCollection(try vdir($0)) }
        try await sync(laptop)  // registers the collections: from now on changes are queued
        offline.forEach { $0.offline = true }
        let first = try laptop.db.insertTask(TaskItem(title: "Written on the train"))
        _ = try laptop.db.createTodo(title: "Call home", items: [("Mum", "")])
        let report = try await sync(laptop, offline, expectProblems: true)
        XCTAssertEqual(try SyncEngine.pendingChanges(in: laptop.db, account: "test"), 3)
        XCTAssertFalse(report.completed)
        XCTAssertEqual(report.problems.count, 1, "one problem, no retry storm over the other collections")
        XCTAssertEqual(try laptop.queued(), 3)
        let listed1 = try await files(.tasks)
        XCTAssertEqual(listed1, [])

        offline.forEach { $0.offline = false }
        let back = try await sync(laptop, offline)
        XCTAssertEqual(back.pushed, 3)
        XCTAssertEqual(try laptop.queued(), 0, "the queue is emptied once read")
        XCTAssertEqual(try SyncEngine.pendingChanges(in: laptop.db, account: "test"), 0)
        try await sync(desktop)
        XCTAssertEqual(try desktop.tasks().map(\.uid), [first.uid])
        XCTAssertEqual(try desktop.outline(), ["Call home", "  Mum"])
    }

    func testAMalformedItemIsSkippedAndReportedAndTheRestSyncs() async throws {
        let desktop = try device("desktop")
        try await write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:bad\r\nDTSTART:20261302\r\nSUMMARY:Broken\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                  name: "bad.ics", kind: .tasks)
        try await write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:good\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:Fine\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                  name: "good.ics", kind: .tasks)
        try await write("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:nameless\r\nEND:VCARD\r\n", name: "nameless.vcf", kind: .contacts)
        let report = try await sync(desktop, expectProblems: true)
        XCTAssertEqual(report.problems.map(\.href), ["bad.ics", "nameless.vcf"])
        XCTAssertTrue(report.problems[0].message.contains("20261302"), report.problems[0].message)
        XCTAssertTrue(report.problems[0].message.contains("fix or delete this item's file in the folder"), report.problems[0].message)
        XCTAssertTrue(report.completed)
        XCTAssertEqual(try desktop.tasks().map(\.title), ["Fine"])
        let journal = try SyncEngine.runs(in: desktop.db, account: "test")
        XCTAssertEqual(journal.first?.problems.map(\.href), ["bad.ics", "nameless.vcf"], "the run journal says what was skipped")
        let listed2 = try await files(.tasks)
        XCTAssertEqual(listed2, ["bad.ics", "good.ics"], "the malformed file is left alone")
    }

    /// A calendar that holds events and to-dos (Nextcloud's "Personal", a vdir made of it): the
    /// collection chosen for tasks takes the events, the one for todos the to-dos; the other
    /// kind's items are left alone on the other side, and are no problem to report.
    func testAnotherKindsItemIsLeftAloneWithoutAProblem() async throws {
        let desktop = try device("desktop")
        let event = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e1\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let todo = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:t1\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try await write(event, name: "e1.ics", kind: .tasks)
        try await write(todo, name: "t1.ics", kind: .tasks)
        try await write(todo, name: "t1.ics", kind: .todos)
        try await write(event, name: "e1.ics", kind: .todos)
        let report = try await sync(desktop)
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(report.pulled, 2)
        XCTAssertEqual(try desktop.tasks().map(\.title), ["Dentist"])
        XCTAssertEqual(try desktop.outline(), ["Buy milk"])
        let again = try await sync(desktop)
        XCTAssertEqual([again.pulled, again.pushed, again.problems.count], [0, 0, 0])
        let tasksFiles = try await files(.tasks), todosFiles = try await files(.todos)
        XCTAssertEqual([tasksFiles, todosFiles], [["e1.ics", "t1.ics"], ["e1.ics", "t1.ics"]], "nothing deleted or rewritten")
    }

    /// A big pull (a first sync of thousands of items) raises the writer's page cache for its
    /// writes and gives it back after: the app does not keep 16 MB for the rest of its life.
    func testABigPullGivesTheWriterItsCacheBack() async throws {
        let desktop = try device("desktop")
        for i in 0..<SyncEngine.bigPull {
            try await write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\(i)\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:Event \(i)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                            name: "e\(i).ics", kind: .tasks)
        }
        let before = try await desktop.db.pool.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        let report = try await sync(desktop)
        XCTAssertEqual(report.pulled, SyncEngine.bigPull)
        let after = try await desktop.db.pool.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        XCTAssertEqual(after, before)
        XCTAssertNotEqual(after, -SyncEngine.bigPullCacheKiB)
    }

    /// A NUL byte in a synced file: skipped with words for a synced item (fix its file in the
    /// folder), not the import's ("tr -d … and import the fixed file"); the rest syncs.
    func testAnItemHoldingANulIsSkippedWithAFixForASyncedItem() async throws {
        let desktop = try device("desktop")
        try await write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:nul\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:Has a \u{0} in it\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                        name: "nul.ics", kind: .tasks)
        try await write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:good\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:Fine\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                        name: "good.ics", kind: .tasks)
        let report = try await sync(desktop, expectProblems: true)
        XCTAssertEqual(report.problems.map(\.href), ["nul.ics"])
        let message = report.problems[0].message
        XCTAssertTrue(message.contains("line 5: this line holds a NUL byte"), message)
        XCTAssertTrue(message.contains("fix or delete this item's file in the folder") && message.contains("the other items synced"), message)
        XCTAssertFalse(message.contains("tr -d") || message.contains("import"), message)
        XCTAssertEqual(try desktop.tasks().map(\.title), ["Fine"])
    }

    /// The connection drops after the first batch of a first sync; the next run completes it
    /// without duplicates on either side.
    func testAnInterruptedRunIsResumedWithoutDuplicates() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        for n in 0..<250 { _ = try laptop.db.insertTask(TaskItem(title: "Task \(n)")) }
        let cut = FlakyCollection(try vdir(.tasks))
        cut.createsLeft = 120
        var report = try await sync(laptop, [cut], expectProblems: true)
        XCTAssertEqual(report.pushed, 120)
        cut.createsLeft = nil
        report = try await sync(laptop, [cut])
        XCTAssertEqual(report.pushed, 130)
        let listed3 = try await files(.tasks)
        XCTAssertEqual(listed3.count, 250)

        let pulling = FlakyCollection(try vdir(.tasks))
        pulling.fetchesLeft = 1  // one batch of 100, then the network goes
        report = try await sync(desktop, [pulling], expectProblems: true)
        XCTAssertEqual(report.pulled, 100)
        pulling.fetchesLeft = nil
        report = try await sync(desktop, [pulling])
        XCTAssertEqual(report.pulled, 150)
        XCTAssertEqual(report.pushed, 0)
        XCTAssertEqual(Set(try desktop.tasks().map(\.uid)), Set(try laptop.tasks().map(\.uid)))
        XCTAssertEqual(try desktop.tasks().count, 250)
        let listed4 = try await files(.tasks)
        XCTAssertEqual(listed4.count, 250)
    }

    /// A run whose task is cancelled (the app quitting) stops between items: what it pushed is
    /// recorded, the next collection is not started, the journal says it stopped, and the next
    /// run sends only the rest.
    func testACancelledRunStopsBetweenItemsAndTheNextRunGoesOn() async throws {
        let laptop = try device("laptop")
        for n in 0..<120 { _ = try laptop.db.insertTask(TaskItem(title: "Task \(n)")) }
        _ = try laptop.db.insertContact(Contact(name: "Ann"))
        let tasks = CancellingCollection(try vdir(.tasks), cancelAfterCreates: 30)
        let engine = laptop.engine, collections: [SyncCollection] = [tasks, try vdir(.contacts)]
        let report = await Task { await engine.run(collections) }.value  // its own task, which the collection cancels
        XCTAssertEqual(report.pushed, 30, "stopped at the next item")
        XCTAssertEqual(report.problems.map(\.href), [nil])
        XCTAssertTrue(report.problems.first?.message.contains("stopped") == true, "\(report.problems)")
        let contacts = try await files(.contacts)
        XCTAssertEqual(contacts, [], "the next collection was not started")
        XCTAssertEqual(try SyncEngine.runs(in: laptop.db, account: "test", limit: 1).first?.problems, report.problems)
        let again = try await sync(laptop)
        XCTAssertEqual(again.pushed, 91)
        let tasksThere = try await files(.tasks)
        XCTAssertEqual(tasksThere.count, 120)
    }

    /// A run with nothing changed on either side writes no item, no sync state, no file.
    func testAnIncrementalRunWithNothingChangedTouchesNothing() async throws {
        let laptop = try device("laptop")
        for n in 0..<50 { _ = try laptop.db.insertTask(TaskItem(title: "Task \(n)")) }
        _ = try laptop.db.createTodo(title: "Trip", items: [("Passport", "")])
        _ = try laptop.db.insertContact(Contact(name: "Ada"))
        try await sync(laptop)
        try await sync(laptop)
        let before = try snapshot(laptop)
        let folderBefore = try SyncKind.allCases.map { try vdir($0).list() }
        let report = try await sync(laptop)
        XCTAssertEqual([report.pulled, report.pushed, report.deleted, report.conflicts], [0, 0, 0, 0])
        XCTAssertEqual(try snapshot(laptop), before)
        XCTAssertEqual(try SyncKind.allCases.map { try vdir($0).list() }, folderBefore)
    }

    /// Everything but the run journal: change counters, the undo journal, the sync state.
    private func snapshot(_ device: Device) throws -> [String] {
        try device.db.pool.read { db in
            try String.fetchAll(db, sql: """
                SELECT area || '=' || value FROM changeCounter
                UNION ALL SELECT 'journal=' || COALESCE(MAX(id), 0) FROM journalEntry
                UNION ALL SELECT 'items=' || count(*) || ':' || COALESCE(group_concat(etag || baseHash), '') FROM syncItem
                UNION ALL SELECT 'queue=' || count(*) FROM syncChange
                UNION ALL SELECT 'collections=' || group_concat(COALESCE(token, '') || queueCursor) FROM syncCollection
                """)
        }
    }

    /// The sync state lost (an expired token, a reinstalled sync): the complete listing matches
    /// items by UID, so nothing is duplicated on either side.
    func testACompleteListingWithoutStateMatchesByUID() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        _ = try laptop.db.insertTask(TaskItem(title: "One"))
        _ = try laptop.db.createTodo(title: "Trip", items: [("Passport", "")])
        try await sync(laptop)
        try await sync(desktop)
        try SyncEngine.forget(account: "test", in: desktop.db)
        XCTAssertEqual(try desktop.queued(), 0)
        let report = try await sync(desktop)
        XCTAssertEqual([report.pulled, report.pushed], [0, 0])
        XCTAssertEqual(try desktop.tasks().count, 1)
        XCTAssertEqual(try desktop.outline(), ["Trip", "  Passport"])
        let count = try await files(.tasks).count + files(.todos).count
        XCTAssertEqual(count, 3)
    }

    /// What a run wrote here is one undo entry; undoing it is queued and pushed like any edit.
    func testARunIsOneUndoEntryAndUndoSyncs() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let made = try laptop.db.insertTask(TaskItem(title: "Before"))
        try await sync(laptop)
        try await sync(desktop)
        var edited = try XCTUnwrap(try laptop.task(uid: made.uid))
        edited.title = "After"
        try laptop.db.updateTask(edited)
        _ = try laptop.db.insertTask(TaskItem(title: "New"))
        try await sync(laptop)
        try await sync(desktop)
        XCTAssertEqual(try desktop.tasks().map(\.title).sorted(), ["After", "New"])
        XCTAssertEqual(try desktop.db.journalEntries(.tasks).first?.label, "sync test")
        XCTAssertEqual(try desktop.db.undo(.tasks)?.label, "sync test")
        XCTAssertEqual(try desktop.tasks().map(\.title), ["Before"])
        try await sync(desktop)
        try await sync(laptop)
        XCTAssertEqual(try laptop.tasks().map(\.title), ["Before"])
    }
}

/// A collection that cancels the task running the engine once it made `cancelAfterCreates` items.
final class CancellingCollection: SyncCollection, @unchecked Sendable {
    let inner: SyncCollection
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }
    private var left: Int
    init(_ inner: SyncCollection, cancelAfterCreates: Int) { self.inner = inner; left = cancelAfterCreates }
    func changes(since token: String?) async throws -> RemoteChanges { try await inner.changes(since: token) }
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { try await inner.fetch(hrefs) }
    func create(uid: String, data: Data) async throws -> RemoteEntry {
        let entry = try await inner.create(uid: uid, data: data)
        left -= 1
        if left == 0 { withUnsafeCurrentTask { $0?.cancel() } }
        return entry
    }
    func update(href: String, data: Data, etag: String) async throws -> String { try await inner.update(href: href, data: data, etag: etag) }
    func delete(href: String, etag: String) async throws { try await inner.delete(href: href, etag: etag) }
}
