import Foundation
import Core
import Storage

/// Carries out the changes the Tasks and Todos panes ask for. Each is one transaction and one
/// undo entry; the panes reload from the database afterwards (`refresh`, which also schedules the
/// reminders again), so what is shown is what is stored.
extension TUIApp {
    func changeTask(_ edit: TaskEdit) {
        let confirmation = EditConfirmation.text(for: edit, in: state), before = state.notice
        confirm(confirmation, if: attempt(tr.tasks.changeTheTask) {
            switch edit {
            case .save(let task, let label):
                if task.id == nil { _ = try database.insertTask(task) } else { try database.updateTask(task, label: label) }
            case .saveOccurrence(let task, let seriesId, let day, let scope):
                try database.saveOccurrence(task, seriesId: seriesId, day: day, scope: scope)
            case .delete(let id):
                try database.deleteTask(id: id)
            case .deleteOccurrence(let seriesId, let day, let scope):
                try database.deleteOccurrence(seriesId: seriesId, day: day, scope: scope)
            }
        }, before: before)
        refresh(tasks: true)
    }

    func changeTodo(_ edit: TodoEdit) {
        let confirmation = EditConfirmation.text(for: edit, in: state), before = state.notice
        let done = attempt(tr.todos.changeTheTodo) {
            switch edit {
            case .addTodo(let title, let after):
                let todo = try database.insertTodo(title: title, afterPosition: after)
                refresh(todos: true)
                select(todoId: todo.id, subtaskId: nil)
                return
            case .addSubtask(let todoId, let parentId, let title):
                let subtask = try database.addSubtask(todoId: todoId, parentId: parentId, title: title)
                apply(.todoUnfolded(todoId))
                refresh(todos: true)
                select(todoId: todoId, subtaskId: subtask.id)
                return
            case .rename(let todoId, let subtaskId, let title):
                try editTodoItem(todoId: todoId, subtaskId: subtaskId, label: { _ in "rename “\(title)”" }) { name, _ in name = title }
            case .setNotes(let todoId, let subtaskId, let notes):
                try editTodoItem(todoId: todoId, subtaskId: subtaskId, label: { "notes of “\($0)”" }) { _, text in text = notes }
            case .notesInEditor(let todoId, let subtaskId):
                let current = try subtaskId.map { try database.subtask(id: $0)?.notes ?? "" } ?? database.todoTree(id: todoId)?.todo.notes ?? ""
                guard let edited = editInEditor(current, name: "notes") else { throw EditorDeclined() }
                try editTodoItem(todoId: todoId, subtaskId: subtaskId, label: { "notes of “\($0)”" }) { _, text in text = edited }
            case .setDue(let todoId, let subtaskId, let day):
                try database.setTodoDue(todoId: todoId, subtaskId: subtaskId, day)
            case .setCompleted(let todoId, let subtaskId, let completed, let withChildren):
                if let subtaskId {
                    try database.setSubtaskCompleted(id: subtaskId, completed, includingChildren: withChildren)
                } else {
                    try database.setTodoCompleted(id: todoId, completed, includingSubtasks: withChildren)
                }
            case .delete(let todoId, let subtaskId):
                if let subtaskId { try database.deleteSubtask(id: subtaskId) } else { try database.deleteTodo(id: todoId) }
            case .move(let todoId, let subtaskId, let step):
                try database.moveTodoItem(todoId: todoId, subtaskId: subtaskId, by: step)
                refresh(todos: true)
                select(todoId: todoId, subtaskId: subtaskId)
                return
            }
            refresh(todos: true)
        }
        confirm(confirmation, if: done, before: before)
    }

    /// The editor did not run cleanly: it said so itself, and nothing is confirmed.
    private struct EditorDeclined: Error {}

    /// A stored change replaces the status bar's notice with what was done (nil: clears it);
    /// a failed one keeps the failure `attempt` put there, as does a change whose reload failed.
    private func confirm(_ text: String?, if done: Bool, before: Notice?) {
        guard done, state.notice == before || state.notice?.kind != .error else { return }
        show(text.map { Notice(text: $0, kind: .info, expires: Date().addingTimeInterval(6)) })
    }

    /// Changes the title and/or notes of a todo or a subtask; `label` gets the old title.
    private func editTodoItem(todoId: Int64, subtaskId: Int64?, label: (String) -> String,
                              _ change: (_ title: inout String, _ notes: inout String) -> Void) throws {
        if let subtaskId, var subtask = try database.subtask(id: subtaskId) {
            let name = label(subtask.title)
            change(&subtask.title, &subtask.notes)
            try database.updateSubtask(subtask, label: name)
        } else if var todo = try database.todoTree(id: todoId)?.todo {
            let name = label(todo.title)
            change(&todo.title, &todo.notes)
            try database.updateTodo(todo, label: name)
        }
    }

    private func select(todoId: Int64?, subtaskId: Int64?) {
        apply(.todoSelected(todoId: todoId, subtaskId: subtaskId))
    }

    func undo(_ area: JournalArea, redo: Bool) {
        attempt(redo ? tr.tasks.redoWord : tr.tasks.undoWord) {
            let entry = redo ? try database.redo(area) : try database.undo(area)
            let words = tr.notices
            let text = entry.map { (redo ? words.redid : words.undid)(Sanitized.oneLine(words.journalLabel($0.label), max: 60)) }
                ?? (redo ? words.nothingToRedo : words.nothingToUndo)
            show(Notice(text: text + (entry != nil && !redo ? words.redoHint : ""), kind: .info,
                        expires: Date().addingTimeInterval(6)))
        }
        refresh(tasks: area == .tasks, todos: area == .todos)
    }

    /// Runs a change; a failure leaves the data as it was and says so, with what to do.
    @discardableResult
    private func attempt(_ what: String, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch is EditorDeclined {
            return false
        } catch {
            show(Notice(text: tr.notices.couldNot(what, "\(error)"), kind: .error, expires: nil))
            return false
        }
    }

    /// Hands the screen to $VISUAL / $EDITOR on a temporary file holding `text`; nil when the
    /// editor did not run cleanly (a notice says so) and nothing should change.
    func editInEditor(_ text: String, name: String) -> String? {
        let env = ProcessInfo.processInfo.environment
        let editor = env["VISUAL"] ?? env["EDITOR"] ?? "vi"
        var edited: String?
        let ran = runOnFile(text, name: name, command: editor) { edited = try? String(contentsOf: $0, encoding: .utf8) }
        guard ran, let edited else {
            show(Notice(text: tr.notices.editorFailed(editor), kind: .error, expires: nil))
            return nil
        }
        return edited.hasSuffix("\n") ? String(edited.dropLast()) : edited
    }

    /// Hands the screen to `command` (a shell word list: "less -R") on a temporary file holding
    /// `text` (named with `fileExtension`, so the program can tell the language); `after` reads
    /// the file before it is removed. True when the command exited 0.
    @discardableResult
    func runOnFile(_ text: String, name: String, fileExtension: String = "md", command: String, after: (URL) -> Void = { _ in }) -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-\(getpid())-\(name).\(fileExtension)")
        do { try text.write(to: file, atomically: true, encoding: .utf8) } catch {
            show(Notice(text: tr.notices.cannotWriteTemporary(command, "\(error)"), kind: .error, expires: nil))
            return false
        }
        defer { try? FileManager.default.removeItem(at: file) }
        painter?.forget(on: backend)
        backend.suspend()
        let status = ForegroundProcess.run(["/bin/sh", "-c", "exec \(command) \"$1\"", "sh", file.path])
        backend.resume()
        guard status == 0 else { return false }
        after(file)
        return true
    }
}
