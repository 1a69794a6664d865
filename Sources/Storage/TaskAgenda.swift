import Foundation
import GRDB
import Core

extension DaySummary {
    /// Both days' counts together.
    public func adding(_ other: DaySummary) -> DaySummary {
        DaySummary(count: count + other.count, open: open + other.open, highestPriority: max(highestPriority, other.highestPriority))
    }

    /// Counts `tasks` (occurrences, say) on their days.
    public static func add(_ tasks: some Sequence<TaskItem>, to summary: inout [CivilDate: DaySummary]) {
        for task in tasks {
            guard let day = task.dueDate else { continue }
            add(on: day, completed: task.completed, priority: task.priority, to: &summary)
        }
    }

    private static func add(on day: CivilDate, completed: Bool, priority: Priority, to summary: inout [CivilDate: DaySummary]) {
        var entry = summary[day] ?? DaySummary(count: 0, open: 0, highestPriority: .none)
        entry.count += 1
        if !completed {
            entry.open += 1
            entry.highestPriority = max(entry.highestPriority, priority)
        }
        summary[day] = entry
    }
}

/// Calendar queries that include the occurrences of repeating tasks.
extension AppDatabase {
    /// Tasks between two days (both included) with the occurrences of series, in day order
    /// (all-day first, then by time, then by title). `series` saves re-reading them.
    public func agenda(from start: CivilDate, to end: CivilDate, series: TaskSeriesSet? = nil) throws -> [TaskItem] {
        let single = try singleTasks(from: start, to: end)
        let repeating = try occurrences(of: series ?? taskSeries(startingBy: end), in: start...end)
        return (single + repeating).sorted(by: Self.dayOrder)
    }

    /// The tasks that do not repeat between two days (both included), unsorted.
    public func singleTasks(from start: CivilDate, to end: CivilDate) throws -> [TaskItem] {
        try pool.read { db in
            try TaskItem.fetchPositional(db, where: "dueDate BETWEEN ? AND ? AND recurrence IS NULL", arguments: [start, end])
        }
    }

    public static func dayOrder(_ a: TaskItem, _ b: TaskItem) -> Bool {
        if a.dueDate != b.dueDate { return (a.dueDate ?? CivilDate(year: 9999, month: 1, day: 1)) < (b.dueDate ?? CivilDate(year: 9999, month: 1, day: 1)) }
        if (a.dueTime == nil) != (b.dueTime == nil) { return a.dueTime == nil }
        if a.dueTime != b.dueTime { return a.dueTime! < b.dueTime! }
        let titles = a.title.caseInsensitiveCompare(b.title)
        if titles != .orderedSame { return titles == .orderedAscending }
        return (a.id ?? 0) < (b.id ?? 0)
    }
}
