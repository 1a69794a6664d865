import Foundation
import Core
import Storage

/// Loads what the Todos pane shows: every todo with its subtask counts, and the subtasks of the
/// unfolded ones only. Works out the folds on a copy of the pane (todos that appeared since
/// the last load unfold; a small collection, at most `unfoldAllLimit` subtasks, unfolds whole
/// the first time, as most people keep few lists) and returns the trees with them.
struct TodoPaneLoader {
    let database: AppDatabase
    static let unfoldAllLimit = 300

    func load(for current: TodosState) throws -> TodosLoad {
        var todos = current
        let firstLoad = !todos.loadedOnce
        var needsSubtasks = todos.setTrees(try database.todoTrees(loadingSubtasksOf: todos.expanded))
        if firstLoad, todos.trees.reduce(0, { $0 + $1.subtaskCount }) <= Self.unfoldAllLimit {
            needsSubtasks = todos.setExpanded(todos.allIds)
        }
        if needsSubtasks { todos.setTrees(try database.todoTrees(loadingSubtasksOf: todos.expanded)) }
        return TodosLoad(trees: todos.trees, expanded: todos.expanded)
    }
}
