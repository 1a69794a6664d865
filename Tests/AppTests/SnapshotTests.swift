import XCTest
import Core
import Storage
import Terminal
@testable import App

/// Panes rendered into the in-memory canvas and compared with the text snapshots in
/// `Snapshots/`. A missing snapshot fails; `AIHELPER_RECORD_SNAPSHOTS=1` writes it for review.
final class SnapshotTests: XCTestCase {
    private let today = CivilDate(year: 2026, month: 11, day: 23)
    private let utc = TimeZone(identifier: "UTC")!

    private func fixture(width: Int, height: Int, focus: PaneID = .chat) -> AppState {
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

    private func render(_ state: AppState) -> String {
        var state = state
        var canvas = Canvas(width: state.size.width, height: state.size.height)
        Renderer(theme: .dark).render(&state, into: &canvas)
        return canvas.text()
    }

    private func assertSnapshot(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
        let record = ProcessInfo.processInfo.environment["AIHELPER_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? text.write(to: url, atomically: true, encoding: .utf8)
            XCTFail("Snapshot \(name) recorded at \(url.path); review it and run again.", file: file, line: line)
            return
        }
        XCTAssertEqual(text, expected, "Snapshot \(name) differs. Got:\n\(text)", file: file, line: line)
    }

    func testNarrow80x24ChatPane() { assertSnapshot(render(fixture(width: 80, height: 24)), named: "chat-80x24") }
    func testNarrow80x24TasksPane() { assertSnapshot(render(fixture(width: 80, height: 24, focus: .tasks)), named: "tasks-80x24") }
    func testNarrow80x24TodosPane() { assertSnapshot(render(fixture(width: 80, height: 24, focus: .todos)), named: "todos-80x24") }
    func testMedium120x40() { assertSnapshot(render(fixture(width: 120, height: 40)), named: "all-120x40") }
    func testWide200x50() { assertSnapshot(render(fixture(width: 200, height: 50)), named: "all-200x50") }

    func testTooSmall() {
        let text = render(fixture(width: 30, height: 10))
        XCTAssertTrue(text.contains("Terminal too small"))
        XCTAssertTrue(text.contains("30×10"))
    }

    func testHelpOverlayListsTheKeymap() {
        var state = fixture(width: 120, height: 40)
        state.showHelp = true
        let text = render(state)
        for section in Keymap.sections { XCTAssertTrue(text.contains(section.title), section.title) }
        XCTAssertTrue(text.contains("Ctrl-Q"))
    }

    /// On a short screen the focused pane's keys come right after Everywhere.
    func testHelpOnA24RowScreenShowsTheFocusedPanesKeys() {
        var state = fixture(width: 80, height: 24, focus: .todos)
        state.showHelp = true
        let text = render(state)
        XCTAssertTrue(text.contains("J / K") && text.contains("add sibling / child"), text)
        XCTAssertFalse(text.contains("Alt-Enter"), "Chat's keys come later, past the bottom")
    }

    /// A long answer is drawn from only the lines the view can show; scrolled into its middle,
    /// the rows are still its consecutive lines, bottom-aligned to the scroll offset.
    func testALongAnswerScrolledIntoItsMiddleShowsConsecutiveLines() {
        var state = fixture(width: 80, height: 24)
        let text = (0..<300).map { "line \($0)" }.joined(separator: "\n")
        state.chat.messages.append(Message(id: 9, conversationId: 1, role: .assistant, content: text, provider: "openai"))
        func visibleNumbers() -> [Int] {
            render(state).split(separator: "\n").compactMap { row in
                row.range(of: "line ").flatMap { Int(row[$0.upperBound...].prefix { $0.isNumber }) }
            }
        }
        let bottom = visibleNumbers()
        XCTAssertEqual(bottom.last, 299)
        XCTAssertEqual(bottom, Array(bottom.first!...299))
        state.chat.scrollFromBottom = 100
        let middle = visibleNumbers()
        XCTAssertEqual(middle.last, 200, "100 rows up: the blank line under the answer and 99 of its lines")
        XCTAssertEqual(middle, Array(middle.first!...200))
        XCTAssertEqual(middle.count, bottom.count + 1, "the blank line under the answer is off screen too")
        state.chat.scrollFromBottom = 10_000
        let top = render(state)
        XCTAssertTrue(top.contains("remind me to call mom"), "scrolled to the top: the first message shows")
    }

    func testEscapeSequencesFromTheModelNeverReachTheCanvas() {
        var state = fixture(width: 120, height: 40)
        state.chat.messages[1].content = "evil \u{1B}]52;c;aGFjaw==\u{07}\u{1B}[2Jtext\u{9B}31m done"
        let text = render(state)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertFalse(text.contains("\u{9B}"))
        XCTAssertTrue(text.contains("evil text done") || text.contains("evil text"), text)
    }

    func testAFrameLaysOutOnlyTheVisibleMessages() {
        for count in [10, 10_000] {
            var state = fixture(width: 120, height: 40)
            state.chat.messages = (0..<count).map { i in
                Message(id: Int64(i + 1), conversationId: 1, role: i % 2 == 0 ? .user : .assistant, content: "message \(i)")
            }
            let renderer = Renderer(theme: .dark)
            var canvas = Canvas(width: 120, height: 40)
            renderer.render(&state, into: &canvas)
            XCTAssertLessThanOrEqual(renderer.transcript.messagesVisited, 40, "\(count) messages")
            XCTAssertTrue(canvas.text().contains("message \(count - 1)"), "the newest message is on screen")
        }
    }
}
