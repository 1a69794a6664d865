import Foundation
import XCTest
import GRDB
import Core
import Storage
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

/// A temporary folder with the vdir folders (tasks, todos, contacts) and the devices' databases.
class SyncTestCase: XCTestCase {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func device(_ name: String, policy: ConflictPolicy = .ask) throws -> Device {
        try Device(name: name, folder: folder, policy: policy)
    }

    func vdir(_ kind: SyncKind) throws -> VdirCollection {
        try VdirCollection(path: folder.appendingPathComponent("vdir-\(kind.rawValue)").path, kind: kind)
    }

    func collections() throws -> [SyncCollection] { try SyncKind.allCases.map { try vdir($0) } }

    /// One run of `device` over every vdir folder; fails the test on any problem unless `problems` allowed.
    @discardableResult
    func sync(_ device: Device, _ collections: [SyncCollection]? = nil, expectProblems: Bool = false,
              file: StaticString = #filePath, line: UInt = #line) async throws -> SyncReport {
        let report = await device.engine.run(try collections ?? self.collections())
        if !expectProblems { XCTAssertEqual(report.problems, [], "\(device.name)", file: file, line: line) }
        return report
    }

    func files(_ kind: SyncKind) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: try vdir(kind).folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    func write(_ text: String, name: String, kind: SyncKind) throws {
        try Data(text.utf8).write(to: try vdir(kind).folder.appendingPathComponent(name))
    }
}

/// A collection in front of another that fails on cue: the network going away mid-run.
final class FlakyCollection: SyncCollection, @unchecked Sendable {
    let inner: SyncCollection
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }
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
