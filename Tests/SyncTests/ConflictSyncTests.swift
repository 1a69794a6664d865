import Foundation
import XCTest
import GRDB
import Core
import Storage
@testable import Sync

/// Both sides change an item between syncs: merged field by field, or per the policy. Through
/// vdir folders here, through Radicale and xandikos in DAVSyncTests.swift.
class ConflictSyncTests: SyncTestCase {
    /// Laptop and desktop both have "Dentist" synced; each then edits it with `edit`.
    private func editedOnBoth(policy: ConflictPolicy, laptopEdit: (inout TaskItem) -> Void, desktopEdit: (inout TaskItem) -> Void)
        async throws -> (Device, Device, String) {
        let laptop = try device("laptop", policy: policy), desktop = try device("desktop", policy: policy)
        let made = try laptop.db.insertTask(TaskItem(title: "Dentist", notes: "", dueDate: CivilDate(year: 2026, month: 12, day: 1)))
        try await sync(laptop)
        try await sync(desktop)
        var mine = try XCTUnwrap(try laptop.task(uid: made.uid)), theirs = try XCTUnwrap(try desktop.task(uid: made.uid))
        laptopEdit(&mine); desktopEdit(&theirs)
        try laptop.db.updateTask(mine)
        try desktop.db.updateTask(theirs)
        try await sync(desktop)  // the desktop's version reaches the folder first
        return (laptop, desktop, made.uid)
    }

    func testEditsOfDifferentFieldsMergeSilently() async throws {
        let (laptop, desktop, uid) = try await editedOnBoth(policy: .ask, laptopEdit: { $0.title = "Dentist at 9" },
                                                            desktopEdit: { $0.notes = "bring the card"; $0.priority = .high })
        let report = try await sync(laptop)
        XCTAssertEqual(report.conflicts, 1)
        XCTAssertEqual(report.pushed, 1, "the merge is pushed")
        XCTAssertEqual(try SyncEngine.conflicts(in: laptop.db), [])
        try await sync(desktop)
        for device in [laptop, desktop] {
            let task = try XCTUnwrap(try device.task(uid: uid))
            XCTAssertEqual([task.title, task.notes], ["Dentist at 9", "bring the card"], device.name)
            XCTAssertEqual(task.priority, .high, device.name)
        }
    }

    func testServerWins() async throws {
        let (laptop, desktop, uid) = try await editedOnBoth(policy: .serverWins, laptopEdit: { $0.title = "Laptop's"; $0.notes = "kept" },
                                                            desktopEdit: { $0.title = "Desktop's" })
        try await sync(laptop)
        try await sync(desktop)
        for device in [laptop, desktop] {
            XCTAssertEqual(try device.task(uid: uid).map { [$0.title, $0.notes] }, ["Desktop's", "kept"], device.name)
        }
    }

    func testLocalWins() async throws {
        let (laptop, desktop, uid) = try await editedOnBoth(policy: .localWins, laptopEdit: { $0.title = "Laptop's" },
                                                            desktopEdit: { $0.title = "Desktop's"; $0.notes = "merged" })
        try await sync(laptop)
        try await sync(desktop)
        for device in [laptop, desktop] {
            XCTAssertEqual(try device.task(uid: uid).map { [$0.title, $0.notes] }, ["Laptop's", "merged"], device.name)
        }
    }

    /// `ask` keeps both until a side is picked; nothing is pushed over the server's version meanwhile.
    func testAskKeepsBothUntilASideIsPicked() async throws {
        for choice in ConflictChoice.allCases {
            try await tearDown(); try await setUp()  // a fresh start for each pick
            let (laptop, desktop, uid) = try await editedOnBoth(policy: .ask, laptopEdit: { $0.title = "Laptop's" },
                                                                desktopEdit: { $0.title = "Desktop's" })
            var report = try await sync(laptop)
            XCTAssertEqual(report.conflicts, 1)
            XCTAssertEqual(report.pushed, 0)
            let conflicts = try SyncEngine.conflicts(in: laptop.db)
            XCTAssertEqual(conflicts.count, 1)
            XCTAssertTrue(conflicts[0].serverText.contains("SUMMARY:Desktop's"))
            XCTAssertEqual(try laptop.task(uid: uid)?.title, "Laptop's", "the local copy stays, marked")
            report = try await sync(laptop)
            XCTAssertEqual([report.pushed, report.conflicts], [0, 0], "waits for the pick")

            try laptop.engine.resolveConflict(conflicts[0].id, choice)
            XCTAssertEqual(try SyncEngine.conflicts(in: laptop.db), [])
            try await sync(laptop)
            try await sync(desktop)
            let titles = { (d: Device) in try d.tasks().map(\.title).sorted() }
            switch choice {
            case .local: XCTAssertEqual(try titles(desktop), ["Laptop's"])
            case .server: XCTAssertEqual(try titles(desktop), ["Desktop's"])
            case .both: XCTAssertEqual(try titles(desktop), ["Desktop's", "Laptop's"])
            }
            XCTAssertEqual(try titles(laptop), try titles(desktop), "\(choice)")
            let names = try await files(.tasks)
            XCTAssertEqual(names.count, choice == .both ? 2 : 1)
        }
    }

    /// An item in conflict deleted here before a side is picked: the server's version comes back.
    func testDeletingAnItemInConflictKeepsTheServersVersion() async throws {
        let (laptop, _, uid) = try await editedOnBoth(policy: .ask, laptopEdit: { $0.title = "Laptop's" }, desktopEdit: { $0.title = "Desktop's" })
        try await sync(laptop)
        XCTAssertEqual(try SyncEngine.conflicts(in: laptop.db).count, 1)
        try laptop.db.deleteTask(id: try XCTUnwrap(try laptop.task(uid: uid)).id!)
        try await sync(laptop)
        XCTAssertEqual(try laptop.tasks().map(\.title), ["Desktop's"])
        XCTAssertEqual(try SyncEngine.conflicts(in: laptop.db), [])
        let names = try await files(.tasks)
        XCTAssertEqual(names, [uid + ".ics"])
    }

    /// Deleted on one side, edited on the other: the edit is kept, whichever syncs first.
    func testDeleteVersusEditKeepsTheEdit() async throws {
        // The edit reaches the folder first; the laptop deleted it meanwhile.
        var (laptop, desktop, uid) = try await editedOnBoth(policy: .ask, laptopEdit: { _ in }, desktopEdit: { $0.title = "Edited" })
        try laptop.db.deleteTask(id: try XCTUnwrap(try laptop.task(uid: uid)).id!)
        try await sync(laptop)
        XCTAssertEqual(try laptop.tasks().map(\.title), ["Edited"])
        let names = try await files(.tasks)
        XCTAssertEqual(names, [uid + ".ics"])

        // The delete reaches the folder first; the laptop edited it meanwhile.
        try await tearDown(); try await setUp()
        (laptop, desktop, uid) = try await editedOnBoth(policy: .ask, laptopEdit: { $0.title = "Edited here" }, desktopEdit: { _ in })
        try desktop.db.deleteTask(id: try XCTUnwrap(try desktop.task(uid: uid)).id!)
        try await sync(desktop)
        let left = try await files(.tasks)
        XCTAssertEqual(left, [])
        let report = try await sync(laptop)
        XCTAssertEqual(report.pushed, 1, "pushed back as a new item")
        try await sync(desktop)
        XCTAssertEqual(try desktop.tasks().map(\.title), ["Edited here"])
    }

    /// A 412 on the push (the file changed between the pull and the push) re-fetches and merges.
    func testAPreconditionFailureOnPushMerges() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let uid = try await dentistRetitledOnTheLaptop(laptop, desktop)
        let report = try await sync(laptop, [try tasksRacedByTheDesktop(desktop, uid: uid)])
        XCTAssertEqual(report.pushed, 1)
        XCTAssertEqual(report.conflicts, 1, "the 412 made a merge")
        try await sync(desktop)
        for device in [laptop, desktop] {
            XCTAssertEqual(try device.task(uid: uid).map { [$0.title, $0.notes] }, ["Dentist at 9", "from elsewhere"], device.name)
        }
    }
}

/// Runs `before` once, just before the first update goes through.
final class RacingCollection: SyncCollection, @unchecked Sendable {
    let inner: SyncCollection
    var before: (() async throws -> Void)?
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }
    init(_ inner: SyncCollection, before: @escaping () async throws -> Void) { self.inner = inner; self.before = before }
    func changes(since token: String?) async throws -> RemoteChanges { try await inner.changes(since: token) }
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { try await inner.fetch(hrefs) }
    func create(uid: String, data: Data) async throws -> RemoteEntry { try await inner.create(uid: uid, data: data) }
    func update(href: String, data: Data, etag: String) async throws -> String {
        if let before { self.before = nil; try await before() }
        return try await inner.update(href: href, data: data, etag: etag)
    }
    func delete(href: String, etag: String) async throws { try await inner.delete(href: href, etag: etag) }
}
