import Foundation
import Core

/// `aihelper export --md`: tasks grouped by day ("## Tuesday 2026-12-01"), each a checklist
/// item with its time, title, category and priority; todos as nested checklists. Notes follow
/// their item, indented, so the list stays one list.
public enum MarkdownExport {
    public static func write(tasks: [TaskItem]?, todos: [TodoTree]?) -> String {
        var out: [String] = []
        if let tasks {
            out.append("# Tasks")
            if tasks.isEmpty { out += ["", "No tasks."] }
            var current: CivilDate??
            for task in tasks.sorted(by: dayOrder) {
                if current != .some(task.dueDate) {
                    current = .some(task.dueDate)
                    out += ["", "## " + (task.dueDate.map(heading) ?? "No date"), ""]
                }
                out.append(item(task))
                out += indentedNotes(task.notes, depth: 1)
            }
        }
        if let todos {
            if !out.isEmpty { out.append("") }
            out.append("# Todos")
            if todos.isEmpty { out += ["", "No todo lists."] }
            for tree in todos {
                out.append("")
                var line = check(tree.todo.completed) + tree.todo.title
                if let due = tree.todo.dueDate { line += " (due \(due.iso))" }
                out.append(line)
                out += indentedNotes(tree.todo.notes, depth: 1)
                out += subtaskLines(tree.subtasks, parent: nil, depth: 1)
            }
        }
        // Stored text came from outside (imports, models): a file that is `cat`-ed is a terminal's input.
        return Sanitizer.clean(out.joined(separator: "\n") + "\n")
    }

    private static func subtaskLines(_ subtasks: [Subtask], parent: Int64?, depth: Int) -> [String] {
        subtasks.filter { $0.parentId == parent }.flatMap { subtask -> [String] in
            var line = String(repeating: "  ", count: depth) + check(subtask.completed) + subtask.title
            if let due = subtask.dueDate { line += " (due \(due.iso))" }
            return [line] + indentedNotes(subtask.notes, depth: depth + 1)
                + (subtask.id.map { subtaskLines(subtasks, parent: $0, depth: depth + 1) } ?? [])
        }
    }

    /// "- [ ] 09:00 Dentist · Work · high priority · 1 h 30 min · repeats"
    private static func item(_ task: TaskItem) -> String {
        var parts = [[task.dueTime?.hhmm, task.title].compactMap { $0 }.joined(separator: " ")]
        if let category = task.category { parts.append(category) }
        if task.priority != .none { parts.append("\(task.priority.rawValue) priority") }
        if let minutes = task.durationMinutes, minutes > 0 {
            parts.append(task.dueTime == nil ? Counted.noun((minutes + 1_439) / 1_440, "day") : duration(minutes))
        }
        if task.recurrence != nil { parts.append("repeats") }
        return check(task.completed) + parts.joined(separator: " · ")
    }

    private static func check(_ done: Bool) -> String { done ? "- [x] " : "- [ ] " }

    private static func indentedNotes(_ notes: String, depth: Int) -> [String] {
        guard !notes.isEmpty else { return [] }
        return notes.split(separator: "\n", omittingEmptySubsequences: false).map { String(repeating: "  ", count: depth) + $0 }
    }

    private static func duration(_ minutes: Int) -> String {
        [minutes / 60 > 0 ? "\(minutes / 60) h" : nil, minutes % 60 > 0 ? "\(minutes % 60) min" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// Dated tasks by day (all-day first, then by time), tasks without a day last.
    private static func dayOrder(_ a: TaskItem, _ b: TaskItem) -> Bool {
        switch (a.dueDate, b.dueDate) {
        case (nil, nil): return false
        case (nil, _): return false
        case (_, nil): return true
        case let (x?, y?) where x != y: return x < y
        default: return (a.dueTime?.minutesSinceMidnight ?? -1) < (b.dueTime?.minutesSinceMidnight ?? -1)
        }
    }

    private static let weekdays: [String] = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar.weekdaySymbols
    }()

    /// "Tuesday 2026-12-01"
    private static func heading(_ day: CivilDate) -> String { weekdays[day.weekday - 1] + " " + day.iso }
}

/// "1 task", "3 tasks": counts in messages and exports.
public enum Counted {
    public static func noun(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
