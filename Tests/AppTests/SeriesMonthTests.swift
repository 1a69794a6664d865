import XCTest
import Core
import Storage
@testable import App

/// The series store keeps a month's occurrences as indices into the series (a month of 10,000
/// series is ~50,000 occurrences: docs/performance.md, Where memory goes); the Tasks pane must
/// show exactly what the database's agenda gives for every day, and the grid the same marks.
final class SeriesMonthTests: XCTestCase {
    func testEveryDayOfAMonthListsTheAgendasTasksAndMarks() throws {
        let database = try AppDatabase.temporary()
        let start = CivilDate(year: 2027, month: 2, day: 25)
        let rules = ["RRULE:FREQ=WEEKLY", "RRULE:FREQ=DAILY;INTERVAL=3", "RRULE:FREQ=MONTHLY;BYMONTHDAY=15",
                     "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=9", "RRULE:FREQ=MONTHLY;BYDAY=-1FR", "NOT A RULE"]
        for (i, rule) in rules.enumerated() {
            _ = try database.insertTask(TaskItem(title: "Series \(i)", dueDate: start.adding(days: i), dueTime: i % 2 == 0 ? nil : TimeOfDay(hour: 9 + i, minute: 0),
                                                 priority: Priority.allCases[i % 4], completed: i == 2, recurrence: rule))
        }
        _ = try database.insertTask(TaskItem(title: "Once", dueDate: CivilDate(year: 2027, month: 3, day: 15)))
        let series = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: series)
        var tasks = TasksState(today: CivilDate(year: 2027, month: 3, day: 1))
        _ = try loader.load(for: tasks)  // asks for the month: expanded in the background
        series.settle()
        _ = try loader.load(for: tasks)
        series.settle()
        for day in 1...31 {
            tasks.selected = CivilDate(year: 2027, month: 3, day: day)
            let load = try loader.load(for: tasks)
            let agenda = try database.agenda(from: tasks.selected, to: tasks.selected)
            XCTAssertEqual(load.dayTasks, agenda, "March \(day)")
            XCTAssertEqual(load.summary[tasks.selected]?.count ?? 0, agenda.count, "March \(day): the grid's count")
        }
    }
}
