import Foundation
import Core
import Terminal
import Storage

func handleTodosKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    switch key {
    case .up, .text("k"): moveTodoSelection(&state, by: -1)
    case .down, .text("j"): moveTodoSelection(&state, by: 1)
    case .pageUp: moveTodoSelection(&state, by: -10)
    case .pageDown: moveTodoSelection(&state, by: 10)
    case .home: state.todos.selectedRow = 0; clampTodoSelection(&state)
    case .end: state.todos.selectedRow = max(0, state.todos.rows.count - 1); clampTodoSelection(&state, direction: -1)
    case .enter: return toggleFold(&state, collapse: nil)
    case .left, .text("h"): return toggleFold(&state, collapse: true)
    case .right, .text("l"): return toggleFold(&state, collapse: false)
    case .text("z"): state.todos.setExpanded([]); clampTodoSelection(&state)
    case .text("Z"): return state.todos.setExpanded(state.todos.allIds) ? [.reloadTodos] : []
    default: return handleTodoEditKey(&state, key)
    }
    return []
}

func moveTodoSelection(_ state: inout AppState, by rows: Int) {
    state.todos.selectedRow += rows
    clampTodoSelection(&state, direction: rows < 0 ? -1 : 1)
}

func clampTodoSelection(_ state: inout AppState, direction: Int = 1) {
    state.todos.clampSelection(direction: direction)
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
    if shouldCollapse, let parent = state.todos.rows.firstIndex(where: { $0.todoId == row.todoId && $0.section == nil }) {
        state.todos.selectedRow = parent
    }
    return needsLoad ? [.reloadTodos] : []
}

/// The visible rows of the todo tree: a section header (In Progress, Completed), then its
/// todos, each followed (when unfolded) by its subtasks, nested by parent.
enum TodoRows {
    struct Row: Equatable {
        var todoId: Int64
        var subtask: Subtask?
        var depth: Int
        /// A section header row ("In Progress · 3"): never selected.
        var section: Section?

        init(todoId: Int64, subtask: Subtask? = nil, depth: Int, section: Section? = nil) {
            self.todoId = todoId; self.subtask = subtask; self.depth = depth; self.section = section
        }
    }

    /// A section header: its words are looked up when drawn, so a change of language shows at once.
    struct Section: Equatable {
        var completed: Bool
        var count: Int
        var title: String { "\(completed ? tr.todos.completed : tr.todos.inProgress) · \(count)" }
    }

    /// How many todos each section has when `trees` holds only the head of the list.
    struct Totals: Equatable {
        var open: Int
        var completed: Int
    }

    /// With a `filter`, only todos whose title or a subtask's title contains it, and of those
    /// the matching subtasks with the subtasks above them. `totals` counts the sections when
    /// `trees` is only their head.
    static func build(trees: [TodoTree], expanded: Set<Int64>, filter: String? = nil, totals: Totals? = nil) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(trees.count + 2)
        let needle = filter?.lowercased()
        for completed in [false, true] {
            let section = trees.filter { $0.todo.completed == completed }
            let start = rows.count
            for tree in section {
                guard let id = tree.todo.id else { continue }
                let visible = needle.map { visibleSubtasks(tree, matching: $0) } ?? (expanded.contains(id) ? Set(tree.subtasks.compactMap(\.id)) : [])
                if needle != nil, visible.isEmpty, !tree.todo.title.lowercased().contains(needle!) { continue }
                rows.append(Row(todoId: id, depth: 0))
                if tree.subtasks.isEmpty || visible.isEmpty { continue }
                let children = Dictionary(grouping: tree.subtasks, by: \.parentId)
                func add(parent: Int64?, depth: Int) {
                    for sub in children[parent] ?? [] where visible.contains(sub.id ?? -1) {
                        rows.append(Row(todoId: id, subtask: sub, depth: depth))
                        if let sid = sub.id { add(parent: sid, depth: depth + 1) }
                    }
                }
                add(parent: nil, depth: 1)
            }
            var todos = rows[start...].filter { $0.subtask == nil }.count
            if todos > 0, let totals { todos = completed ? totals.completed : totals.open }
            if todos > 0 {
                rows.insert(Row(todoId: rows[start].todoId, depth: 0, section: Section(completed: completed, count: todos)), at: start)
            }
        }
        return rows
    }

    /// The ids of subtasks matching `needle`, with their ancestors (all of them when the todo's own title matches).
    private static func visibleSubtasks(_ tree: TodoTree, matching needle: String) -> Set<Int64> {
        if tree.todo.title.lowercased().contains(needle) { return Set(tree.subtasks.compactMap(\.id)) }
        let byId = Dictionary(tree.subtasks.compactMap { s in s.id.map { ($0, s) } }, uniquingKeysWith: { a, _ in a })
        var visible: Set<Int64> = []
        for sub in tree.subtasks where sub.title.lowercased().contains(needle) {
            var current: Subtask? = sub
            while let c = current, let id = c.id, visible.insert(id).inserted {
                current = c.parentId.flatMap { byId[$0] }
            }
        }
        return visible
    }
}
