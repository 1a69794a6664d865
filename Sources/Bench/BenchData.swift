import Foundation
import Core
import Storage

/// The benchmark database: 1,000 conversations × 50 messages, 100,000 tasks (one in ten
/// repeating), 10,000 todos with 5 subtasks each. Made once per home folder and reused (a
/// stamp file says it is complete).
enum BenchData {
    static let conversations = 1_000, messagesPerConversation = 50, tasks = 100_000, todos = 10_000
    static let rules = ["RRULE:FREQ=WEEKLY", "RRULE:FREQ=DAILY;INTERVAL=3", "RRULE:FREQ=MONTHLY;BYMONTHDAY=15",
                        "RRULE:FREQ=YEARLY", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=40", "RRULE:FREQ=MONTHLY;BYDAY=-1FR"]

    static func prepare(home: String) throws -> String {
        let path = home + "/aihelper.sqlite"
        let stamp = home + "/.bench-data-v4"
        if FileManager.default.fileExists(atPath: stamp) { return "\(path) (reused)" }
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        let db = try AppDatabase.open(path: path)
        try db.bulkInsert(tasks: makeTasks())
        try db.bulkInsert(todos: makeTodos())
        try db.bulkInsert(conversations: makeConversations())
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        return "\(path) (generated in \(ContinuousClock.now - started))"
    }

    static func makeTasks() -> [TaskItem] {
        let today = CivilDate.today()
        let categories = TaskCategory.allCases.map(\.rawValue)
        return (0..<tasks).map { i in
            TaskItem(title: "Task \(i) " + ["call", "review", "buy", "plan", "fix"][i % 5],
                     dueDate: today.adding(days: (i * 37) % 730 - 365),
                     dueTime: i % 3 == 0 ? nil : TimeOfDay(hour: 8 + i % 10, minute: (i * 7) % 60),
                     category: categories[i % categories.count], priority: Priority.allCases[i % 4],
                     completed: i % 4 == 0, recurrence: i % 10 == 0 ? rules[(i / 10) % rules.count] : nil)
        }
    }

    static func makeTodos() -> [TodoTree] {
        (0..<todos).map { i in
            TodoTree(todo: Todo(title: "Todo list \(i)", position: i),
                     subtasks: (0..<5).map { j in Subtask(todoId: 0, title: "Step \(j) of list \(i)", completed: j < i % 5, position: j) })
        }
    }

    private static func makeConversations() -> [(conversation: Conversation, messages: [Message])] {
        let base = Date().addingTimeInterval(-Double(conversations) * 3600)
        return (0..<conversations).map { c in
            let start = base.addingTimeInterval(Double(c) * 3600)
            let conversation = Conversation(title: "Conversation \(c)", provider: "offline", model: "offline-assistant",
                                            createdAt: start, updatedAt: start)
            let messages = (0..<messagesPerConversation).map { m in
                Message(conversationId: 0, role: m % 2 == 0 ? .user : .assistant,
                        content: "Message \(m) of conversation \(c): " + String(repeating: "some words to wrap ", count: 1 + m % 9),
                        createdAt: start.addingTimeInterval(Double(m)))
            }
            return (conversation, messages)
        }
    }
}
