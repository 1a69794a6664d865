import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class TaskTests: StorageTestCase {
    private func add(_ db: AppDatabase, _ title: String, _ date: String?, _ time: String? = nil,
                     priority: Priority = .none, completed: Bool = false) throws -> TaskItem {
        try db.insertTask(TaskItem(title: title, dueDate: date.map(day), dueTime: time.flatMap(TimeOfDay.init(hhmm:)),
                                   priority: priority, completed: completed))
    }

    func testTasksOfADayPutAllDayFirstThenTimeThenTitle() throws {
        let db = try openDatabase()
        _ = try add(db, "evening", "2026-11-24", "18:00")
        _ = try add(db, "b all day", "2026-11-24")
        _ = try add(db, "morning", "2026-11-24", "09:30")
        _ = try add(db, "A all day", "2026-11-24")
        _ = try add(db, "next day", "2026-11-25", "08:00")
        _ = try add(db, "undated", nil)
        XCTAssertEqual(try db.tasks(on: day("2026-11-24")).map(\.title), ["A all day", "b all day", "morning", "evening"])
        XCTAssertEqual(try db.tasks(from: day("2026-11-24"), to: day("2026-11-25")).map(\.title),
                       ["A all day", "b all day", "morning", "evening", "next day"])
        XCTAssertEqual(try db.tasks(from: day("2026-11-24"), to: day("2026-11-25"), limit: 2).count, 2)
        XCTAssertEqual(try db.taskCount(from: day("2026-11-24"), to: day("2026-11-25")), 5)
    }

    func testUpcomingSkipsDoneAndPastTasks() throws {
        let db = try openDatabase()
        _ = try add(db, "past", "2026-11-01")
        _ = try add(db, "done", "2026-11-30", completed: true)
        _ = try add(db, "later", "2026-12-05")
        _ = try add(db, "soon", "2026-11-25", "10:00")
        XCTAssertEqual(try db.upcomingTasks(from: day("2026-11-24"), limit: 10).map(\.title), ["soon", "later"])
        XCTAssertEqual(try db.upcomingTasks(from: day("2026-11-24"), limit: 1).map(\.title), ["soon"])
    }

    func testUpdateCompleteAndDelete() throws {
        let db = try openDatabase()
        var task = try add(db, "Dentist", "2026-11-27")
        task.title = "Dentist at 9"
        try db.updateTask(task)
        XCTAssertEqual(try db.task(id: task.id!)?.title, "Dentist at 9")
        let completed = try db.setTaskCompleted(id: task.id!, true)
        XCTAssertEqual(completed?.completed, true)
        XCTAssertNotNil(try db.task(id: task.id!)?.completedAt)
        try db.setTaskCompleted(id: task.id!, false)
        XCTAssertNil(try db.task(id: task.id!)?.completedAt)
        XCTAssertTrue(try db.deleteTask(id: task.id!))
        XCTAssertNil(try db.task(id: task.id!))
        XCTAssertFalse(try db.deleteTask(id: task.id!))
    }

    func testDaySummaryCountsOpenTasksAndTheirHighestPriority() throws {
        let db = try openDatabase()
        _ = try add(db, "a", "2026-11-24", priority: .low)
        _ = try add(db, "b", "2026-11-24", priority: .high, completed: true)
        _ = try add(db, "c", "2026-11-24", priority: .medium)
        _ = try add(db, "d", "2026-11-26", priority: .high, completed: true)
        _ = try add(db, "e", "2026-11-30")
        _ = try add(db, "outside", "2026-12-01", priority: .high)
        _ = try add(db, "undated", nil, priority: .high)
        let summary = try db.taskDaySummary(from: day("2026-11-01"), to: day("2026-11-30"))
        XCTAssertEqual(summary, [
            day("2026-11-24"): DaySummary(count: 3, open: 2, highestPriority: .medium),
            day("2026-11-26"): DaySummary(count: 1, open: 0, highestPriority: .none),
            day("2026-11-30"): DaySummary(count: 1, open: 1, highestPriority: .none),
        ])
    }

    func testDaySummaryUsesTheDueDateIndexAndIsFastOnALargeDatabase() throws {
        let db = try openDatabase()
        let start = day("2020-01-01")
        let tasks = (0..<100_000).map { i in
            TaskItem(title: "task \(i)", dueDate: start.adding(days: i % 3650),
                     priority: Priority.allCases[i % 4], completed: i % 3 == 0)
        }
        try db.bulkInsert(tasks: tasks)
        let plan = try db.pool.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT dueDate, COUNT(*) FROM task
                WHERE dueDate BETWEEN '2024-01-01' AND '2024-02-11' GROUP BY dueDate
                """).map { $0["detail"] as String }.joined(separator: "\n")
        }
        XCTAssertTrue(plan.contains("task_on_dueDate"), plan)

        let (from, to) = (day("2024-01-01"), day("2024-02-11"))
        var expected: [CivilDate: DaySummary] = [:]
        for task in tasks where task.dueDate! >= from && task.dueDate! <= to {
            var entry = expected[task.dueDate!] ?? DaySummary(count: 0, open: 0, highestPriority: .none)
            entry.count += 1
            if !task.completed {
                entry.open += 1
                entry.highestPriority = max(entry.highestPriority, task.priority)
            }
            expected[task.dueDate!] = entry
        }

        let clock = ContinuousClock()
        var summary: [CivilDate: DaySummary] = [:]
        let elapsed = try clock.measure { summary = try db.taskDaySummary(from: from, to: to) }
        XCTAssertEqual(summary.count, 42)
        XCTAssertEqual(summary, expected)
        XCTAssertLessThan(elapsed, .milliseconds(250), "a month of summaries over 100,000 tasks took \(elapsed)")
    }

    func testFindTasksRanksExactThenPrefixThenContainsIgnoringCase() throws {
        let db = try openDatabase()
        _ = try add(db, "Call mom about dinner", "2026-11-20")
        _ = try add(db, "Please call mom", "2026-11-21")
        _ = try add(db, "call MOM", "2026-11-28")
        _ = try add(db, "Call mom", "2026-11-22", completed: true)
        _ = try add(db, "Ärztin anrufen", nil)
        XCTAssertEqual(try db.findTasks(matching: "Call Mom").map(\.title),
                       ["call MOM", "Call mom about dinner", "Please call mom"])
        XCTAssertEqual(try db.findTasks(matching: "call mom", includeCompleted: true).map(\.title),
                       ["Call mom", "call MOM", "Call mom about dinner", "Please call mom"])
        XCTAssertEqual(try db.findTasks(matching: "ärztin").map(\.title), ["Ärztin anrufen"])
        XCTAssertEqual(try db.findTasks(matching: "  "), [])
        XCTAssertEqual(try db.findTasks(matching: "%"), [], "LIKE wildcards are plain text")
        XCTAssertEqual(AppDatabase.titleMatchRank("Call mom", query: " CALL MOM "), 0)
        XCTAssertNil(AppDatabase.titleMatchRank("Dentist", query: "mom"))
    }
}
