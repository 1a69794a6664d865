import Foundation
import Core
import Terminal
import Storage

/// The Todos pane's editing keys: Space, a, A, e, n, N, D, d, J, K, /, u, Ctrl-R.
func handleTodoEditKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    switch key {
    case .text("/"):
        state[overlay: Form.self] = Form(title: tr.todos.filterTitle, fields: [Form.Field(tr.todos.text, state.todos.filter ?? "", id: "Text", hint: tr.todos.filterHint)],
                          purpose: .filterTodos(previous: state.todos.filter))
        return []
    case .escape where state.todos.filter != nil || state.todos.pendingFilter != nil:
        state.todos.setFilter(nil)
        return [.reloadTodos]
    case .text("u"): return [.undo(.todos)]
    case .ctrl("r"): return [.redo(.todos)]
    case .text("a") where state.todos.rows.isEmpty:
        state[overlay: Form.self] = titleForm(tr.todos.newTodo, purpose: .addTodo(afterPosition: nil))
        return []
    default: break
    }
    guard let (row, tree) = selectedTodoRow(state), let todoId = tree.todo.id else { return [] }
    let subtaskId = row.subtask?.id
    let title = row.subtask?.title ?? tree.todo.title
    let notes = row.subtask?.notes ?? tree.todo.notes
    switch key {
    case .text(" "), .text("x"): return toggleTodoCompleted(&state, row: row, tree: tree)
    case .text("C"): return askConflictSide(&state, subtaskId == nil ? .todo : .subtask, id: subtaskId ?? todoId)
    case .text("a"):
        if let sub = row.subtask {
            state[overlay: Form.self] = titleForm(tr.todos.newSubtask, purpose: .addSubtask(todoId: todoId, parentId: sub.parentId))
        } else {
            state[overlay: Form.self] = titleForm(tr.todos.newTodo, purpose: .addTodo(afterPosition: tree.todo.position))
        }
    case .text("A"):
        state[overlay: Form.self] = titleForm(tr.todos.newSubtaskOf(Sanitized.oneLine(title, max: 30)),
                               purpose: .addSubtask(todoId: todoId, parentId: subtaskId))
    case .text("e"):
        state[overlay: Form.self] = titleForm(tr.todos.rename, text: title,
                               purpose: subtaskId.map { .renameSubtask($0) } ?? .renameTodo(todoId))
    case .text("n"):
        state[overlay: Form.self] = Form(title: tr.todos.notesOf(Sanitized.oneLine(title, max: 30)),
                          fields: [Form.Field(tr.todos.notes, notes, id: "Notes", hint: tr.todos.notesHint)],
                          purpose: .todoNotes(todoId: todoId, subtaskId: subtaskId))
    case .text("N"): return [.changeTodo(.notesInEditor(todoId: todoId, subtaskId: subtaskId))]
    case .text("D"):
        let due = row.subtask.map { $0.dueDate } ?? tree.todo.dueDate
        state[overlay: Form.self] = Form(title: tr.todos.dueOf(Sanitized.oneLine(title, max: 30)),
                          fields: [Form.Field(tr.todos.dueLabel, due?.iso ?? "", id: "Due", hint: tr.todos.dueHint)],
                          purpose: .todoDue(todoId: todoId, subtaskId: subtaskId))
    case .text("d"), .delete:
        let children = row.subtask == nil ? tree.subtaskCount : descendants(of: row.subtask!, in: tree).count
        state[overlay: Choice.self] = .confirm(tr.todos.delete(Sanitized.oneLine(title, max: 40), children),
                                [.changeTodo(.delete(todoId: todoId, subtaskId: subtaskId))])
    case .text("J"): return [.changeTodo(.move(todoId: todoId, subtaskId: subtaskId, by: 1))]
    case .text("K"): return [.changeTodo(.move(todoId: todoId, subtaskId: subtaskId, by: -1))]
    default: break
    }
    return []
}

private func titleForm(_ title: String, text: String = "", purpose: FormPurpose) -> Form {
    Form(title: title, fields: [Form.Field(tr.todos.title, text, id: "Title")], purpose: purpose)
}

func selectedTodoRow(_ state: AppState) -> (TodoRows.Row, TodoTree)? {
    let rows = state.todos.rows
    guard rows.indices.contains(state.todos.selectedRow) else { return nil }
    let row = rows[state.todos.selectedRow]
    return state.todos.tree(row.todoId).map { (row, $0) }
}

/// Completing something with open children asks whether they are done too.
private func toggleTodoCompleted(_ state: inout AppState, row: TodoRows.Row, tree: TodoTree) -> [Effect] {
    guard let todoId = tree.todo.id else { return [] }
    let completed = !(row.subtask?.completed ?? tree.todo.completed)
    let subtaskId = row.subtask?.id
    let openChildren: Int
    if let sub = row.subtask {
        openChildren = descendants(of: sub, in: tree).filter { !$0.completed }.count
    } else {
        openChildren = tree.subtaskCount - tree.doneCount
    }
    let plain = Effect.changeTodo(.setCompleted(todoId: todoId, subtaskId: subtaskId, completed: completed, withChildren: false))
    guard completed, openChildren > 0 else { return [plain] }
    let title = Sanitized.oneLine(row.subtask?.title ?? tree.todo.title, max: 40)
    state[overlay: Choice.self] = Choice(question: tr.todos.completeChildren(title, openChildren), options: [
        .init(key: "y", label: tr.todos.yesAll, effects: [.changeTodo(.setCompleted(todoId: todoId, subtaskId: subtaskId, completed: true, withChildren: true))]),
        .init(key: "n", label: tr.todos.onlyThisOne, effects: [plain]),
    ])
    return []
}

private func descendants(of subtask: Subtask, in tree: TodoTree) -> [Subtask] {
    guard let id = subtask.id else { return [] }
    let children = Dictionary(grouping: tree.subtasks, by: \.parentId)
    var found: [Subtask] = [], parents: [Int64?] = [id]
    while let parent = parents.popLast() {
        for child in children[parent] ?? [] {
            found.append(child)
            parents.append(child.id)
        }
    }
    return found
}

