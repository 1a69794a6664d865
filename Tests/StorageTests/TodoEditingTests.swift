import Foundation
import XCTest
import Core
@testable import Storage

final class TodoEditingStorageTests: StorageTestCase {
    func testCompletingTheLastOpenChildCompletesItsParentsUpToTheTodo() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Trip", items: [("Passport", ""), ("Charger", "")])
        let photo = try db.addSubtask(todoId: tree.todo.id!, parentId: tree.subtasks[0].id, title: "Photo")
        try db.setSubtaskCompleted(id: tree.subtasks[1].id!, true)
        try db.setSubtaskCompleted(id: photo.id!, true)
        XCTAssertEqual(try db.subtask(id: tree.subtasks[0].id!)?.completed, true, "Passport completes with its last child")
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.todo.completed, true)
        try db.setSubtaskCompleted(id: photo.id!, false)
        XCTAssertEqual(try db.subtask(id: tree.subtasks[0].id!)?.completed, false, "reopening reopens the parents")
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.todo.completed, false)
    }

    func testCompletingWithChildrenIsOneUndoableChange() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Trip", items: [("Passport", ""), ("Charger", "")])
        try db.setTodoCompleted(id: tree.todo.id!, true, includingSubtasks: true)
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.doneCount, 2)
        XCTAssertEqual(try db.undo(.todos)?.label, "complete “Trip” and its subtasks")
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.doneCount, 0)
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.todo.completed, false)
    }

    func testMovingReordersSiblingsOnlyAndStopsAtTheEdges() throws {
        let db = try openDatabase()
        let a = try db.createTodo(title: "A", items: [("1", ""), ("2", ""), ("3", "")])
        let b = try db.createTodo(title: "B")
        XCTAssertTrue(try db.moveTodoItem(todoId: b.todo.id!, subtaskId: nil, by: -1))
        XCTAssertEqual(try db.todoTrees().map(\.todo.title), ["B", "A"])
        XCTAssertFalse(try db.moveTodoItem(todoId: b.todo.id!, subtaskId: nil, by: -1), "already first")
        XCTAssertTrue(try db.moveTodoItem(todoId: a.todo.id!, subtaskId: a.subtasks[0].id, by: 1))
        XCTAssertEqual(try db.todoTree(id: a.todo.id!)?.subtasks.map(\.title), ["2", "1", "3"])
        let after = try db.insertTodo(title: "C", afterPosition: 0)
        XCTAssertEqual(try db.todoTrees().map(\.todo.title), ["B", "C", "A"])
        XCTAssertEqual(after.position, 1)
    }

    func testDueTodosAppearOnTheirDay() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Taxes", items: [("Receipts", "")])
        try db.setTodoDue(todoId: tree.todo.id!, subtaskId: nil, day("2026-12-01"))
        try db.setTodoDue(todoId: tree.todo.id!, subtaskId: tree.subtasks[0].id, day("2026-11-28"))
        XCTAssertEqual(try db.dueTodos(from: day("2026-11-01"), to: day("2026-12-31")).map { "\($0.day.iso) \($0.title)" },
                       ["2026-11-28 Receipts", "2026-12-01 Taxes"])
        XCTAssertEqual(try db.undo(.todos)?.label, "due “Receipts” 2026-11-28")
    }
}
