import Foundation
import Core
import Terminal
import Storage

/// The month grid over the selected day's tasks.
enum TasksPane {
    static func gridRect(in rect: Rect) -> Rect {
        Rect(x: rect.x + 1, y: rect.y, width: max(0, rect.width - 2), height: min(9, rect.height))
    }

    enum Hit: Equatable { case day(CivilDate), task(Int) }

    /// What a click at (x, y) inside the pane's `rect` lands on.
    static func hit(_ tasks: TasksState, in rect: Rect, x: Int, y: Int) -> Hit? {
        let grid = gridRect(in: rect)
        let month = tasks.selected.firstOfMonth
        if let offset = MonthGrid.dayOffset(atX: x, y: y, rect: grid, year: month.year, month: month.month) {
            return .day(month.adding(days: offset))
        }
        let lines = listLines(tasks), rows = rect.y + rect.height - grid.maxY - 1
        let selectedLine = lines.firstIndex { $0.taskIndex == tasks.selectedTask } ?? 0
        let top = ListWindow.top(count: lines.count, selected: selectedLine, height: rows, previousTop: 0)
        let line = top + y - (grid.maxY + 1)
        guard y > grid.maxY, lines.indices.contains(line), let index = lines[line].taskIndex else { return nil }
        return .task(index)
    }

    static func draw(_ tasks: TasksState, conflicts: [SyncConflictSummary] = [], in rect: Rect, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        guard rect.width > 4, rect.height > 2 else { return }
        let grid = gridRect(in: rect)
        let gridHeight = grid.height
        var marks: [Int: Style] = [:]
        var counts: [Int: Int] = [:]
        for (day, summary) in tasks.summary where day.year == tasks.selected.year && day.month == tasks.selected.month {
            counts[day.day] = summary.count
            marks[day.day] = summary.open > 0 ? theme.priority(summary.highestPriority == .none ? .low : summary.highestPriority) : theme[.muted]
        }
        let today = tasks.today.year == tasks.selected.year && tasks.today.month == tasks.selected.month ? tasks.today.day : nil
        MonthGrid.render(into: &canvas, rect: grid, year: tasks.selected.year, month: tasks.selected.month,
                         title: tr.dates.monthTitle(tasks.selected), weekdayNames: tr.dates.weekdaysShort,
                         selectedDay: tasks.selected.day, today: today, marks: marks, counts: counts,
                         styles: MonthGridStyles(header: theme[.title], weekday: theme[.weekday], day: theme[.text],
                                                 selected: theme[.selection], today: theme[.today], muted: theme[.muted],
                                                 mark: theme[.dayMarker]))
        let listTop = rect.y + gridHeight
        guard listTop < rect.y + rect.height else { return }
        canvas.put(listHeader(tasks), x: rect.x + 1, y: listTop, style: theme[.accent], maxWidth: rect.width - 2)
        let rows = rect.y + rect.height - listTop - 1
        let lines = listLines(tasks)
        if lines.isEmpty {
            let empty = tasks.mode == .day ? tr.tasks.noTasks : tr.tasks.nothingFound
            if rows > 0 { canvas.put(empty, x: rect.x + 1, y: listTop + 1, style: theme[.muted], maxWidth: rect.width - 2) }
            return
        }
        let selectedLine = lines.firstIndex { $0.taskIndex == tasks.selectedTask } ?? 0
        let top = ListWindow.top(count: lines.count, selected: selectedLine, height: rows, previousTop: 0)
        for (row, index) in (top..<min(lines.count, top + rows)).enumerated() {
            let y = listTop + 1 + row
            switch lines[index] {
            case .day(let day):
                canvas.put(DayFormat.long(day) + (day == tasks.today ? " · " + tr.dates.today : ""), x: rect.x + 1, y: y, style: theme[.title], maxWidth: rect.width - 2)
            case .task(let i):
                drawTask(tasks.dayTasks[i], keptAsIs: tasks.dayTasks[i].id.map(tasks.keptRules.contains) ?? false,
                         conflict: conflicts.contains { $0.item == .task && $0.localId == tasks.dayTasks[i].id }, today: tasks.today, showDay: tasks.mode != .day && tasks.mode != .week,
                         selected: focused && i == tasks.selectedTask, x: rect.x + 1, y: y, width: rect.width - 2, theme: theme, into: &canvas)
            case .todo(let todo):
                let mark = todo.completed ? "☑ " : "☐ "
                canvas.put(DayFormat.padded(tr.tasks.todoLabel) + mark + Sanitized.oneLine(todo.title, max: 500), x: rect.x + 1, y: y, style: theme[todo.completed ? .muted : .text], maxWidth: rect.width - 2)
            }
        }
    }

    private static func listHeader(_ tasks: TasksState) -> String {
        switch tasks.mode {
        case .day: return DayFormat.long(tasks.selected) + (tasks.selected == tasks.today ? " · " + tr.dates.today : "")
        case .week: return tr.tasks.weekFrom(DayFormat.long(tasks.selected))
        case .filter(let text):
            let shown = Sanitized.oneLine(text, max: 30)
            guard tasks.listedFilter == text else { return tr.tasks.filterPending(shown) }
            return tr.tasks.filterHeader(shown, tasks.dayTasks.count, tasks.dayTasks.count >= AppDatabase.taskFilterLimit)
        }
    }

    /// What the list shows, line by line: in the week view a heading per day.
    enum Line: Equatable {
        case day(CivilDate)
        case task(Int)
        case todo(DueTodo)
        var taskIndex: Int? { if case .task(let i) = self { return i } else { return nil } }
    }

    static func listLines(_ tasks: TasksState) -> [Line] {
        let taskLines = tasks.dayTasks.indices.map(Line.task)
        guard tasks.mode == .week else { return taskLines + tasks.dayTodos.map(Line.todo) }
        // Seven headings from the selected day, each over its tasks; a free day keeps its heading.
        var lines: [Line] = []
        var placed = Set<Int>()
        for offset in 0..<7 {
            let day = tasks.selected.adding(days: offset)
            lines.append(.day(day))
            for (i, task) in tasks.dayTasks.enumerated() where task.dueDate == day {
                lines.append(.task(i))
                placed.insert(i)
            }
        }
        return lines + taskLines.filter { !placed.contains($0.taskIndex!) }
    }

    private static func drawTask(_ task: TaskItem, keptAsIs: Bool, conflict: Bool, today: CivilDate, showDay: Bool, selected: Bool, x: Int, y: Int, width: Int,
                                 theme: Theme, into canvas: inout Canvas) {
        var cx = x
        let base = selected ? theme[.selection] : theme[.text]
        if selected { canvas.fill(Rect(x: x, y: y, width: width, height: 1), style: base) }
        if showDay {
            cx += canvas.put((task.dueDate?.iso ?? tr.dates.noDate) + " ", x: cx, y: y, style: selected ? base : theme[.muted])
        }
        cx += canvas.put(DayFormat.padded(task.dueTime?.hhmm ?? tr.dates.allDay), x: cx, y: y, style: selected ? base : theme[.muted])
        let mark = task.completed ? "✓ " : (task.priority == .none ? "○ " : "● ")
        cx += canvas.put(mark, x: cx, y: y, style: selected ? base : (task.completed ? theme[.stepDone] : theme.priority(task.priority)))
        // A sync conflict waiting for a side (C picks it).
        if conflict { cx += canvas.put(SyncState.conflictMark, x: cx, y: y, style: selected ? base : theme[.errorText]) }
        // After the title, each with its color; the title keeps priority over them (RowFit).
        var marks: [RowFit.Mark] = []
        if task.recurrence != nil { marks.append(.init(text: " ↻", style: theme[.muted], rank: 3)) }
        if keptAsIs {  // a calendar's rule the app cannot expand: cut first when narrow
            marks.append(.init(text: " " + tr.tasks.ruleKeptAsIs, style: theme[.muted], rank: 1, elastic: true))
        }
        if task.priority != .none { marks.append(.init(text: " !" + tr.tasks.priority(task.priority), style: theme.priority(task.priority), rank: 1)) }
        if let category = task.category { marks.append(.init(text: " [\(tr.tasks.category(category))]", style: theme[.category], rank: 2)) }
        if !task.completed, let day = task.dueDate, day < today { marks.append(.init(text: " " + tr.tasks.overdue, style: theme[.errorText], rank: 4)) }
        if let note = task.notes.split(separator: "\n").first {
            marks.append(.init(text: " — " + Sanitized.oneLine(String(note), max: 80), style: theme[.muted], rank: 0, elastic: true))
        }
        let fitted = RowFit.fit(title: Sanitized.oneLine(task.title, max: 500), marks: marks, width: max(0, x + width - cx))
        cx += canvas.put(fitted.title, x: cx, y: y, style: task.completed && !selected ? theme[.muted] : base)
        for mark in fitted.marks {
            cx += canvas.put(mark.text, x: cx, y: y, style: selected ? base : mark.style, maxWidth: max(0, x + width - cx))
        }
    }
}

enum DayFormat {
    /// "Tue 24 November 2026", in the current language.
    static func long(_ d: CivilDate) -> String { tr.dates.long(d) }

    /// The time column of the day list: 8 columns wide, whatever the language's words take.
    static func padded(_ text: String) -> String {
        text + String(repeating: " ", count: max(1, 8 - TextWidth.of(text)))
    }
}
