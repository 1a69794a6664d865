import Foundation
import GRDB
import Core

/// Reminders are tasks in a list (`TaskItem.list`), usually with a due day and time.
extension AppDatabase {
    /// Reminders, soonest due first (undated last): in `list` when given (any case), open or
    /// completed, due on or after `dueAfter` and on or before `dueBefore` when given.
    public func reminders(list: String? = nil, completed: Bool = false, dueAfter: CivilDate? = nil,
                          dueBefore: CivilDate? = nil, limit: Int = 50) throws -> [TaskItem] {
        try pool.read { db in
            var request = TaskItem.filter(Column("list") != nil && Column("completed") == completed)
            if let list { request = request.filter(sql: "lower(list) = lower(?)", arguments: [list]) }
            if let dueAfter { request = request.filter(Column("dueDate") >= dueAfter) }
            if let dueBefore { request = request.filter(Column("dueDate") <= dueBefore) }
            return try request.order(SQL("dueDate IS NULL"), Column("dueDate"), SQL("dueTime IS NOT NULL"), Column("dueTime"),
                                     Column("title").collating(.nocase), Column("id"))
                .limit(limit).fetchAll(db)
        }
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
