import Foundation
import GRDB
import Core

/// Reminders are tasks in a list (`TaskItem.list`), usually with a due day and time.
extension AppDatabase {
    /// Reminders, soonest due first (undated last): in `list` when given (any case), open or
    /// completed, due on or after `dueAfter` and on or before `dueBefore` when given. A repeating
    /// reminder is listed once, on its first day in that range (with no `dueAfter`, its first day).
    public func reminders(list: String? = nil, completed: Bool = false, dueAfter: CivilDate? = nil,
                          dueBefore: CivilDate? = nil, limit: Int = 50) throws -> [TaskItem] {
        let (single, series) = try pool.read { db in
            var request = TaskItem.filter(Column("list") != nil && Column("completed") == completed)
            if let list { request = request.filter(sql: "lower(list) = lower(?)", arguments: [list]) }
            if let dueBefore { request = request.filter(Column("dueDate") <= dueBefore) }
            var single = request.filter(Column("recurrence") == nil)
            if let dueAfter { single = single.filter(Column("dueDate") >= dueAfter) }
            return (try single.order(SQL("dueDate IS NULL"), Column("dueDate"), SQL("dueTime IS NOT NULL"), Column("dueTime"),
                                     Column("title").collating(.nocase), Column("id")).limit(limit).fetchAll(db),
                    try request.filter(Column("recurrence") != nil).fetchAll(db))
        }
        let placed = series.compactMap { task -> TaskItem? in
            guard let dueAfter else { return task }
            let last = dueBefore ?? dueAfter.adding(days: 365)
            guard dueAfter <= last else { return nil }
            let rule = task.recurrence.flatMap { try? RecurrenceSet(parsing: $0) }
            guard let start = task.dueDate, let day = TaskSeriesSet.days(of: rule, start: start, in: dueAfter...last).first else { return nil }
            var placed = task
            placed.dueDate = day
            return placed
        }
        return Array(Self.inDayOrder(single + placed).prefix(limit))  // undated last, as in the query
    }

    /// Every reminder list with its open and completed counts, by name.
    public func reminderLists() throws -> [(name: String, open: Int, completed: Int)] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT list, SUM(completed = 0) AS open, SUM(completed = 1) AS done FROM task
                WHERE list IS NOT NULL GROUP BY lower(list) ORDER BY lower(list)
                """).map { (name: $0["list"], open: $0["open"], completed: $0["done"]) }
        }
    }
}
