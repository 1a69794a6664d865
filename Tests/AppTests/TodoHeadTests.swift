import XCTest
import Core
import Storage
import Terminal
@testable import App

/// A large todo list starts with its head only: the first frame must look exactly as it would
/// with the whole list loaded, and the whole list then counts as the first load.
final class TodoHeadTests: XCTestCase {
    /// 1,500 todos, every third completed, each with three subtasks (one done).
    private func largeList() throws -> AppDatabase {
        let database = try AppDatabase.temporary()
        try database.bulkInsert(todos: (0..<1_500).map { i in
            TodoTree(todo: Todo(title: "List \(i)", completed: i % 3 == 0, position: i),
                     subtasks: (0..<3).map { j in Subtask(todoId: 0, title: "Step \(j)", completed: j == 0, position: j) })
        })
        return database
    }

    func testTheHeadHoldsTheFirstOfEachSectionWithCountsAndTotals() throws {
        let database = try largeList()
        let head = try XCTUnwrap(try database.todoHead(limit: 20))
        XCTAssertEqual(head.openCount, 1_000)
        XCTAssertEqual(head.completedCount, 500)
        XCTAssertEqual(head.trees.count, 40)
        XCTAssertEqual(head.trees.prefix(3).map(\.todo.title), ["List 1", "List 2", "List 4"])
        XCTAssertEqual(head.trees[20...].prefix(2).map(\.todo.title), ["List 0", "List 3"])
        XCTAssertTrue(head.trees.allSatisfy { $0.subtaskCount == 3 && $0.doneCount == 1 && !$0.subtasksLoaded })
    }

    func testASmallListHasNoHeadAndLoadsWhole() throws {
        let database = try AppDatabase.temporary()
        _ = try database.createTodo(title: "Packing list", items: [("Passport", ""), ("Socks", "")])
        XCTAssertNil(try database.todoHead(limit: 20))
    }

    func testTheFirstFrameFromTheHeadEqualsTheFrameFromTheWholeList() throws {
        let database = try largeList()
        func frame(headOnly: Bool) throws -> String {
            var state = AppState(size: Size(width: 120, height: 40), today: CivilDate(year: 2026, month: 11, day: 24),
                                 providerName: "Offline", modelName: "offline")
            state.focus = .todos
            if headOnly {
                state.todos.setHead(try XCTUnwrap(try database.todoHead(limit: TUIApp.todoHeadLimit)))
            } else {
                state.todos.setTrees(try database.todoTrees(loadingSubtasksOf: []))
            }
            return screenText(state)
        }
        let head = try frame(headOnly: true)
        XCTAssertTrue(head.contains("In Progress · 1000"), head)
        XCTAssertEqual(head, try frame(headOnly: false))
    }

    func testTheWholeListAfterTheHeadIsTheFirstLoadAndUnfoldsNothing() throws {
        let database = try largeList()
        var todos = TodosState()
        todos.setHead(try XCTUnwrap(try database.todoHead(limit: 20)))
        XCTAssertFalse(todos.loadedOnce)
        todos.setTrees(try database.todoTrees(loadingSubtasksOf: todos.expanded))
        XCTAssertTrue(todos.expanded.isEmpty, "todos beyond the head are not taken for new ones")
        XCTAssertNil(todos.headTotals)
        XCTAssertEqual(todos.rows.filter { $0.section == nil }.count, 1_500)
        XCTAssertEqual(todos.rows.compactMap(\.section?.title), ["In Progress · 1000", "Completed · 500"])
    }

    /// After the first frame only the head stays loaded; the whole list is read when the user
    /// comes to the Todos pane (Alt-3 here), where the next key may go past the head.
    func testTheWholeListLoadsWhenTheUserComesToTheTodosPane() async throws {
        let harness = try AppTestHarness(database: try largeList())
        XCTAssertTrue(harness.app.loadTodoHead())
        try await harness.press(.text("h"), .tab)  // typing in the chat, then the Tasks pane
        XCTAssertTrue(harness.app.state.todos.headOnly, "the chat and the Tasks pane leave the head alone")
        XCTAssertEqual(harness.app.state.todos.rows.filter { $0.section == nil }.count, 2 * TUIApp.todoHeadLimit)
        try await harness.press(.alt("3"))
        XCTAssertFalse(harness.app.state.todos.headOnly)
        XCTAssertEqual(harness.app.state.todos.rows.filter { $0.section == nil }.count, 1_500, "the whole list")
        XCTAssertEqual(harness.app.state.todos.rows.compactMap(\.section?.title), ["In Progress · 1000", "Completed · 500"])
    }

    func testAWheelOverTheTodosPaneLoadsTheWholeList() throws {
        var state = AppState(size: Size(width: 120, height: 40), today: CivilDate(year: 2026, month: 11, day: 24),
                             providerName: "Offline", modelName: "offline")
        state.todos.setHead(try XCTUnwrap(try largeList().todoHead(limit: 20)))
        let layout = Layout(size: state.size, focus: state.focus)
        let rect = try XCTUnwrap(layout.panes[.todos])
        let effects = update(&state, .key(.mouse(MouseEvent(kind: .wheelDown, x: rect.x + 2, y: rect.y + 2))))
        XCTAssertEqual(effects, [.reloadTodos])
        XCTAssertEqual(update(&state, .key(.text("x"))), [], "a key in the chat does not")
    }

    /// The assistant makes a list while only the head is loaded: the reload that follows is the
    /// first whole list, and the new list must still show unfolded (as it would after any load).
    func testAListMadeWhileOnlyTheHeadIsLoadedShowsUnfolded() throws {
        let database = try largeList()
        var todos = TodosState()
        todos.setHead(try XCTUnwrap(try database.todoHead(limit: 20)))
        let made = try database.createTodo(title: "Packing list", items: [("Passport", ""), ("Socks", "")])
        let id = try XCTUnwrap(made.todo.id)
        if todos.setTrees(try database.todoTrees(loadingSubtasksOf: todos.expanded)) {
            todos.setTrees(try database.todoTrees(loadingSubtasksOf: todos.expanded))
        }
        XCTAssertEqual(todos.expanded, [id], "the new list alone is unfolded")
        XCTAssertTrue(todos.rows.contains { $0.todoId == id && $0.subtask?.title == "Passport" })
    }
}
