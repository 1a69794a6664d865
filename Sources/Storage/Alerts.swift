import Foundation
import GRDB
import Core

/// The alert state of reminders. These writes are bookkeeping, not edits: they are not undoable.
extension AppDatabase {
    /// Open timed tasks that do not repeat and may alert between two days (the app adds the
    /// alert offsets), and every open task with a snooze set. Series come from `taskSeries()`.
    /// Two terms OR-ed at the top, each answered by an index (`task_marks`, `task_snoozed`):
    /// with the OR inside an AND, SQLite scanned every task (14 ms at 100,000).
    public func alertCandidates(from start: CivilDate, to end: CivilDate) throws -> [TaskItem] {
        // By id, as the scan gave them: alerts due at the same minute keep their order. Sorted
        // here: an ORDER BY id makes SQLite scan the table in its order again.
        try pool.read { db in
            try TaskItem.fetchPositional(db, where: Self.alertCandidatesCondition, arguments: [start, end])
        }.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    static let alertCandidatesCondition = """
        (completed = 0 AND dueTime IS NOT NULL AND recurrence IS NULL AND dueDate BETWEEN ? AND ?)
        OR (completed = 0 AND snoozedUntil IS NOT NULL)
        """

    /// The alert firing at `fireAt` was shown (or reported as missed): it does not fire again.
    public func markAlerted(taskId: Int64, through fireAt: Date) throws {
        try pool.write { db in
            try db.execute(sql: """
                UPDATE task SET alertedThrough = max(COALESCE(alertedThrough, ?), ?), snoozedUntil = NULL WHERE id = ?
                """, arguments: [fireAt, fireAt, taskId])
        }
    }

    public func snoozeAlert(taskId: Int64, until: Date) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE task SET snoozedUntil = ? WHERE id = ?", arguments: [until, taskId])
        }
    }
}
