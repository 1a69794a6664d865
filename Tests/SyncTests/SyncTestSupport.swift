import Foundation
import XCTest
import GRDB
import Core
import Storage
import TestSupport
@testable import Sync

/// One AI Helper database syncing through the test's vdir folders.
final class Device {
    let name: String
    let db: AppDatabase
    var engine: SyncEngine

    init(name: String, folder: URL, policy: ConflictPolicy) throws {
        self.name = name
        db = try AppDatabase.open(path: folder.appendingPathComponent("\(name).sqlite").path)
        engine = SyncEngine(database: db, account: "test", policy: policy, zone: SyncTestCase.zone)
    }

    func tasks() throws -> [TaskItem] { try db.pool.read { try TaskItem.order(Column("id")).fetchAll($0) } }
    func task(uid: String) throws -> TaskItem? { try db.pool.read { try TaskItem.filter(Column("uid") == uid).fetchOne($0) } }
    func contacts() throws -> [Contact] { try db.pool.read { try Contact.order(Column("id")).fetchAll($0) } }
    func queued() throws -> Int { try db.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM syncChange") ?? 0 } }

    /// The todo tree as text: "Title" per todo, "  Sub" per subtask level, in order.
    func outline() throws -> [String] {
        try db.todoTrees().flatMap { tree -> [String] in
            var lines = [tree.todo.title + (tree.todo.completed ? " ✓" : "")]
            func add(_ parent: Int64?, _ depth: Int) {
                for s in tree.subtasks.filter({ $0.parentId == parent }).sorted(by: { ($0.position, $0.id!) < ($1.position, $1.id!) }) {
                    lines.append(String(repeating: "  ", count: depth) + s.title + (s.completed ? " ✓" : ""))
                    add(s.id, depth + 1)
                }
            }
            add(nil, 1)
            return lines
        }
    }
}

/// A temporary folder with the devices' databases, and the backend they sync through: vdir
/// folders, or (a subclass naming `server`) fresh collections on Radicale or xandikos.
class SyncTestCase: XCTestCase {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// One server of each kind for a test class, stopped after it.
    static let radicale = SharedDAVServer { try DAVServer.radicale() }
    static let xandikos = SharedDAVServer { try DAVServer.xandikos() }
    /// The server the class's scenarios sync through; nil: vdir folders.
    class var server: SharedDAVServer? { nil }
    var folder: URL!
    var backend: SyncBackend!

    override class func tearDown() {
        radicale.stop(); xandikos.stop()
        super.tearDown()
    }

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let shared = Self.server {
            backend = try await davBackend(try shared.get())
        } else {
            backend = VdirBackend(folder: folder)
        }
    }

    /// Fresh collections on `server` for a test (a subclass may put a proxy in between).
    func davBackend(_ server: DAVServer) async throws -> SyncBackend {
        try await withDeadline(60) { try await DAVBackend.make(server) }
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: folder) }

    func device(_ name: String, policy: ConflictPolicy = .ask) throws -> Device {
        try Device(name: name, folder: folder, policy: policy)
    }

    /// The vdir folder of `kind` (tests of vdir-only behaviour).
    func vdir(_ kind: SyncKind) throws -> VdirCollection { try VdirBackend(folder: folder).vdir(kind) }

    func collections() throws -> [SyncCollection] { try SyncKind.allCases.map { try backend.collection($0) } }

    /// One run of `device` over every collection; fails the test on any problem unless `problems` allowed.
    @discardableResult
    func sync(_ device: Device, _ collections: [SyncCollection]? = nil, expectProblems: Bool = false,
              file: StaticString = #filePath, line: UInt = #line) async throws -> SyncReport {
        let all = try collections ?? self.collections()
        let engine = device.engine
        let report = try await withDeadline(120) { await engine.run(all) }
        if !expectProblems { XCTAssertEqual(report.problems, [], "\(device.name)", file: file, line: line) }
        return report
    }

    func files(_ kind: SyncKind) async throws -> [String] { try await backend.names(kind) }

    func write(_ text: String, name: String, kind: SyncKind) async throws { try await backend.write(text, name: name, kind) }

    /// "Dentist" made on the laptop and synced to the desktop, then retitled "Dentist at 9" on
    /// the laptop (not synced yet): its UID.
    func dentistRetitledOnTheLaptop(_ laptop: Device, _ desktop: Device) async throws -> String {
        let made = try laptop.db.insertTask(TaskItem(title: "Dentist", dueDate: CivilDate(year: 2026, month: 12, day: 1)))
        try await sync(laptop)
        try await sync(desktop)
        var mine = try XCTUnwrap(try laptop.task(uid: made.uid))
        mine.title = "Dentist at 9"
        try laptop.db.updateTask(mine)
        return made.uid
    }

    /// The tasks collection, with the desktop adding notes to `uid` and syncing them just
    /// before the laptop's first update goes through (another client writing between our pull and our push).
    func tasksRacedByTheDesktop(_ desktop: Device, uid: String) throws -> RacingCollection {
        let tasks = try backend.collection(.tasks)
        return RacingCollection(tasks) {
            var theirs = try XCTUnwrap(try desktop.task(uid: uid))
            theirs.notes = "from elsewhere"
            try desktop.db.updateTask(theirs)
            _ = await desktop.engine.run([tasks])
        }
    }
}

/// A collection in front of another that fails on cue: the network going away mid-run.
final class FlakyCollection: SyncCollection, @unchecked Sendable {
    let inner: SyncCollection
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }
    var isFolder: Bool { inner.isFolder }
    private let lock = NSLock()
    /// Calls of each operation left before it throws `.unreachable` (nil: never fails).
    var fetchesLeft: Int?
    var createsLeft: Int?
    var offline = false

    init(_ inner: SyncCollection) { self.inner = inner }

    private func take(_ counter: inout Int?) throws {
        try lock.withLock {
            if offline { throw SyncError.unreachable("offline") }
            guard let left = counter else { return }
            if left == 0 { throw SyncError.unreachable("the connection dropped") }
            counter = left - 1
        }
    }

    func changes(since token: String?) async throws -> RemoteChanges {
        var none: Int?
        try take(&none)
        return try await inner.changes(since: token)
    }
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource] {
        try take(&fetchesLeft)
        return try await inner.fetch(hrefs)
    }
    func create(uid: String, data: Data) async throws -> RemoteEntry {
        try take(&createsLeft)
        return try await inner.create(uid: uid, data: data)
    }
    func update(href: String, data: Data, etag: String) async throws -> String {
        var none: Int?
        try take(&none)
        return try await inner.update(href: href, data: data, etag: etag)
    }
    func delete(href: String, etag: String) async throws {
        var none: Int?
        try take(&none)
        try await inner.delete(href: href, etag: etag)
    }
}
