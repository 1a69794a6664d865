import Foundation
import Core
import Terminal

/// The todo tree: todos with progress, subtasks indented under them.
enum TodosPane {
    /// The row under a click inside the pane's `rect` (as last drawn), and whether it is on the fold marker.
    static func hit(_ todos: TodosState, in rect: Rect, x: Int, y: Int) -> (row: Int, onFold: Bool)? {
        let row = todos.top + y - rect.y
        guard rect.contains(x: x, y: y), todos.rows.indices.contains(row), todos.rows[row].section == nil else { return nil }
        let foldX = rect.x + 1 + todos.rows[row].depth * 2
        return (row, todos.rows[row].subtask == nil && (foldX...foldX + 1).contains(x))
    }

    /// " ✎" for notes, " due 2026-12-01" for a due date.
    static func marks(notes: String, due: CivilDate?) -> String {
        (notes.isEmpty ? "" : " ✎") + (due.map { " \(tr.todos.due) \($0.iso)" } ?? "")
    }

    static func draw(_ todos: inout TodosState, in rect: Rect, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        guard rect.width > 4, rect.height > 0 else { return }
        let rows = todos.rows
        if rows.isEmpty {
            let empty = todos.filter.map { tr.todos.nothingMatches(Sanitized.oneLine($0, max: 30)) } ?? tr.todos.noTodos
            canvas.put(empty, x: rect.x + 1, y: rect.y, style: theme[.muted], maxWidth: rect.width - 2)
            return
        }
        todos.top = ListWindow.top(count: rows.count, selected: todos.selectedRow, height: rect.height, previousTop: todos.top)
        for (offset, index) in (todos.top..<min(rows.count, todos.top + rect.height)).enumerated() {
            let row = rows[index]
            let y = rect.y + offset
            if let section = row.section {
                canvas.put(section + (todos.filter.map { " · filter “\(Sanitized.oneLine($0, max: 20))”" } ?? ""),
                           x: rect.x + 1, y: y, style: theme[.title], maxWidth: rect.width - 2)
                continue
            }
            guard let tree = todos.tree(row.todoId) else { continue }
            let selected = focused && index == todos.selectedRow
            let base = selected ? theme[.selection] : theme[.text]
            if selected { canvas.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: base) }
            var x = rect.x + 1 + row.depth * 2
            if let sub = row.subtask {
                x += canvas.put(sub.completed ? "☑ " : "☐ ", x: x, y: y, style: selected ? base : theme[sub.completed ? .stepDone : .muted])
                let tail = marks(notes: sub.notes, due: sub.dueDate)
                x += canvas.put(truncate(Sanitized.oneLine(sub.title, max: 500), toWidth: max(0, rect.x + rect.width - x - TextWidth.of(tail) - 1)), x: x, y: y,
                                style: sub.completed && !selected ? theme[.muted] : base)
                canvas.put(tail, x: x, y: y, style: selected ? base : theme[.muted], maxWidth: rect.x + rect.width - x)
            } else {
                let fold = tree.subtaskCount == 0 ? "  " : (todos.expanded.contains(row.todoId) ? "▾ " : "▸ ")
                x += canvas.put(fold, x: x, y: y, style: selected ? base : theme[.muted])
                x += canvas.put(tree.todo.completed ? "☑ " : "☐ ", x: x, y: y, style: selected ? base : theme[tree.todo.completed ? .stepDone : .accent])
                let progress = (tree.subtaskCount == 0 ? "" : " \(tree.doneCount)/\(tree.subtaskCount)")
                    + marks(notes: tree.todo.notes, due: tree.todo.dueDate)
                let room = max(0, rect.x + rect.width - x - TextWidth.of(progress) - 1)
                x += canvas.put(truncate(Sanitized.oneLine(tree.todo.title, max: 500), toWidth: room), x: x, y: y,
                                style: tree.todo.completed && !selected ? theme[.muted] : Style(fg: base.fg, bg: base.bg, bold: true, reverse: base.reverse))
                canvas.put(progress, x: x, y: y, style: selected ? base : theme[.muted], maxWidth: rect.x + rect.width - x)
            }
        }
    }
}
