import Foundation
import Core
import Terminal

/// The todo tree: todos with progress, subtasks indented under them.
enum TodosPane {
    static func draw(_ todos: inout TodosState, in rect: Rect, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        guard rect.width > 4, rect.height > 0 else { return }
        let rows = todos.rows
        if rows.isEmpty {
            canvas.put("No todos yet. Ask: make a shopping list: eggs, milk", x: rect.x + 1, y: rect.y, style: theme[.muted], maxWidth: rect.width - 2)
            return
        }
        todos.top = ListWindow.top(count: rows.count, selected: todos.selectedRow, height: rect.height, previousTop: todos.top)
        for (offset, index) in (todos.top..<min(rows.count, todos.top + rect.height)).enumerated() {
            let row = rows[index]
            guard let tree = todos.tree(row.todoId) else { continue }
            let selected = focused && index == todos.selectedRow
            let y = rect.y + offset
            let base = selected ? theme[.selection] : theme[.text]
            if selected { canvas.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: base) }
            var x = rect.x + 1 + row.depth * 2
            if let sub = row.subtask {
                x += canvas.put(sub.completed ? "☑ " : "☐ ", x: x, y: y, style: selected ? base : theme[sub.completed ? .stepDone : .muted])
                x += canvas.put(truncate(sub.title, toWidth: max(0, rect.x + rect.width - x - 2)), x: x, y: y,
                                style: sub.completed && !selected ? theme[.muted] : base)
                if !sub.notes.isEmpty { canvas.put(" ✎", x: x, y: y, style: selected ? base : theme[.muted], maxWidth: rect.x + rect.width - x) }
            } else {
                let fold = tree.subtaskCount == 0 ? "  " : (todos.expanded.contains(row.todoId) ? "▾ " : "▸ ")
                x += canvas.put(fold, x: x, y: y, style: selected ? base : theme[.muted])
                x += canvas.put(tree.todo.completed ? "☑ " : "☐ ", x: x, y: y, style: selected ? base : theme[tree.todo.completed ? .stepDone : .accent])
                let progress = tree.subtaskCount == 0 ? "" : " \(tree.doneCount)/\(tree.subtaskCount)"
                let room = max(0, rect.x + rect.width - x - TextWidth.of(progress) - 1)
                x += canvas.put(truncate(tree.todo.title, toWidth: room), x: x, y: y,
                                style: tree.todo.completed && !selected ? theme[.muted] : Style(fg: base.fg, bg: base.bg, bold: true, reverse: base.reverse))
                canvas.put(progress, x: x, y: y, style: selected ? base : theme[.muted], maxWidth: rect.x + rect.width - x)
            }
        }
    }
}
