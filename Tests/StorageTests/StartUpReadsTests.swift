import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// What start-up reads of the tasks right after the first frame (the series, the reminders'
/// candidates) comes from small partial indexes: a scan of 100,000 tasks cost 6–14 ms each
/// (docs/performance.md, session 10).
final class StartUpReadsTests: StorageTestCase {
    private func plan(_ db: AppDatabase, _ sql: String, _ arguments: StatementArguments = []) throws -> [String] {
        try db.pool.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String } }
    }

    private func fill(_ db: AppDatabase) throws {
        let start = day("2026-01-01")
        try db.bulkInsert(tasks: (0..<500).map { i in
            TaskItem(title: "task \(i)", dueDate: start.adding(days: i % 365), dueTime: i % 3 == 0 ? nil : TimeOfDay(hour: 9, minute: 0),
                     completed: i % 4 == 0, recurrence: i % 10 == 0 ? "RRULE:FREQ=WEEKLY" : nil,
                     snoozedUntil: i % 50 == 1 || i % 50 == 10 ? fixedDate() : nil)
        })
    }

    func testTheSeriesAreReadFromTheirIndexWithoutTheTable() throws {
        let db = try openDatabase()
        try fill(db)
        XCTAssertEqual(try plan(db, AppDatabase.seriesSQL(startingBy: nil)), ["SCAN task USING COVERING INDEX task_series"])
        XCTAssertEqual(try plan(db, AppDatabase.seriesSQL(startingBy: day("2026-06-01")), [day("2026-06-01")]),
                       ["SEARCH task USING COVERING INDEX task_series (dueDate<?)"])
        XCTAssertEqual(try db.taskSeries().series.count, 50)
        // Every tenth task repeats, its day `i % 365` days into 2026: those of January, by day.
        XCTAssertEqual(try db.taskSeries(startingBy: day("2026-01-31")).series.map { $0.start!.day }, [1, 6, 11, 16, 21, 26, 31])
    }

    func testTheRemindersCandidatesComeFromIndexesAndAreTheOpenTimedOrSnoozedTasks() throws {
        let db = try openDatabase()
        try fill(db)
        let steps = try plan(db, "SELECT id FROM task WHERE " + AppDatabase.alertCandidatesCondition, [day("2026-03-01"), day("2026-03-17")])
        XCTAssertFalse(steps.contains { $0.hasPrefix("SCAN task") }, steps.joined(separator: "\n"))
        XCTAssertTrue(steps.contains { $0.contains("task_snoozed") }, steps.joined(separator: "\n"))

        let found = try db.alertCandidates(from: day("2026-03-01"), to: day("2026-03-17"))
        let all = try db.pool.read { try TaskItem.fetchAll($0) }
        let expected = all.filter { task in
            !task.completed && (task.snoozedUntil != nil
                || (task.dueTime != nil && task.recurrence == nil && task.dueDate! >= day("2026-03-01") && task.dueDate! <= day("2026-03-17")))
        }
        XCTAssertEqual(Set(found.map(\.id)), Set(expected.map(\.id)))
        XCTAssertTrue(found.contains { $0.recurrence != nil }, "a snoozed series is a candidate")
        XCTAssertTrue(found.contains { $0.snoozedUntil != nil && $0.recurrence == nil }, "so is a snoozed task")
    }
}
