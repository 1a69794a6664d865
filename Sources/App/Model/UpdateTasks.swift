import Foundation
import Core
import Terminal
import Storage

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
    case .text("n"): moveTaskSelection(&state, by: 1)
    case .text("N"): moveTaskSelection(&state, by: -1)
    case .text("w"):
        state.tasks.mode = state.tasks.mode == .week ? .day : .week
        state.tasks.selectedTask = 0
        return [.reloadTasks]
    case .escape where state.tasks.mode != .day:
        state.tasks.mode = .day
        state.tasks.selectedTask = 0
        return [.reloadTasks]
    case .text("a"):
        let day = state.tasks.mode == .day ? state.tasks.selected : state.tasks.selectedItem?.dueDate ?? state.tasks.selected
        state[overlay: Form.self] = TaskForm.make(TaskItem(title: "", dueDate: day), occurrence: nil, today: state.tasks.today)
    case .text("e"), .enter:
        guard let task = state.tasks.selectedItem else { return [] }
        state[overlay: Form.self] = TaskForm.make(task, occurrence: task.recurrence != nil ? task.dueDate : nil, today: state.tasks.today)
    case .text("d"), .delete: askToDelete(&state)
    case .text("x"), .text(" "): return toggleTaskCompleted(&state)
    case .text("p"): return postpone(&state)
    case .text("/"):
        var text = ""
        if case .filter(let current) = state.tasks.mode { text = current }
        state[overlay: Form.self] = Form(title: tr.tasks.filterTitle, fields: [Form.Field(tr.todos.text, text, id: "Text", hint: tr.tasks.filterHint)],
                          purpose: .filterTasks(previous: state.tasks.mode))
    case .text("g"):
        state[overlay: Form.self] = Form(title: tr.tasks.goToTitle, fields: [Form.Field(tr.taskForm.date, "", id: "Date", hint: tr.tasks.goToHint)],
                          purpose: .gotoDate)
    case .text("C"): return askConflictSide(&state, .task, id: state.tasks.selectedItem?.id)
    case .text("u"): return [.undo(.tasks)]
    case .ctrl("r"): return [.redo(.tasks)]
    default: break
    }
    return []
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

func moveTaskSelection(_ state: inout AppState, by rows: Int) {
    state.tasks.selectedTask = max(0, min(state.tasks.selectedTask + rows, state.tasks.dayTasks.count - 1))
}

private func askToDelete(_ state: inout AppState) {
    guard let task = state.tasks.selectedItem, let id = task.id else { return }
    let title = Sanitized.oneLine(task.title, max: 40)
    if task.recurrence != nil, let day = task.dueDate {
        state[overlay: Choice.self] = Choice(question: tr.tasks.deleteRepeating(title), options: [
            .init(key: "o", label: tr.tasks.onlyDay(day), effects: [.changeTask(.deleteOccurrence(seriesId: id, day: day, scope: .this))]),
            .init(key: "f", label: tr.tasks.thisAndFuture, effects: [.changeTask(.deleteOccurrence(seriesId: id, day: day, scope: .future))]),
            .init(key: "a", label: tr.tasks.all, effects: [.changeTask(.delete(id: id))]),
        ])
    } else {
        state[overlay: Choice.self] = .confirm(tr.tasks.deleteOne(title), [.changeTask(.delete(id: id))])
    }
}

private func toggleTaskCompleted(_ state: inout AppState) -> [Effect] {
    guard var task = state.tasks.selectedItem, let id = task.id else { return [] }
    task.completed.toggle()
    task.completedAt = task.completed ? state.clock : nil
    if task.recurrence != nil, let day = task.dueDate {
        // One occurrence is done, not the series: it becomes a task of its own.
        return [.changeTask(.saveOccurrence(task, seriesId: id, day: day, scope: .this))]
    }
    return [.changeTask(.save(task, label: "\(task.completed ? "complete" : "reopen") “\(task.title)”"))]
}

private func postpone(_ state: inout AppState) -> [Effect] {
    guard var task = state.tasks.selectedItem, let id = task.id, let day = task.dueDate else { return [] }
    task.dueDate = max(day, state.tasks.today).adding(days: 1)
    if task.recurrence != nil {
        return [.changeTask(.saveOccurrence(task, seriesId: id, day: day, scope: .this))]
    }
    return [.changeTask(.save(task, label: "postpone “\(task.title)”"))]
}

/// Enter in a task form: an edit of one occurrence asks which ones it is for.
func submitTaskForm(_ state: inout AppState, _ form: inout Form, base: TaskItem, occurrence: CivilDate?) -> [Effect] {
    guard let task = TaskForm.read(&form, base: base, today: state.tasks.today) else { return [] }
    state[overlay: Form.self] = nil
    state.tasks.selected = task.dueDate ?? state.tasks.selected
    guard let id = base.id else { return [.changeTask(.save(task, label: nil))] }
    guard let day = occurrence, base.recurrence != nil else { return [.changeTask(.save(task, label: nil))] }
    let title = Sanitized.oneLine(task.title, max: 40)
    state[overlay: Choice.self] = Choice(question: tr.tasks.changeRepeating(title), options: [
        .init(key: "o", label: tr.tasks.onlyDay(day), effects: [.changeTask(.saveOccurrence(task, seriesId: id, day: day, scope: .this))]),
        .init(key: "f", label: tr.tasks.thisAndFuture, effects: [.changeTask(.saveOccurrence(task, seriesId: id, day: day, scope: .future))]),
        .init(key: "a", label: tr.tasks.all, effects: [.changeTask(.saveOccurrence(task, seriesId: id, day: day, scope: .all))]),
    ])
    return []
}
