import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// Migration v12: the change queue the sync engine reads (SchemaV12.swift).
final class SyncSchemaTests: StorageTestCase {
    private func queue(_ db: AppDatabase) throws -> [String] {
        try db.pool.read { try String.fetchAll($0, sql: "SELECT kind || ':' || localId FROM syncChange ORDER BY seq") }
    }

    private func registerACollection(_ db: AppDatabase) throws {
        try db.pool.write { try $0.execute(sql: "INSERT INTO syncCollection(account, identity, kind) VALUES ('a', '/c', 'tasks')") }
    }

    func testChangesAreQueuedOnlyOnceSyncIsSetUpAndOnlyForSyncedColumns() throws {
        let db = try openDatabase()
        let before = try db.insertTask(TaskItem(title: "Before sync"))
        XCTAssertEqual(try queue(db), [], "no account: nothing queued")
        try registerACollection(db)

        var task = try db.insertTask(TaskItem(title: "Dentist"))
        let todo = try db.createTodo(title: "Trip", items: [("Passport", "")])
        let contact = try db.insertContact(Contact(name: "Ada"))
        XCTAssertEqual(try queue(db), ["task:\(task.id!)", "todo:\(todo.todo.id!)", "subtask:\(todo.subtasks[0].id!)", "contact:\(contact.id!)"])

        // Alert state is not synced; a title is, and the item moves to the queue's end once.
        task.alertedThrough = Date()
        try db.pool.write { db in try task.update(db, columns: ["alertedThrough"]) }
        XCTAssertEqual(try queue(db).first, "task:\(task.id!)")
        task.title = "Dentist at 9"
        try db.updateTask(task)
        XCTAssertEqual(try queue(db).last, "task:\(task.id!)")
        XCTAssertEqual(try queue(db).count, 4)

        // A delete cascades: the todo and its subtask are queued (to be deleted on the server).
        try db.deleteTodo(id: todo.todo.id!)
        try db.deleteTask(id: before.id!)
        let last3 = Set(try queue(db).suffix(3))
        XCTAssertEqual(last3, ["subtask:\(todo.subtasks[0].id!)", "todo:\(todo.todo.id!)", "task:\(before.id!)"])
    }

    func testTheSyncEnginesOwnWritesAreNotQueuedAndItsRunIsOneUndoEntry() throws {
        let db = try openDatabase()
        try registerACollection(db)
        let entry = try db.openSyncJournalEntry(.tasks, label: "sync a")
        for title in ["One", "Two"] {
            try db.syncTransaction(journal: entry) { db in
                var task = TaskItem(title: title)
                try task.insert(db)
            }
        }
        try db.closeSyncJournalEntry(entry, .tasks)
        XCTAssertEqual(try queue(db), [])
        XCTAssertEqual(try db.journalEntries(.tasks).map(\.label), ["sync a"])
        try db.undo(.tasks)
        XCTAssertEqual(try db.pool.read { try TaskItem.fetchCount($0) }, 0)
        XCTAssertEqual(try queue(db).count, 2, "an undo is a local change like any other: queued")
        // The gate is open again after the engine's transaction.
        _ = try db.insertTask(TaskItem(title: "Three"))
        XCTAssertEqual(try queue(db).count, 3)
    }

    /// A bulk import drops the per-row insert triggers and catches their work up: the queue too.
    func testABulkImportQueuesItsRows() throws {
        let db = try openDatabase()
        try registerACollection(db)
        let tasks = (0..<30).map { TaskItem(title: "Imported \($0)") }
        _ = try db.importCalendar(tasks: tasks, todos: [], subtasks: [], label: "import x.ics")
        XCTAssertEqual(try queue(db).count, 30)
        let triggers = try db.pool.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'syncChange_task_%' ORDER BY name") }
        XCTAssertEqual(triggers, ["syncChange_task_delete", "syncChange_task_insert", "syncChange_task_update"], "put back after the import")
    }

    /// v12 adds tables and triggers only: a database with rows upgrades without touching them.
    func testUpgradingAV11DatabaseKeepsItsRows() throws {
        let file = path("v11.sqlite")
        do {
            let queue = try DatabaseQueue(path: file)
            try Schema.migrator.migrate(queue, upTo: "v11-images")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO task(uid, title, createdAt, updatedAt) VALUES ('u', 'Kept', '2026-01-01', '2026-01-01')")
            }
        }
        let started = Date()
        let db = try AppDatabase.open(path: file)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(try db.pool.read { try String.fetchAll($0, sql: "SELECT title FROM task") }, ["Kept"])
        XCTAssertEqual(try queue(db), [])
    }
}
