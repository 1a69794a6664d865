import Foundation
import Core
import Storage

/// Loads what the Todos pane shows: every todo with its subtask counts, and the subtasks of the
/// unfolded ones only. Returns the pane given with the trees taken (todos that appeared since
/// the last load unfold; a small collection, at most `unfoldAllLimit` subtasks, unfolds whole
/// the first time, as most people keep few lists); `update` puts it in the state.
struct TodoPaneLoader {
    let database: AppDatabase
    static let unfoldAllLimit = 300

    func load(into current: TodosState) throws -> TodosState {
        var todos = current
        let firstLoad = !todos.loadedOnce
        // A filter looks into every subtask, folded or not: all of them are read.
        var loading: Set<Int64>? { todos.filter == nil && todos.pendingFilter == nil ? todos.expanded : nil }
        var needsSubtasks = todos.setTrees(try database.todoTrees(loadingSubtasksOf: loading))
        if firstLoad, todos.trees.reduce(0, { $0 + $1.subtaskCount }) <= Self.unfoldAllLimit {
            needsSubtasks = todos.setExpanded(todos.allIds)
        }
        if needsSubtasks { todos.setTrees(try database.todoTrees(loadingSubtasksOf: loading)) }
        return todos
    }
}
