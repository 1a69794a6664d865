import Foundation
import Core
import Terminal
import Tools

/// Keys while a form is open: editing stays in the form; Enter reads it and asks for the change.
func handleFormKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var form = state[overlay: Form.self] else { return [] }
    let before = form.fields.first?.text
    switch form.handle(key) {
    case .editing:
        state[overlay: Form.self] = form
        return form.fields.first?.text == before ? [] : filterAsTyped(&state, form)
    case .cancel:
        state[overlay: Form.self] = nil
        return putBackFilter(&state, form.purpose)
    case .submit:
        let effects = submit(&state, &form)
        // A form that did not read stays open with its errors and everything typed.
        if state[overlay: Form.self] != nil { state[overlay: Form.self] = form }
        return effects
    }
}

private func submit(_ state: inout AppState, _ form: inout Form) -> [Effect] {
    let today = state.tasks.today
    func close(_ effects: [Effect]) -> [Effect] { state[overlay: Form.self] = nil; return effects }
    func title() -> String? {
        let text = Sanitized.oneLine(form.fields[0].text, max: 500)
        if text.isEmpty { form.setError(form.fields[0].id, tr.todos.needsTitle) }
        return text.isEmpty ? nil : text
    }
    switch form.purpose {
    case .task(let base, let occurrence):
        return submitTaskForm(&state, &form, base: base, occurrence: occurrence)
    case .addTodo(let after):
        guard let title = title() else { return [] }
        return close([.changeTodo(.addTodo(title: title, afterPosition: after))])
    case .addSubtask(let todoId, let parentId):
        guard let title = title() else { return [] }
        return close([.changeTodo(.addSubtask(todoId: todoId, parentId: parentId, title: title))])
    case .renameTodo(let id):
        guard let title = title() else { return [] }
        return close([.changeTodo(.rename(todoId: id, subtaskId: nil, title: title))])
    case .renameSubtask(let id):
        guard let title = title(), let todoId = state.todos.rows.first(where: { $0.subtask?.id == id })?.todoId else { return [] }
        return close([.changeTodo(.rename(todoId: todoId, subtaskId: id, title: title))])
    case .todoNotes(let todoId, let subtaskId):
        return close([.changeTodo(.setNotes(todoId: todoId, subtaskId: subtaskId, notes: form.fields[0].editor.text))])
    case .todoDue(let todoId, let subtaskId):
        let text = form.fields[0].text
        if text.isEmpty { return close([.changeTodo(.setDue(todoId: todoId, subtaskId: subtaskId, day: nil))]) }
        guard let day = resolveDate(text, today: today) else {
            form.setError("Due", tr.todos.badDue(text))
            return []
        }
        return close([.changeTodo(.setDue(todoId: todoId, subtaskId: subtaskId, day: day))])
    case .gotoDate:
        let text = form.fields[0].text
        guard let day = resolveDate(text, today: today) else {
            form.setError("Date", tr.taskForm.badDate(text))
            return []
        }
        state.tasks.selected = day
        state.tasks.selectedTask = 0
        if case .filter = state.tasks.mode { state.tasks.mode = .day }
        return close([.reloadTasks])
    case .filterTasks, .filterTodos:
        // Applied as typed already.
        return close([])
    case .record(let record):
        guard let saved = submitRecordForm(&form, record) else { return [] }
        return close([.records(.save(saved))])
    case .settings:
        // The settings screen has its own state and keys (handleSettingsKey), never `state[overlay: Form.self]`.
        return close([])
    }
}

/// The Tasks and Todos filters apply as they are typed, worked out off the loop: the Tasks
/// pane's query (`ResultEvent.taskFilterLoaded`) and the Todos rows (`.todoRowsFiltered`).
private func filterAsTyped(_ state: inout AppState, _ form: Form) -> [Effect] {
    let text = form.fields[0].text.trimmingCharacters(in: .whitespaces)
    switch form.purpose {
    case .filterTasks:
        state.tasks.mode = text.isEmpty ? .day : .filter(text)
        state.tasks.selectedTask = 0
        return [.reloadTasks]
    case .filterTodos:
        state.todos.selectedRow = 0
        guard !text.isEmpty else { state.todos.setFilter(nil); return [] }
        let subtasksRead = state.todos.filter != nil || state.todos.pendingFilter != nil
        state.todos.typeFilter(text)
        // Filtering needs every subtask: the first letter reads them.
        return subtasksRead ? [.filterTodoRows(text)] : [.reloadTodos]  // the load asks for the rows
    default: return []
    }
}

/// Esc in a filter's form: the filter there was before `/`.
private func putBackFilter(_ state: inout AppState, _ purpose: FormPurpose) -> [Effect] {
    switch purpose {
    case .filterTasks(let previous) where state.tasks.mode != previous:
        state.tasks.mode = previous
        return [.reloadTasks]
    case .filterTodos(let previous) where state.todos.filter != previous || state.todos.pendingFilter != nil:
        state.todos.setFilter(previous)
        return []
    default: return []
    }
}
