import Foundation
import Core
import Terminal

func handleTasksKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    switch key {
    case .left, .text("h"): return moveDay(&state, by: -1)
    case .right, .text("l"): return moveDay(&state, by: 1)
    case .up, .text("k"): return moveDay(&state, by: -7)
    case .down, .text("j"): return moveDay(&state, by: 7)
    case .text("["), .pageUp: return moveMonth(&state, by: -1)
    case .text("]"), .pageDown: return moveMonth(&state, by: 1)
    case .text("{"): return moveMonth(&state, by: -12)
    case .text("}"): return moveMonth(&state, by: 12)
    case .text("."), .home:
        state.tasks.selected = state.tasks.today
        return [.reloadTasks]
    case .text("n"):
        state.tasks.selectedTask = min(state.tasks.selectedTask + 1, max(0, state.tasks.dayTasks.count - 1))
        return []
    case .text("p"):
        state.tasks.selectedTask = max(0, state.tasks.selectedTask - 1)
        return []
    default: return []
    }
}

func moveDay(_ state: inout AppState, by days: Int) -> [Effect] {
    state.tasks.selected = state.tasks.selected.adding(days: days)
    state.tasks.selectedTask = 0
    return [.reloadTasks]
}

private func moveMonth(_ state: inout AppState, by months: Int) -> [Effect] {
    state.tasks.selected = state.tasks.selected.adding(months: months)
    state.tasks.selectedTask = 0
    return [.reloadTasks]
}

func handleTodosKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    switch key {
    case .up, .text("k"): moveTodoSelection(&state, by: -1)
    case .down, .text("j"): moveTodoSelection(&state, by: 1)
    case .pageUp: moveTodoSelection(&state, by: -10)
    case .pageDown: moveTodoSelection(&state, by: 10)
    case .home: state.todos.selectedRow = 0
    case .end: state.todos.selectedRow = max(0, state.todos.rows.count - 1)
    case .enter, .text(" "): return toggleFold(&state, collapse: nil)
    case .left, .text("h"): return toggleFold(&state, collapse: true)
    case .right, .text("l"): return toggleFold(&state, collapse: false)
    case .text("z"): state.todos.setExpanded([]); clampTodoSelection(&state)
    case .text("Z"): return state.todos.setExpanded(state.todos.allIds) ? [.reloadTodos] : []
    default: break
    }
    return []
}

func moveTodoSelection(_ state: inout AppState, by rows: Int) {
    state.todos.selectedRow += rows
    clampTodoSelection(&state)
}

func clampTodoSelection(_ state: inout AppState) {
    state.todos.selectedRow = max(0, min(state.todos.selectedRow, state.todos.rows.count - 1))
}

/// Folds or unfolds the todo the selection is in (nil toggles). Collapsing from a subtask
/// moves the selection to its todo, as file trees do. Unfolding a todo whose subtasks were
/// never loaded asks for a reload.
private func toggleFold(_ state: inout AppState, collapse: Bool?) -> [Effect] {
    let rows = state.todos.rows
    guard rows.indices.contains(state.todos.selectedRow) else { return [] }
    let row = rows[state.todos.selectedRow]
    let shouldCollapse = collapse ?? state.todos.expanded.contains(row.todoId)
    var expanded = state.todos.expanded
    if shouldCollapse { expanded.remove(row.todoId) } else { expanded.insert(row.todoId) }
    let needsLoad = state.todos.setExpanded(expanded)
    if shouldCollapse, let parent = state.todos.rows.firstIndex(where: { $0.todoId == row.todoId }) {
        state.todos.selectedRow = parent
    }
    return needsLoad ? [.reloadTodos] : []
}

/// The visible rows of the todo tree: a todo, then (when unfolded) its subtasks, nested by parent.
enum TodoRows {
    struct Row: Equatable {
        var todoId: Int64
        var subtask: Subtask?
        var depth: Int
    }

    static func build(trees: [TodoTree], expanded: Set<Int64>) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(trees.count)
        for tree in trees {
            guard let id = tree.todo.id else { continue }
            rows.append(Row(todoId: id, subtask: nil, depth: 0))
            if !expanded.contains(id) || tree.subtasks.isEmpty { continue }
            let children = Dictionary(grouping: tree.subtasks, by: \.parentId)
            func add(parent: Int64?, depth: Int) {
                for sub in children[parent] ?? [] {
                    rows.append(Row(todoId: id, subtask: sub, depth: depth))
                    if let sid = sub.id { add(parent: sid, depth: depth + 1) }
                }
            }
            add(parent: nil, depth: 1)
        }
        return rows
    }
}
