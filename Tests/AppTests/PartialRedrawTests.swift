import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The renderer redraws only the chat pane and the status bar when nothing else changed:
/// every frame it draws into the canvas it drew last must equal a full render from scratch.
final class PartialRedrawTests: XCTestCase {
    private let today = CivilDate(year: 2026, month: 11, day: 23)

    private func fixture(width: Int, height: Int) -> AppState {
        var state = AppState(size: Size(width: width, height: height), today: today, providerName: "Offline", modelName: "m")
        state.timeZone = TimeZone(identifier: "UTC")!
        let t0 = Date(timeIntervalSince1970: 1_795_428_000)
        state.chat.conversation = Conversation(id: 1, title: "Streaming")
        state.chat.messages = [
            Message(id: 1, conversationId: 1, role: .user, content: "go", createdAt: t0),
            Message(id: 2, conversationId: 1, role: .assistant, content: "", provider: "offline", createdAt: t0),
        ]
        state.chat.turn = RunningTurn(id: 1, messageId: 2)
        state.tasks.summary = [today: DaySummary(count: 1, open: 1, highestPriority: .high)]
        state.tasks.dayTasks = [TaskItem(id: 1, title: "Dentist", dueDate: today, priority: .high)]
        state.todos.setTrees([
            TodoTree(todo: Todo(id: 1, title: "Packing list"), subtasks: [
                Subtask(id: 11, todoId: 1, title: "Passport", completed: true, position: 0),
                Subtask(id: 12, todoId: 1, title: "中文 socks 👩‍💻", position: 1),
            ]),
        ])
        state.todos.setExpanded([1])
        return state
    }

    private func stream(_ state: inout AppState, tokens: Range<Int>) {
        for i in tokens { state.chat.messages[1].content += i % 17 == 16 ? "t\(i) 中文\n" : "t\(i) " }
        state.spinnerFrame += 1
    }

    /// Renders `state` with the long-lived renderer and canvas and checks the frame against a fresh full render.
    private func check(_ renderer: Renderer, _ state: AppState, _ view: inout ViewState, _ canvas: inout Canvas, partial: Bool,
                       _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        if canvas.size != state.size { canvas = Canvas(size: state.size) }
        let before = renderer.partialFrames
        renderer.render(state, view: &view, into: &canvas)
        // From the view as drawn: the transcript keeps a scrolled view still as the answer grows.
        let expected = screenCanvas(state, view: view)
        XCTAssertEqual(renderer.partialFrames - before, partial ? 1 : 0, "partial frame: \(what)", file: file, line: line)
        XCTAssertEqual(canvas.text(), expected.text(), what, file: file, line: line)
        XCTAssertTrue(canvas == expected, "cells and cursor equal a full render: \(what)", file: file, line: line)
    }

    func testChatOnlyFramesEqualFullRenders() {
        for width in [80, 120, 160] {
            var state = fixture(width: width, height: 30)
            let renderer = Renderer(theme: .dark)
            var view = ViewState()
            var canvas = Canvas(size: state.size)
            check(renderer, state, &view, &canvas, partial: false, "first frame \(width)")
            for frame in 0..<40 {
                stream(&state, tokens: (frame * 13)..<(frame * 13 + 13))
                if frame == 10 { state.notice = Notice(text: "A notice", kind: .error) }
                if frame == 20 { state.notice = nil; state.chat.input.insert("typed while streaming") }
                if frame == 30 { state.chat.scroll.ask(5) }
                check(renderer, state, &view, &canvas, partial: true, "frame \(frame) at \(width)")
            }
            state.chat.turn = nil
            check(renderer, state, &view, &canvas, partial: true, "answer finished at \(width)")
        }
    }

    /// A key typed while an answer streams redraws only the input: the transcript keeps the
    /// last frame's text until the next frame, which then equals a full render.
    func testInputOnlyFramesChangeOnlyTheInputRows() {
        var state = fixture(width: 120, height: 30)
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(size: state.size)
        check(renderer, state, &view, &canvas, partial: false, "first frame")
        let transcriptBefore = (0..<20).map { y in (0..<72).map { canvas[$0, y].text }.joined() }

        stream(&state, tokens: 0..<30)
        state.chat.input.insert("abc")
        XCTAssertTrue(renderer.renderInput(state, into: &canvas))
        let rows = (0..<canvas.height).map { y in (0..<canvas.width).map { canvas[$0, y].text }.joined() }
        XCTAssertTrue(rows.contains { $0.contains("› abc") }, "the input shows what was typed")
        XCTAssertEqual((0..<20).map { y in (0..<72).map { canvas[$0, y].text }.joined() }, transcriptBefore,
                       "the transcript waits for its frame")
        XCTAssertEqual(canvas.cursor, screenCanvas(state).cursor, "the cursor is where a full frame puts it")
        check(renderer, state, &view, &canvas, partial: true, "the next frame")

        state.chat.input.insert(String(repeating: "long input ", count: 20))
        XCTAssertFalse(renderer.renderInput(state, into: &canvas), "an input that takes more rows moves the transcript")
        state.size = Size(width: 100, height: 30)
        XCTAssertFalse(renderer.renderInput(state, into: &canvas), "not over a frame of another size")
    }

    func testOtherChangesDrawEverything() {
        var state = fixture(width: 120, height: 30)
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(size: state.size)
        check(renderer, state, &view, &canvas, partial: false, "first frame")

        stream(&state, tokens: 0..<20)
        state.tasks.selected = CivilDate(year: 2026, month: 11, day: 24)
        check(renderer, state, &view, &canvas, partial: false, "Tasks changed")

        stream(&state, tokens: 20..<40)
        state.todos.setExpanded([])
        check(renderer, state, &view, &canvas, partial: false, "Todos changed")

        state.focus = .todos
        check(renderer, state, &view, &canvas, partial: false, "focus changed")
        state.focus = .chat
        check(renderer, state, &view, &canvas, partial: false, "focus back")

        state[overlay: HelpView.self] = HelpView()
        check(renderer, state, &view, &canvas, partial: false, "help shown")
        stream(&state, tokens: 40..<60)
        check(renderer, state, &view, &canvas, partial: false, "help still shown")
        state[overlay: HelpView.self] = nil
        check(renderer, state, &view, &canvas, partial: false, "help closed")

        state.size = Size(width: 150, height: 35)
        check(renderer, state, &view, &canvas, partial: false, "resized")
        stream(&state, tokens: 60..<80)
        check(renderer, state, &view, &canvas, partial: true, "chat after the resize")

        state.size = Size(width: 30, height: 8)
        check(renderer, state, &view, &canvas, partial: false, "too small")
        state.size = Size(width: 150, height: 35)
        check(renderer, state, &view, &canvas, partial: false, "large again")

        var other = Canvas(size: state.size)
        let expected = screenCanvas(state)
        renderer.render(state, view: &view, into: &other)
        XCTAssertTrue(other == expected, "a canvas the renderer did not draw last is drawn whole")

        renderer.theme = Theme.dark.withoutColor()
        let before = renderer.fullFrames
        renderer.render(state, view: &view, into: &other)
        XCTAssertEqual(renderer.fullFrames, before + 1, "a theme change draws everything")
    }

    func testNarrowLayoutOnTasksDrawsEverything() {
        var state = fixture(width: 80, height: 24)
        state.focus = .tasks
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(size: state.size)
        check(renderer, state, &view, &canvas, partial: false, "first")
        stream(&state, tokens: 0..<10)
        check(renderer, state, &view, &canvas, partial: false, "chat hidden: no chat-only frame")
    }
}
