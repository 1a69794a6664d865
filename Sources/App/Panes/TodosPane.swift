import Foundation
import Core
import Terminal

/// The todo tree: todos with progress, subtasks indented under them.
enum TodosPane {
    /// The row under a click inside the pane's `rect` as last drawn from row `top`, and whether it is on the fold marker.
    static func hit(_ todos: TodosState, top: Int, in rect: Rect, x: Int, y: Int) -> (row: Int, onFold: Bool)? {
        let row = top + y - rect.y
        guard rect.contains(x: x, y: y), todos.rows.indices.contains(row), todos.rows[row].section == nil else { return nil }
        let foldX = rect.x + 1 + todos.rows[row].depth * 2
        return (row, todos.rows[row].subtask == nil && (foldX...foldX + 1).contains(x))
    }

    /// " 1/3" for the subtasks done, " ✎" for notes, " due 2026-12-01" for a due date; the
    /// title keeps priority over them (RowFit), the count and the date over the ✎.
    static func marks(progress: String = "", notes: String, due: CivilDate?, style: Style) -> [RowFit.Mark] {
        var marks: [RowFit.Mark] = []
        if !progress.isEmpty { marks.append(.init(text: progress, style: style, rank: 3)) }
        if !notes.isEmpty { marks.append(.init(text: " ✎", style: style, rank: 1)) }
        if let due { marks.append(.init(text: " \(tr.todos.due) \(due.iso)", style: style, rank: 2)) }
        return marks
    }

    /// Draws the rows from `top`, moved just enough to show the selection (the window stays
    /// put while the selection is in it).
    static func draw(_ todos: TodosState, conflicts: [SyncConflictSummary] = [], top: inout Int, in rect: Rect, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        guard rect.width > 4, rect.height > 0 else { return }
        let rows = todos.rows
        if rows.isEmpty {
            let empty = todos.filter.map { tr.todos.nothingMatches(Sanitized.oneLine($0, max: 30)) } ?? tr.todos.noTodos
            canvas.put(empty, x: rect.x + 1, y: rect.y, style: theme[.muted], maxWidth: rect.width - 2)
            return
        }
        top = ListWindow.top(count: rows.count, selected: todos.selectedRow, height: rect.height, previousTop: top)
        for (offset, index) in (top..<min(rows.count, top + rect.height)).enumerated() {
            let row = rows[index]
            let y = rect.y + offset
            if let section = row.section {
                canvas.put(section.title + (todos.filter.map { tr.todos.filterMark(Sanitized.oneLine($0, max: 20)) } ?? ""),
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
                if conflicts.contains(where: { $0.item == .subtask && $0.localId == sub.id }) {
                    x += canvas.put(SyncState.conflictMark, x: x, y: y, style: selected ? base : theme[.errorText])
                }
                let fitted = RowFit.fit(title: Sanitized.oneLine(sub.title, max: 500), marks: marks(notes: sub.notes, due: sub.dueDate, style: theme[.muted]),
                                        width: max(0, rect.x + rect.width - x - 1))
                x += canvas.put(fitted.title, x: x, y: y, style: sub.completed && !selected ? theme[.muted] : base)
                for mark in fitted.marks { x += canvas.put(mark.text, x: x, y: y, style: selected ? base : mark.style) }
            } else {
                let fold = tree.subtaskCount == 0 ? "  " : (todos.expanded.contains(row.todoId) ? "▾ " : "▸ ")
                x += canvas.put(fold, x: x, y: y, style: selected ? base : theme[.muted])
                x += canvas.put(tree.todo.completed ? "☑ " : "☐ ", x: x, y: y, style: selected ? base : theme[tree.todo.completed ? .stepDone : .accent])
                if conflicts.contains(where: { $0.item == .todo && $0.localId == tree.todo.id }) {
                    x += canvas.put(SyncState.conflictMark, x: x, y: y, style: selected ? base : theme[.errorText])
                }
                let progress = tree.subtaskCount == 0 ? "" : " \(tree.doneCount)/\(tree.subtaskCount)"
                let fitted = RowFit.fit(title: Sanitized.oneLine(tree.todo.title, max: 500),
                                        marks: marks(progress: progress, notes: tree.todo.notes, due: tree.todo.dueDate, style: theme[.muted]),
                                        width: max(0, rect.x + rect.width - x - 1))
                x += canvas.put(fitted.title, x: x, y: y,
                                style: tree.todo.completed && !selected ? theme[.muted] : Style(fg: base.fg, bg: base.bg, bold: true, reverse: base.reverse))
                for mark in fitted.marks { x += canvas.put(mark.text, x: x, y: y, style: selected ? base : mark.style) }
            }
        }
    }
}
