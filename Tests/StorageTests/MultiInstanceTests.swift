import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// Two instances on one file stand for two running AI Helpers.
final class MultiInstanceTests: StorageTestCase {
    func testTwoInstancesInterleaveWrites() throws {
        let first = try openDatabase()
        let second = try openDatabase()
        for i in 0..<25 {
            _ = try first.insertTask(TaskItem(title: "first \(i)", dueDate: day("2026-11-24")))
            _ = try second.insertTask(TaskItem(title: "second \(i)", dueDate: day("2026-11-24")))
        }
        // And at the same time, from many threads.
        let failures = StatementCounter()
        let nextDay = day("2026-11-25")
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            let db = i % 2 == 0 ? first : second
            do { _ = try db.insertTask(TaskItem(title: "concurrent \(i)", dueDate: nextDay)) } catch { failures.increment() }
        }
        XCTAssertEqual(failures.value, 0)
        XCTAssertEqual(try first.taskCount(from: day("2026-11-24"), to: day("2026-11-25")), 90)
        XCTAssertEqual(try second.tasks(on: day("2026-11-24")).count, 50)
    }

    func testChangeCountersShowWritesOfAnotherInstance() throws {
        let app = try openDatabase()
        let other = try openDatabase()
        let before = try app.changeCounters()
        let versionBefore = try app.dataVersion()

        _ = try other.insertTask(TaskItem(title: "From the shell"))
        var now = try app.changeCounters()
        XCTAssertGreaterThan(now.tasks, before.tasks)
        XCTAssertEqual(now.todos, before.todos)
        XCTAssertEqual(now.conversations, before.conversations)
        XCTAssertGreaterThan(try app.dataVersion(), versionBefore)

        let afterTask = now
        _ = try other.createTodo(title: "List", items: [("a", "")])
        now = try app.changeCounters()
        XCTAssertGreaterThan(now.todos, afterTask.todos)
        XCTAssertEqual(now.tasks, afterTask.tasks)

        let conversation = try other.createConversation()
        let message = try other.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "",
                                                      status: .streaming))
        let beforeCheckpoint = try app.changeCounters().conversations
        try other.checkpoint(messageId: message.id!, content: "streaming…")
        XCTAssertGreaterThan(try app.changeCounters().conversations, beforeCheckpoint)

        let quiet = try app.changeCounters()
        XCTAssertEqual(try app.changeCounters(), quiet, "reading changes nothing")
    }
}
