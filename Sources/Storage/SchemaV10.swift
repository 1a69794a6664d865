import GRDB

extension Schema {
    /// v10: what the calendar and the reminders read right after start-up, answered from two
    /// small partial indexes instead of a scan of every task.
    ///
    /// `task_series` covers what expanding the repeating tasks and working out their reminders
    /// read (`TaskSeriesSet.Series`, the rule text): with 100,000 tasks of which 10,000 repeat,
    /// reading the series scanned the whole table (15 MB, 6–9 ms); from this index it reads
    /// 0.9 MB (under 1 ms). The row itself (title, notes…) is read by id for the days shown.
    /// `task_snoozed` lets the reminders' candidates (`alertCandidates`) find the snoozed tasks
    /// without a scan (14 ms of the first tick at 100,000 tasks). Both hold only the rows they
    /// name, so other tasks' writes do not touch them.
    static func addSeriesAndSnoozeIndexes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX task_series ON task(dueDate, dueTime, completed, priority, alertMinutes, alertedThrough, createdAt, recurrence)
                WHERE recurrence IS NOT NULL;
            CREATE INDEX task_snoozed ON task(snoozedUntil) WHERE snoozedUntil IS NOT NULL;
            """)
    }
}
