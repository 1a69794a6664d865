import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The Todos pane's editing keys and the mouse, driven through `update`.
final class TodoEditingTests: XCTestCase {
    private func todosState() -> AppState {
        var state = AppState(size: Size(width: 120, height: 40), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline")
        state.focus = .todos
        let subs = [Subtask(id: 10, todoId: 1, title: "Passport", position: 0),
                    Subtask(id: 11, todoId: 1, parentId: 10, title: "Photo", position: 0),
                    Subtask(id: 12, todoId: 1, title: "Charger", completed: true, position: 1)]
        state.todos.setTrees([TodoTree(todo: Todo(id: 1, title: "Trip", position: 0), subtasks: subs),
                              TodoTree(todo: Todo(id: 2, title: "Groceries", position: 1), subtasks: []),
                              TodoTree(todo: Todo(id: 3, title: "Taxes", completed: true, position: 2), subtasks: [])])
        state.todos.setExpanded([1])
        return state
    }

    private func select(_ state: inout AppState, _ title: String) {
        state.todos.selectedRow = state.todos.rows.firstIndex { ($0.subtask?.title ?? state.todos.tree($0.todoId)?.todo.title) == title && $0.section == nil }!
    }

    func testSectionsSplitOpenAndCompletedTodos() {
        let state = todosState()
        XCTAssertEqual(state.todos.rows.map { $0.section?.title ?? $0.subtask?.title ?? state.todos.tree($0.todoId)!.todo.title },
                       ["In Progress · 2", "Trip", "Passport", "Photo", "Charger", "Groceries", "Completed · 1", "Taxes"])
        XCTAssertEqual(state.todos.rows[3].depth, 2, "a subtask of a subtask is nested deeper")
    }

    func testCompletingAParentWithOpenChildrenAsks() {
        var state = todosState()
        select(&state, "Trip")
        XCTAssertEqual(update(&state, .key(.text(" "))), [])
        XCTAssertEqual(state[overlay: Choice.self]?.question, "“Trip” has 2 open subtasks. Complete them too?")
        XCTAssertEqual(update(&state, .key(.text("y"))),
                       [.changeTodo(.setCompleted(todoId: 1, subtaskId: nil, completed: true, withChildren: true))])
        select(&state, "Photo")
        XCTAssertEqual(update(&state, .key(.text(" "))),
                       [.changeTodo(.setCompleted(todoId: 1, subtaskId: 11, completed: true, withChildren: false))], "a leaf just toggles")
    }

    func testAddChildRenameDueReorderAndDelete() {
        var state = todosState()
        select(&state, "Passport")
        _ = update(&state, .key(.text("A")))
        _ = update(&state, .key(.text("Visa")))
        XCTAssertEqual(update(&state, .key(.enter)), [.changeTodo(.addSubtask(todoId: 1, parentId: 10, title: "Visa"))])
        _ = update(&state, .key(.text("a")))
        _ = update(&state, .key(.text("Towel")))
        XCTAssertEqual(update(&state, .key(.enter)), [.changeTodo(.addSubtask(todoId: 1, parentId: nil, title: "Towel"))], "a sibling")
        _ = update(&state, .key(.text("e")))
        XCTAssertEqual(state[overlay: Form.self]?.text("Title"), "Passport")
        _ = update(&state, .key(.ctrl("u")))
        XCTAssertEqual(update(&state, .key(.enter)), [], "an empty title is refused")
        XCTAssertNotNil(state[overlay: Form.self]?.fields[0].error)
        _ = update(&state, .key(.escape))
        _ = update(&state, .key(.text("D")))
        _ = update(&state, .key(.text("someday maybe")))
        XCTAssertEqual(update(&state, .key(.enter)), [])
        XCTAssertTrue(state[overlay: Form.self]?.fields[0].error?.contains("Cannot read") ?? false)
        _ = update(&state, .key(.ctrl("u")))
        _ = update(&state, .key(.text("2026-12-01")))
        XCTAssertEqual(update(&state, .key(.enter)),
                       [.changeTodo(.setDue(todoId: 1, subtaskId: 10, day: CivilDate(year: 2026, month: 12, day: 1)))])
        XCTAssertEqual(update(&state, .key(.text("J"))), [.changeTodo(.move(todoId: 1, subtaskId: 10, by: 1))])
        _ = update(&state, .key(.text("d")))
        XCTAssertEqual(state[overlay: Choice.self]?.question, "Delete “Passport” and its 1 subtask?")
        XCTAssertEqual(update(&state, .key(.text("y"))), [.changeTodo(.delete(todoId: 1, subtaskId: 10))])
    }

    func testFilterShowsMatchesWithTheirParents() {
        var state = todosState()
        _ = update(&state, .key(.text("/")))
        XCTAssertEqual(update(&state, .key(.text("p"))), [.reloadTodos], "the first letter reads every subtask")
        XCTAssertEqual(update(&state, .key(.text("hoto"))), [.filterTodoRows("photo")], "the next ones filter what is loaded, off the loop")
        XCTAssertEqual(state.todos.pendingFilter, "photo")
        XCTAssertEqual(update(&state, .key(.enter)), [], "Enter keeps it")
        // The runtime's answer: rows for older trees or older text are dropped.
        let rows = TodoRows.build(trees: state.todos.trees, expanded: state.todos.expanded, filter: "photo")
        _ = update(&state, .result(.todoRowsFiltered(text: "phot", rows: [], version: state.todos.version)))
        _ = update(&state, .result(.todoRowsFiltered(text: "photo", rows: [], version: state.todos.version - 1)))
        XCTAssertNil(state.todos.filter, "stale answers dropped")
        _ = update(&state, .result(.todoRowsFiltered(text: "photo", rows: rows, version: state.todos.version)))
        XCTAssertEqual(state.todos.filter, "photo")
        XCTAssertEqual(state.todos.rows.map { $0.section?.title ?? $0.subtask?.title ?? state.todos.tree($0.todoId)!.todo.title },
                       ["In Progress · 1", "Trip", "Passport", "Photo"])
        XCTAssertEqual(update(&state, .key(.escape)), [.reloadTodos])
        XCTAssertNil(state.todos.filter)
    }

    func testAClickSelectsARowAndAClickOnTheFoldMarkerFolds() {
        var state = todosState()
        let layout = Layout(size: state.size, focus: .todos)
        let pane = layout.panes[.todos]!
        let inner = Rect(x: pane.x + 1, y: pane.y + 1, width: pane.width - 2, height: pane.height - 2)
        let groceriesRow = state.todos.rows.firstIndex { $0.todoId == 2 }!
        _ = update(&state, .key(.mouse(MouseEvent(kind: .press(0), x: inner.x + 10, y: inner.y + groceriesRow))))
        XCTAssertEqual(state.todos.selectedRow, groceriesRow)
        _ = update(&state, .key(.mouse(MouseEvent(kind: .press(0), x: inner.x + 1, y: inner.y + 1))))
        XCTAssertEqual(state.todos.expanded, [], "the ▾ of Trip folds it")
        XCTAssertEqual(state.todos.rows.count, 5)
    }
}
