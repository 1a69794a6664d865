import XCTest
import Core
import Terminal
@testable import App

/// Drawing reads the state and keeps what it works out (scroll positions, sizes) in a
/// `ViewState`; keys ask for scrolling through the state, from what the last frame showed.
final class ViewStateTests: XCTestCase {
    /// A chat with a 300-line answer and 60 todos, at 120×40 (Chat beside Tasks over Todos).
    private func state() -> AppState {
        var state = SnapshotFixture.state(width: 120, height: 40)
        // Markdown: a backslash at a line's end keeps the break.
        let text = (0..<300).map { "line \($0)" }.joined(separator: "\\\n")
        state.chat.messages.append(Message(id: 9, conversationId: 1, role: .assistant, content: text, provider: "openai"))
        state.todos.setTrees((1...60).map { TodoTree(todo: Todo(id: Int64($0), title: "todo \($0)"), subtasks: []) })
        return state
    }

    private func render(_ state: AppState, _ view: inout ViewState, _ renderer: Renderer, _ canvas: inout Canvas) {
        renderer.render(state, view: &view, into: &canvas)
    }

    /// Before, the renderer wrote the scroll positions into the state and passing `&state.todos`
    /// gave the Todos a new version on every whole frame.
    func testRenderingLeavesTheStateAndItsVersionsAsTheyWere() {
        var state = state()
        _ = update(&state, .key(.pageUp))
        state.focus = .todos
        for _ in 0..<45 { _ = update(&state, .key(.text("j"))) }  // the Todos' window must move
        let renderer = Renderer(theme: .dark)
        var view = ViewState(), canvas = Canvas(size: state.size)
        let versions = (state.tasksVersion, state.todosVersion), scroll = state.chat.scroll, selected = state.todos.selectedRow
        render(state, &view, renderer, &canvas)
        XCTAssertGreaterThan(view.todosTop, 0, "the window followed the selection")
        var other = Canvas(size: state.size)
        render(state, &view, renderer, &other)  // another canvas: a whole frame again
        XCTAssertEqual(renderer.fullFrames, 2)
        XCTAssertTrue(state.tasksVersion == versions.0 && state.todosVersion == versions.1, "versions move only with data")
        XCTAssertEqual(state.chat.scroll, scroll)
        XCTAssertEqual(state.todos.selectedRow, selected)
        render(state, &view, renderer, &other)
        XCTAssertEqual(renderer.partialFrames, 1, "nothing changed: only the chat is drawn again")
    }

    /// Home is clamped at the top when drawn; the next PgDn moves a page down from there (not
    /// from the rows Home asked for), and a request is taken once: the frames after it keep
    /// the position drawing gave it.
    func testKeysScrollFromWhereTheLastFrameLeftTheChat() {
        var state = state()
        let renderer = Renderer(theme: .dark)
        var view = ViewState(), canvas = Canvas(size: state.size)
        render(state, &view, renderer, &canvas)
        XCTAssertEqual(view.chat.rowsFromBottom, 0)
        let page = view.chat.height - 2
        _ = update(&state, .key(.home), view: view)
        render(state, &view, renderer, &canvas)
        let top = view.chat.rowsFromBottom
        XCTAssertTrue((250..<400).contains(top), "clamped at the first line, not Int.max / 2: \(top)")
        XCTAssertTrue(canvas.text().contains("remind me to call mom"))
        render(state, &view, renderer, &canvas)
        XCTAssertEqual(view.chat.rowsFromBottom, top, "taken once")

        _ = update(&state, .key(.pageDown), view: view)
        render(state, &view, renderer, &canvas)
        XCTAssertEqual(view.chat.rowsFromBottom, top - page)
        // Two keys in one read (no frame between them) move two pages.
        _ = update(&state, .key(.pageDown), view: view)
        _ = update(&state, .key(.pageDown), view: view)
        render(state, &view, renderer, &canvas)
        XCTAssertEqual(view.chat.rowsFromBottom, top - 3 * page)
        XCTAssertTrue(canvas.text().contains(tr.chat.moreBelow))

        _ = update(&state, .key(.end), view: view)
        render(state, &view, renderer, &canvas)
        XCTAssertEqual(view.chat.rowsFromBottom, 0)
        XCTAssertFalse(canvas.text().contains(tr.chat.moreBelow))
    }

    /// A new conversation's chat follows the bottom, whatever the view was scrolled to.
    func testANewChatFollowsTheBottom() {
        var state = state()
        let renderer = Renderer(theme: .dark)
        var view = ViewState(), canvas = Canvas(size: state.size)
        _ = update(&state, .key(.pageUp), view: view)
        render(state, &view, renderer, &canvas)
        XCTAssertGreaterThan(view.chat.rowsFromBottom, 0)
        state.chat = ChatState(input: state.chat.input)
        state.chat.messages = [Message(id: 1, conversationId: 2, role: .user, content: "hello")]
        render(state, &view, renderer, &canvas)
        XCTAssertEqual(view.chat.rowsFromBottom, 0)
    }

    /// j moves the Todos' window; a click lands on the row the last frame drew there.
    func testAClickOnTheTodosLandsOnTheRowDrawn() throws {
        var state = state()
        state.focus = .todos
        for _ in 0..<45 { _ = update(&state, .key(.text("j"))) }
        var view = ViewState()
        let screen = screenCanvas(state, view: &view)
        let top = view.todosTop
        XCTAssertGreaterThan(top, 0)
        let pane = try XCTUnwrap(Layout(size: state.size, focus: state.focus).panes[.todos])
        let firstRow = (0..<pane.width).map { screen[pane.x + $0, pane.y + 1].text }.joined()
        _ = update(&state, .key(.mouse(MouseEvent(kind: .press(0), x: pane.x + 10, y: pane.y + 1))), view: view)
        XCTAssertEqual(state.todos.selectedRow, top)
        let title = try XCTUnwrap(state.todos.tree(state.todos.rows[top].todoId)?.todo.title)
        XCTAssertTrue(firstRow.contains(title + " "), "\(firstRow) shows \(title)")
    }
}
