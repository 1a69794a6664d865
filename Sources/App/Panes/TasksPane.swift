import Foundation
import Core
import Terminal

/// The month grid over the selected day's tasks.
enum TasksPane {
    static func draw(_ tasks: TasksState, in rect: Rect, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        guard rect.width > 4, rect.height > 2 else { return }
        let gridHeight = min(9, rect.height)
        let grid = Rect(x: rect.x + 1, y: rect.y, width: max(0, rect.width - 2), height: gridHeight)
        var marks: [Int: Style] = [:]
        var counts: [Int: Int] = [:]
        for (day, summary) in tasks.summary where day.year == tasks.selected.year && day.month == tasks.selected.month {
            counts[day.day] = summary.count
            marks[day.day] = summary.open > 0 ? theme.priority(summary.highestPriority == .none ? .low : summary.highestPriority) : theme[.muted]
        }
        let today = tasks.today.year == tasks.selected.year && tasks.today.month == tasks.selected.month ? tasks.today.day : nil
        MonthGrid.render(into: &canvas, rect: grid, year: tasks.selected.year, month: tasks.selected.month,
                         selectedDay: tasks.selected.day, today: today, marks: marks, counts: counts,
                         styles: MonthGridStyles(header: theme[.title], weekday: theme[.weekday], day: theme[.text],
                                                 selected: theme[.selection], today: theme[.today], muted: theme[.muted],
                                                 mark: theme[.dayMarker]))
        let listTop = rect.y + gridHeight
        guard listTop < rect.y + rect.height else { return }
        let header = DayFormat.long(tasks.selected) + (tasks.selected == tasks.today ? " · today" : "")
        canvas.put(header, x: rect.x + 1, y: listTop, style: theme[.accent], maxWidth: rect.width - 2)
        let rows = rect.y + rect.height - listTop - 1
        if tasks.dayTasks.isEmpty {
            if rows > 0 { canvas.put("No tasks", x: rect.x + 1, y: listTop + 1, style: theme[.muted], maxWidth: rect.width - 2) }
            return
        }
        let top = ListWindow.top(count: tasks.dayTasks.count, selected: tasks.selectedTask, height: rows, previousTop: 0)
        for (row, index) in (top..<min(tasks.dayTasks.count, top + rows)).enumerated() {
            let task = tasks.dayTasks[index]
            drawTask(task, today: tasks.today, selected: focused && index == tasks.selectedTask,
                     x: rect.x + 1, y: listTop + 1 + row, width: rect.width - 2, theme: theme, into: &canvas)
        }
    }

    private static func drawTask(_ task: TaskItem, today: CivilDate, selected: Bool, x: Int, y: Int, width: Int,
                                 theme: Theme, into canvas: inout Canvas) {
        var cx = x
        let base = selected ? theme[.selection] : theme[.text]
        if selected { canvas.fill(Rect(x: x, y: y, width: width, height: 1), style: base) }
        let time = task.dueTime?.hhmm ?? "all-day"
        cx += canvas.put(time.padding(toLength: 8, withPad: " ", startingAt: 0), x: cx, y: y, style: selected ? base : theme[.muted])
        let mark = task.completed ? "✓ " : (task.priority == .none ? "○ " : "● ")
        cx += canvas.put(mark, x: cx, y: y, style: selected ? base : (task.completed ? theme[.stepDone] : theme.priority(task.priority)))
        let overdue = !task.completed && (task.dueDate.map { $0 < today } ?? false)
        var suffix = task.category.map { " [\($0)]" } ?? ""
        if overdue { suffix += " overdue" }
        let room = max(0, x + width - cx - TextWidth.of(suffix))
        cx += canvas.put(truncate(task.title, toWidth: room), x: cx, y: y, style: task.completed && !selected ? theme[.muted] : base)
        if let category = task.category {
            cx += canvas.put(" [\(category)]", x: cx, y: y, style: selected ? base : theme[.category], maxWidth: x + width - cx)
        }
        if overdue { canvas.put(" overdue", x: cx, y: y, style: theme[.errorText], maxWidth: x + width - cx) }
    }
}

enum DayFormat {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    /// "Tue 24 November 2026".
    static func long(_ d: CivilDate) -> String {
        "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1]) \(d.year)"
    }
}
