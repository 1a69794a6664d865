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

    /// The tree is read by column position for speed; it must equal GRDB's Codable decoding.
    func testPositionalTreeReadingMatchesCodableDecoding() throws {
        let db = try openDatabase()
        let due = CivilDate(year: 2027, month: 2, day: 28)
        _ = try db.createTodo(title: "Ünïcode ✓", items: [("a", "note"), ("b", "")])
        var dated = try db.createTodo(title: "Dated").todo
        dated.dueDate = due
        dated.createdAt = Date(timeIntervalSince1970: 1_795_000_123.456)
        dated.completed = true
        try db.pool.write { try dated.update($0) }
        let codable = try db.pool.read { db in
            (try Todo.order(Column("position"), Column("id")).fetchAll(db),
             try Subtask.order(Column("todoId"), Column("position"), Column("id")).fetchAll(db))
        }
        let trees = try db.todoTrees()
        XCTAssertEqual(trees.map(\.todo), codable.0)
        XCTAssertEqual(trees.flatMap(\.subtasks), codable.1)
        XCTAssertEqual(trees[1].todo.dueDate, due)
        XCTAssertEqual(trees[1].todo.createdAt.timeIntervalSince1970, 1_795_000_123.456, accuracy: 0.001)
    }

    func testFoldedTodosComeWithCountsOnly() throws {
        let db = try openDatabase()
        let a = try db.createTodo(title: "A", items: [("1", ""), ("2", ""), ("3", "")])
        let b = try db.createTodo(title: "B", items: [("x", "")])
        _ = try db.createTodo(title: "Empty")
        try db.setSubtaskCompleted(id: a.subtasks[1].id!, true)

        let folded = try db.todoTrees(loadingSubtasksOf: [])
        XCTAssertEqual(folded.map(\.subtaskCount), [3, 1, 0])
        XCTAssertEqual(folded.map(\.doneCount), [1, 0, 0])
        XCTAssertEqual(folded.map(\.subtasks.count), [0, 0, 0])
        XCTAssertEqual(folded.map(\.subtasksLoaded), [false, false, true], "an empty todo has nothing to load")

        let one = try db.todoTrees(loadingSubtasksOf: [b.todo.id!])
        XCTAssertEqual(one[1].subtasks.map(\.title), ["x"])
        XCTAssertTrue(one[1].subtasksLoaded)
        XCTAssertEqual(one[0].subtasks, [])
        XCTAssertEqual(try db.todoTrees(), try db.todoTrees(loadingSubtasksOf: [a.todo.id!, b.todo.id!, 3]))
    }

    func testStoredDateParserAgreesWithGRDBAndRejectsOtherText() throws {
        for seconds in [0.0, 951_782_400.5, 1_795_000_123.456, -86_400 * 365.25 * 30, 4_102_444_799.999] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = String.fromDatabaseValue(date.databaseValue)!
            XCTAssertEqual(StoredDate.parse(text)?.timeIntervalSince1970 ?? .nan,
                           Date.fromDatabaseValue(text.databaseValue)!.timeIntervalSince1970, accuracy: 0.0005, text)
        }
        for bad in ["", "2026-11-23", "2026-13-01 00:00:00", "2026-11-23T10:00:00", "2026-11-23 10:00:00.12", "abcd-ef-gh ij:kl:mn"] {
            XCTAssertNil(StoredDate.parse(bad), bad)
        }
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
                if sql.hasPrefix("SELECT"), sql.contains("FROM todo ") || sql.contains("FROM subtask ") {
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
