import Foundation
import GRDB
import Core

// Whole tables, for `aihelper export`.
extension AppDatabase {
    /// Every task: by day (tasks without a day last), all-day before timed, then by time and title.
    public func allTasks() throws -> [TaskItem] {
        try pool.read { db in
            try TaskItem.order(SQL("dueDate IS NULL"), Column("dueDate"), SQL("dueTime IS NOT NULL"), Column("dueTime"),
                               Column("title").collating(.nocase), Column("id")).fetchAll(db)
        }
    }

    /// Every contact, by name.
    public func allContacts() throws -> [Contact] {
        try pool.read { db in try Contact.order(Column("name").collating(.nocase), Column("id")).fetchAll(db) }
    }
}
