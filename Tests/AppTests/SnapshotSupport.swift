import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The state the pane snapshots are drawn from (SnapshotTests, ThemeSnapshotTests).
enum SnapshotFixture {
    static let today = CivilDate(year: 2026, month: 11, day: 23)
    static let utc = TimeZone(identifier: "UTC")!

    static func state(width: Int, height: Int, focus: PaneID = .chat) -> AppState {
        var state = AppState(size: Size(width: width, height: height), today: today, providerName: "Offline", modelName: "offline-assistant")
        state.timeZone = utc
        state.focus = focus
        let t0 = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23 10:00 UTC
        state.chat.conversation = Conversation(id: 1, title: "Call mom reminder")
        state.chat.messages = [
            Message(id: 1, conversationId: 1, role: .user, content: "remind me to call mom tomorrow at 5pm", createdAt: t0),
            Message(id: 2, conversationId: 1, role: .assistant, content: "Done. Created task “Call mom” on Tue 2026-11-24 at 17:00 (Personal).",
                    provider: "offline", createdAt: t0.addingTimeInterval(1)),
            Message(id: 3, conversationId: 1, role: .user, content: "中文标题 and emoji 👩‍💻 line up", createdAt: t0.addingTimeInterval(60)),
            Message(id: 4, conversationId: 1, role: .assistant, content: "Partial answer", status: .interrupted,
                    provider: "offline", errorText: "Cancelled. Press r or type /retry to ask again.", createdAt: t0.addingTimeInterval(61)),
        ]
        state.chat.steps[2] = [
            TimelineStep(id: 1, messageId: 2, position: 0, kind: .toolCall, title: "create_task",
                         detail: "date: \"2026-11-24\", time: \"17:00\", title: \"Call mom\"", status: .done, startedAt: t0, duration: 0.004),
            TimelineStep(id: 2, messageId: 2, position: 1, kind: .toolResult, title: "result",
                         detail: "Created task “Call mom” on Tue 2026-11-24 at 17:00.", status: .done, startedAt: t0, duration: 0),
        ]
        state.tasks.selected = CivilDate(year: 2026, month: 11, day: 24)
        state.tasks.summary = [
            CivilDate(year: 2026, month: 11, day: 24): DaySummary(count: 2, open: 2, highestPriority: .high),
            CivilDate(year: 2026, month: 11, day: 27): DaySummary(count: 1, open: 1, highestPriority: .low),
        ]
        state.tasks.dayTasks = [
            TaskItem(id: 1, title: "Dentist", dueDate: CivilDate(year: 2026, month: 11, day: 24), category: "Health", priority: .high),
            TaskItem(id: 2, title: "Call mom", dueDate: CivilDate(year: 2026, month: 11, day: 24), dueTime: TimeOfDay(hour: 17, minute: 0),
                     category: "Personal", priority: .medium),
        ]
        state.todos.setTrees([
            TodoTree(todo: Todo(id: 1, title: "Packing list"), subtasks: [
                Subtask(id: 11, todoId: 1, title: "Passport", completed: true, position: 0),
                Subtask(id: 12, todoId: 1, title: "Charger", position: 1),
                Subtask(id: 13, todoId: 1, title: "Socks", notes: "wool", position: 2),
            ]),
            TodoTree(todo: Todo(id: 2, title: "Groceries", completed: true), subtasks: []),
            TodoTree(todo: Todo(id: 3, title: "Folded books"), subtaskCount: 4, doneCount: 1),
        ])
        state.todos.setExpanded([1])
        return state
    }
}

/// Compares `text` with `Snapshots/NAME.txt`. A missing snapshot fails; `AIHELPER_RECORD_SNAPSHOTS=1`
/// writes it for review.
func assertSnapshot(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
    let record = ProcessInfo.processInfo.environment["AIHELPER_RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try? text.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("Snapshot \(name) recorded at \(url.path); review it and run again.", file: file, line: line)
        return
    }
    XCTAssertEqual(text, expected, "Snapshot \(name) differs. Got:\n\(text)", file: file, line: line)
}
