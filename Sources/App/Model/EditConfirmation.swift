import Foundation
import Core

/// What the status bar says once a change to Tasks or Todos is stored: every change replaces
/// the notice of the one before ("Undid: …" must not stay up over a delete). Worked out from
/// the state before the change, which still holds the titles; nil: the change speaks for
/// itself on the screen (a move) and the old notice is only cleared.
enum EditConfirmation {
    static func text(for edit: TaskEdit, in state: AppState) -> String? {
        let words = tr.notices
        let text: String
        switch edit {
        case .save(let task, _), .saveOccurrence(let task, _, _, _):
            let before = task.id.flatMap { id in state.tasks.dayTasks.first { $0.id == id } }
            text = changed(title: short(task.title), isNew: task.id == nil, completed: task.completed, before: before?.completed)
        case .delete(let id), .deleteOccurrence(let id, _, _):
            text = words.deleted(short(state.tasks.dayTasks.first { $0.id == id }?.title ?? ""))
        }
        return text + hint(.tasks, state)
    }

    static func text(for edit: TodoEdit, in state: AppState) -> String? {
        let words = tr.notices
        let text: String
        switch edit {
        case .addTodo(let title, _), .addSubtask(_, _, let title):
            text = words.added(short(title))
        case .rename(_, _, let title):
            text = words.saved(short(title))
        case .setNotes(let todoId, let subtaskId, _), .notesInEditor(let todoId, let subtaskId), .setDue(let todoId, let subtaskId, _):
            text = words.saved(title(todoId, subtaskId, state.todos))
        case .setCompleted(let todoId, let subtaskId, let completed, _):
            text = (completed ? words.completed : words.reopened)(title(todoId, subtaskId, state.todos))
        case .delete(let todoId, let subtaskId):
            text = words.deleted(title(todoId, subtaskId, state.todos))
        case .move:
            return nil
        }
        return text + hint(.todos, state)
    }

    private static func changed(title: String, isNew: Bool, completed: Bool, before: Bool?) -> String {
        let words = tr.notices
        if isNew { return words.added(title) }
        if let before, before != completed { return (completed ? words.completed : words.reopened)(title) }
        return words.saved(title)
    }

    private static func title(_ todoId: Int64, _ subtaskId: Int64?, _ todos: TodosState) -> String {
        let tree = todos.tree(todoId)
        guard let subtaskId else { return short(tree?.todo.title ?? "") }
        return short(tree?.subtasks.first { $0.id == subtaskId }?.title ?? "")
    }

    private static func short(_ title: String) -> String { Sanitized.oneLine(title, max: 60) }

    /// u undoes it in the pane it belongs to: named when the focus is elsewhere (an action item
    /// becomes a todo from the chat).
    private static func hint(_ pane: PaneID, _ state: AppState) -> String {
        state.focus == pane ? tr.notices.undoHint : tr.notices.undoHintIn(pane.title)
    }
}
