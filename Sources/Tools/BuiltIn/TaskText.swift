import Foundation
import Core

/// How tools write days and tasks in their results (read by the model and shown in the timeline).
public enum TaskText {
    static let weekdayShort = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let weekdayLong = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// "Tue 2026-11-24"
    public static func day(_ date: CivilDate) -> String { "\(weekdayShort[date.weekday - 1]) \(date.iso)" }

    /// “Call mom” (Tue 2026-11-24) — or just the quoted title for a task without a day.
    static func titleAndDay(_ task: TaskItem) -> String {
        task.dueDate.map { "\(quoted(task.title)) (\(day($0)))" } ?? quoted(task.title)
    }

    static func quoted(_ text: String) -> String { "“\(text)”" }

    /// "  17:00 Call mom [Personal] (medium) #12" as a line under its day; the id lets the
    /// model name the task in its next call.
    public static func line(_ task: TaskItem) -> String {
        // A task without a day has no "all day" either.
        var text = "  " + [task.dueTime?.hhmm ?? (task.dueDate == nil ? nil : "all day"), task.title].compactMap { $0 }.joined(separator: " ")
        if let category = task.category { text += " [\(category)]" }
        if task.priority != .none { text += " (\(task.priority.rawValue))" }
        if let list = task.list { text += " in \(quoted(list))" }
        if RecurrenceSet.keptAsIs(task.recurrence) { text += " ↻ repeats (rule kept as is)" }
        if task.completed { text += " ✓ done" }
        if let id = task.id { text += " #\(id)" }
        return text
    }

    /// "Tue 2026-11-24 17:00 Call mom [Personal] #12", or "no date: Buy milk #13": a task on a
    /// line of its own.
    public static func dated(_ task: TaskItem) -> String {
        (task.dueDate.map(day) ?? "no date:") + line(task).dropFirst(1)
    }

    /// "in 11 days", "today", "3 days ago"
    static func distance(from today: CivilDate, to date: CivilDate) -> String {
        switch today.days(until: date) {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case let days where days > 1: return "in \(days) days"
        case let days: return "\(-days) days ago"
        }
    }
}
