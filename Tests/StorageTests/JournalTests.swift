import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class JournalTests: StorageTestCase {
    func testUndoAndRedoAnEditAddAndDeleteOfATask() throws {
        let db = try openDatabase()
        var task = try db.insertTask(TaskItem(title: "Dentist", dueDate: day("2026-11-24"), priority: .high))
        task.title = "Dentist at 9"
        try db.updateTask(task)
        XCTAssertTrue(try db.deleteTask(id: task.id!))

        XCTAssertEqual(try db.undo(.tasks)?.label, "delete “Dentist at 9”")
        XCTAssertEqual(try db.task(id: task.id!)?.title, "Dentist at 9")
        XCTAssertEqual(try db.task(id: task.id!)?.priority, .high)
        XCTAssertEqual(try db.undo(.tasks)?.label, "edit “Dentist at 9”")
        XCTAssertEqual(try db.task(id: task.id!)?.title, "Dentist")
        XCTAssertEqual(try db.undo(.tasks)?.label, "add “Dentist”")
        XCTAssertNil(try db.task(id: task.id!))
        XCTAssertNil(try db.undo(.tasks), "nothing left to undo")

        XCTAssertEqual(try db.redo(.tasks)?.label, "add “Dentist”")
        XCTAssertEqual(try db.redo(.tasks)?.label, "edit “Dentist at 9”")
        XCTAssertEqual(try db.task(id: task.id!)?.title, "Dentist at 9")
        // A new change after an undo drops what could be redone.
        try db.undo(.tasks)
        _ = try db.insertTask(TaskItem(title: "Gym"))
        XCTAssertNil(try db.redo(.tasks))
    }

    func testUndoingATodoDeleteBringsBackItsNestedSubtasks() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Packing", items: [("Passport", "renew"), ("Charger", "")])
        let nested = try db.addSubtask(todoId: tree.todo.id!, parentId: tree.subtasks[0].id, title: "Photo")
        try db.setSubtaskCompleted(id: tree.subtasks[1].id!, true)
        let before = try db.todoTree(id: tree.todo.id!)
        XCTAssertTrue(try db.deleteTodo(id: tree.todo.id!))
        XCTAssertEqual(try db.todoTrees(), [])

        XCTAssertEqual(try db.undo(.todos)?.label, "delete “Packing”")
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!), before)
        XCTAssertEqual(try db.subtask(id: nested.id!)?.parentId, tree.subtasks[0].id)
        XCTAssertEqual(try db.redo(.todos)?.label, "delete “Packing”")
        XCTAssertEqual(try db.todoTrees(), [])
    }

    func testAreasHaveSeparateStacksAndTheJournalSurvivesReopening() throws {
        var db: AppDatabase? = try openDatabase()
        let task = try db!.insertTask(TaskItem(title: "Call mum"))
        _ = try db!.createTodo(title: "Groceries")
        db = nil
        let reopened = try openDatabase()
        XCTAssertEqual(try reopened.undo(.todos)?.label, "add “Groceries”")
        XCTAssertNotNil(try reopened.task(id: task.id!), "undoing a todo leaves tasks alone")
        XCTAssertEqual(try reopened.undo(.tasks)?.label, "add “Call mum”")
        XCTAssertNil(try reopened.task(id: task.id!))
    }

    func testTheJournalKeepsItsLimitAndBulkLoadsAreNotRecorded() throws {
        let db = try openDatabase()
        try db.bulkInsert(tasks: (0..<10).map { TaskItem(title: "bulk \($0)") })
        for i in 0..<(AppDatabase.journalLimit + 5) { _ = try db.insertTask(TaskItem(title: "t\(i)")) }
        let entries = try db.journalEntries(.tasks, limit: 1000)
        XCTAssertEqual(entries.count, AppDatabase.journalLimit)
        XCTAssertEqual(entries.first?.label, "add “t\(AppDatabase.journalLimit + 4)”")
        XCTAssertFalse(entries.contains { $0.label.contains("bulk") })
    }

    func testAFailedChangeLeavesNoEntry() throws {
        let db = try openDatabase()
        let task = try db.insertTask(TaskItem(title: "A"))
        var clash = TaskItem(title: "B")
        clash.uid = task.uid  // unique constraint: the insert fails, the transaction rolls back
        XCTAssertThrowsError(try db.insertTask(clash))
        XCTAssertEqual(try db.journalEntries(.tasks).map(\.label), ["add “A”"])
        XCTAssertEqual(try db.pool.read { try Int.fetchOne($0, sql: "SELECT entryId IS NULL FROM journalCursor") }, 1)
    }
}
