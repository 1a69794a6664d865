import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class TodoTests: StorageTestCase {
    func testTreesAreOrderedByPositionWithSubtasksInPlace() throws {
        let db = try openDatabase()
        let packing = try db.createTodo(title: "Packing", items: [("Passport", ""), ("Charger", ""), ("Socks", "")])
        let groceries = try db.createTodo(title: "Groceries", items: [("Milk", "oat")])
        let empty = try db.createTodo(title: "Empty")
        XCTAssertEqual([packing, groceries, empty].map(\.todo.position), [0, 1, 2])

        let nested = try db.addSubtask(todoId: packing.todo.id!, parentId: packing.subtasks[0].id, title: "Renew")
        XCTAssertEqual(nested.position, 0)
        XCTAssertEqual(try db.addSubtask(todoId: packing.todo.id!, title: "Book").position, 3)

        let trees = try db.todoTrees()
        XCTAssertEqual(trees.map(\.todo.title), ["Packing", "Groceries", "Empty"])
        XCTAssertEqual(trees[0].subtasks.map(\.title), ["Passport", "Renew", "Charger", "Socks", "Book"])
        XCTAssertEqual(trees[1].subtasks.map(\.notes), ["oat"])
        XCTAssertEqual(trees[2].subtasks, [])
    }

    func testCompletingTheLastOpenSubtaskCompletesTheTodoAndReopeningReopensIt() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Trip", items: [("A", ""), ("B", "")])
        let (a, b) = (tree.subtasks[0].id!, tree.subtasks[1].id!)
        func todoDone() throws -> Bool { try db.todoTree(id: tree.todo.id!)!.todo.completed }

        try db.setSubtaskCompleted(id: a, true)
        XCTAssertFalse(try todoDone())
        try db.setSubtaskCompleted(id: b, true)
        XCTAssertTrue(try todoDone())
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.doneCount, 2)
        try db.setSubtaskCompleted(id: a, false)
        XCTAssertFalse(try todoDone())
        try db.setSubtaskCompleted(id: a, true)
        XCTAssertTrue(try todoDone())
        _ = try db.addSubtask(todoId: tree.todo.id!, title: "C")
        XCTAssertFalse(try todoDone(), "a new open item reopens the todo")
    }

    func testTodoCompletionByHandAndDeletionCascade() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Home", items: [("Paint", ""), ("Clean", "")])
        let child = try db.addSubtask(todoId: tree.todo.id!, parentId: tree.subtasks[0].id, title: "Buy paint")
        try db.setTodoCompleted(id: tree.todo.id!, true)
        XCTAssertTrue(try db.todoTree(id: tree.todo.id!)!.todo.completed)

        XCTAssertTrue(try db.deleteSubtask(id: tree.subtasks[0].id!))
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.subtasks.map(\.title), ["Clean"], "children go with the parent")
        XCTAssertNil(try db.pool.read { try Subtask.fetchOne($0, key: child.id!) })

        XCTAssertTrue(try db.deleteTodo(id: tree.todo.id!))
        XCTAssertEqual(try db.pool.read { try Subtask.fetchCount($0) }, 0)
        XCTAssertEqual(try db.todoTrees(), [])
    }

    func testTodoTreesUseTwoQueries() throws {
        let db = try openDatabase()
        for i in 0..<20 { _ = try db.createTodo(title: "t\(i)", items: [("a", ""), ("b", "")]) }
        // Traced on a plain connection to the same file, outside any transaction: only the reads count.
        let statements = StatementCounter()
        let queue = try DatabaseQueue(path: db.path)
        let trees = try queue.inDatabase { db in
            db.trace { event in
                // GRDB may introspect the schema first; count the reads of the two tables.
                let sql = "\(event)"
                if sql.hasPrefix("SELECT"), sql.contains(#"FROM "todo""#) || sql.contains(#"FROM "subtask""#) {
                    statements.increment()
                }
            }
            return try AppDatabase.fetchTodoTrees(db)
        }
        XCTAssertEqual(trees.count, 20)
        XCTAssertEqual(statements.value, 2, "one query for todos, one for all subtasks")
        XCTAssertEqual(trees.map(\.subtasks.count), Array(repeating: 2, count: 20))
    }
}

/// Counts traced statements (thread-safe).
final class StatementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
