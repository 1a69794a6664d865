import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class BulkInsertTests: StorageTestCase {
    /// The benchmark's data set: it must load in seconds.
    func testBenchmarkSizedDataLoadsInSeconds() throws {
        let db = try openDatabase()
        let conversations = (0..<1_000).map { c in
            (conversation: Conversation(title: "Conversation \(c)"),
             messages: (0..<50).map { m in Message(conversationId: 0, role: m % 2 == 0 ? .user : .assistant,
                                                   content: "Message \(m) of conversation \(c) about tasks and plans") })
        }
        let tasks = (0..<10_000).map { i in
            TaskItem(title: "Task \(i)", dueDate: CivilDate(year: 2026, month: 1, day: 1).adding(days: i % 365))
        }
        let todos = (0..<2_000).map { t in
            TodoTree(todo: Todo(title: "Todo \(t)", position: t),
                     subtasks: (0..<5).map { Subtask(todoId: 0, parentId: 99, title: "Step \($0)", position: $0) })
        }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try db.bulkInsert(conversations: conversations)
            try db.bulkInsert(tasks: tasks)
            try db.bulkInsert(todos: todos)
        }
        print("bulk insert of 50,000 messages, 10,000 tasks, 2,000 todos with 10,000 subtasks: \(elapsed)")
        XCTAssertLessThan(elapsed, .seconds(60))

        let counts = try db.pool.read { db in
            try ["conversation", "message", "task", "todo", "subtask"].map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)")! }
        }
        XCTAssertEqual(counts, [1_000, 50_000, 10_000, 2_000, 10_000])
        let last = try db.latestConversation()!
        XCTAssertEqual(try db.messageCount(conversationId: last.id!), 50)
        XCTAssertEqual(try db.searchMessages("conversation 999", limit: 100).count, 50)
        XCTAssertEqual(try db.todoTrees().last?.subtasks.map(\.parentId), Array(repeating: nil, count: 5))
    }

    func testBulkInsertedRecordsReadBackLikeSingleInserts() throws {
        let db = try openDatabase()
        let task = TaskItem(uid: "u", title: "Full", notes: "n", dueDate: day("2026-02-28"),
                            dueTime: TimeOfDay(hour: 23, minute: 59), durationMinutes: 45, category: "Work",
                            priority: .high, completed: true, completedAt: fixedDate(5), recurrence: "FREQ=DAILY",
                            list: "L", createdAt: fixedDate(), updatedAt: fixedDate(1))
        try db.bulkInsert(tasks: [task])
        var storedTask = try db.findTasks(matching: "Full", includeCompleted: true)[0]
        storedTask.id = nil
        XCTAssertEqual(storedTask, task)

        let message = Message(conversationId: 0, role: .tool, content: "c", status: .error, provider: "p", model: "m",
                              inputTokens: 1, outputTokens: 2, cost: 0.5, errorText: "e",
                              createdAt: fixedDate(), updatedAt: fixedDate(2))
        try db.bulkInsert(conversations: [(Conversation(title: "T"), [message])])
        let conversation = try db.latestConversation()!
        var storedMessage = try db.messages(conversationId: conversation.id!)[0]
        XCTAssertNotNil(storedMessage.id)
        storedMessage.id = nil
        var expectedMessage = message
        expectedMessage.conversationId = conversation.id!
        XCTAssertEqual(storedMessage, expectedMessage)

        let subtask = Subtask(todoId: 0, title: "s", notes: "sn", completed: true, position: 3,
                              createdAt: fixedDate(), updatedAt: fixedDate(3))
        try db.bulkInsert(todos: [TodoTree(todo: Todo(title: "Todo"), subtasks: [subtask])])
        let tree = try db.todoTrees()[0]
        var storedSubtask = tree.subtasks[0]
        storedSubtask.id = nil
        var expectedSubtask = subtask
        expectedSubtask.todoId = tree.todo.id!
        XCTAssertEqual(storedSubtask, expectedSubtask)
    }
}
