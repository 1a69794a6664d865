import XCTest
import Core
import Storage
import Interop
import Terminal
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

    /// The loop holds the store until its first frame is out: what start-up asks for is read
    /// and expanded once it is released, not alongside the first frame.
    func testAHeldStoreReadsNothingUntilReleased() throws {
        let database = try AppDatabase.temporary()
        _ = try database.insertTask(TaskItem(title: "Standup", dueDate: CivilDate(year: 2027, month: 1, day: 4), recurrence: "RRULE:FREQ=WEEKLY"))
        let series = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: series)
        let tasks = TasksState(today: CivilDate(year: 2027, month: 3, day: 10))
        series.hold()
        _ = try loader.load(for: tasks)
        Thread.sleep(forTimeInterval: 0.2)  // time enough for a read and an expansion not held
        XCTAssertEqual(series.series(counter: try database.changeCounters().tasks).series.count, 0, "nothing read while held")
        XCTAssertEqual(series.expandedMonths, [])
        series.release()
        series.settle()
        XCTAssertEqual(series.series(counter: try database.changeCounters().tasks).series.count, 1)
        XCTAssertEqual(series.expandedMonths, [CivilDate(year: 2027, month: 3, day: 1)])
    }

    /// Start-up expands the shown month alone (10,000 series: ~30 ms a month); a move in the
    /// calendar reads its neighbours ahead, and a month not expanded yet shows its series'
    /// marks once the background expansion is done (the store then asks the loop to load again).
    func testOnlyTheShownMonthIsExpandedUntilTheUserMoves() throws {
        let database = try AppDatabase.temporary()
        _ = try database.insertTask(TaskItem(title: "Standup", dueDate: CivilDate(year: 2027, month: 1, day: 4), recurrence: "RRULE:FREQ=WEEKLY"))
        let series = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: series)
        let march = CivilDate(year: 2027, month: 3, day: 1)
        var tasks = TasksState(today: CivilDate(year: 2027, month: 3, day: 10))
        _ = try loader.load(for: tasks)
        series.settle()
        let first = try loader.load(for: tasks)  // the series ready: the same day again
        series.settle()
        XCTAssertEqual(series.expandedMonths, [march], "no neighbour expanded before the user moves")
        XCTAssertEqual(first.summary[CivilDate(year: 2027, month: 3, day: 8)]?.count, 1, "the shown month has its marks")

        tasks.selected = CivilDate(year: 2027, month: 3, day: 11)
        _ = try loader.load(for: tasks)
        series.settle()
        XCTAssertEqual(series.expandedMonths, [march.adding(months: -1), march, march.adding(months: 1)], "a move reads the neighbours ahead")

        let may3 = CivilDate(year: 2027, month: 5, day: 3)
        tasks.selected = may3
        let before = try loader.load(for: tasks)
        XCTAssertNil(before.summary[may3], "May is not expanded yet")
        series.settle()
        let after = try loader.load(for: tasks)
        XCTAssertEqual(after.summary[may3]?.count, 1, "May's marks once expanded")
        XCTAssertEqual(after.dayTasks?.map(\.title), ["Standup"])
    }

    /// Issue 21: a calendar's occurrence moved and renamed on a phone (a RECURRENCE-ID override)
    /// is listed in the Tasks pane on its new day under its own title; its old day shows nothing,
    /// the other days the series' title.
    func testTheTasksPaneShowsAMovedOccurrenceUnderItsOwnTitle() throws {
        let file = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\n\
            BEGIN:VEVENT\r\nUID:standup\r\nSUMMARY:Standup\r\nDTSTART:20270301T090000Z\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:standup\r\nSUMMARY:Standup (moved)\r\nRECURRENCE-ID:20270302T090000Z\r\nDTSTART:20270303T150000Z\r\nEND:VEVENT\r\n\
            END:VCALENDAR\r\n
            """
        let database = try AppDatabase.temporary()
        let contents = try ICalendar.read(Data(file.utf8), zone: TimeZone(identifier: "UTC")!, now: Date(timeIntervalSince1970: 1_795_000_000))
        _ = try database.importCalendar(tasks: contents.tasks, todos: [], subtasks: [], label: "import phone.ics")
        let series = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: series)
        var state = AppState(size: Size(width: 100, height: 30), today: CivilDate(year: 2027, month: 3, day: 1), providerName: "Offline", modelName: "offline-assistant")
        state.focus = .tasks
        _ = try loader.load(for: state.tasks)
        series.settle()
        func pane(_ day: Int) throws -> String {
            state.tasks.selected = CivilDate(year: 2027, month: 3, day: day)
            state.tasks.dayTasks = try loader.load(for: state.tasks).dayTasks ?? []
            return screenText(state)
        }
        let third = try pane(3)
        XCTAssertTrue(third.contains("09:00   ○ Standup ↻") && third.contains("15:00   ○ Standup (moved) ↻"), third)
        XCTAssertFalse(try pane(2).contains("Standup"), "moved away")
        XCTAssertFalse(try pane(4).contains("moved"))
    }

    /// "repeats (rule kept as is)" is worked out when the tasks are loaded (each rule text
    /// parsed once there, off the loop); the pane reads the load's flag and parses nothing.
    func testTheKeptRuleMarkIsWorkedOutByTheLoadNotWhileDrawing() throws {
        let database = try AppDatabase.temporary()
        let today = CivilDate(year: 2027, month: 3, day: 1)
        let kept = try database.insertTask(TaskItem(title: "Week ten", dueDate: today, recurrence: "RRULE:FREQ=YEARLY;BYWEEKNO=10;BYDAY=MO"))
        _ = try database.insertTask(TaskItem(title: "Standup", dueDate: today, recurrence: "RRULE:FREQ=WEEKLY"))
        let series = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: series)
        var state = AppState(size: Size(width: 100, height: 30), today: today, providerName: "Offline", modelName: "offline-assistant")
        _ = try loader.load(for: state.tasks)
        series.settle()
        let load = try loader.load(for: state.tasks)
        XCTAssertEqual(load.keptRules, [try XCTUnwrap(kept.id)])
        state.tasks.take(load)
        let shown = screenText(state)
        XCTAssertTrue(shown.contains("Week ten ↻ repeats (rul") && !shown.contains("Standup ↻ repeats"), shown)
        state.tasks.keptRules = []
        XCTAssertFalse(screenText(state).contains("repeats (rul"), "drawing reads the flag, it does not parse the rule")
    }
}
