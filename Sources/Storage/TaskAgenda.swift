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
        return Self.inDayOrder(single + repeating)
    }

    /// The tasks that do not repeat between two days (both included), unsorted.
    public func singleTasks(from start: CivilDate, to end: CivilDate) throws -> [TaskItem] {
        try pool.read { db in
            try TaskItem.fetchPositional(db, where: "dueDate BETWEEN ? AND ? AND recurrence IS NULL", arguments: [start, end])
        }
    }

    /// `tasks` by day (undated last), then untimed before timed, time, title (case aside), id;
    /// each title folded once rather than compared through NSString at
    /// every step of the sort (a busy day's sort was most of the work after the first frame).
    public static func inDayOrder(_ tasks: [TaskItem]) -> [TaskItem] {
        let noDay = CivilDate(year: 9999, month: 1, day: 1)
        let keyed = tasks.map { ($0, $0.title.lowercased()) }
        return keyed.sorted { x, y in
            let (a, b) = (x.0, y.0)
            if a.dueDate != b.dueDate { return (a.dueDate ?? noDay) < (b.dueDate ?? noDay) }
            if (a.dueTime == nil) != (b.dueTime == nil) { return a.dueTime == nil }
            if a.dueTime != b.dueTime { return a.dueTime! < b.dueTime! }
            if x.1 != y.1 { return x.1 < y.1 }
            return (a.id ?? 0) < (b.id ?? 0)
        }.map(\.0)
    }
}
