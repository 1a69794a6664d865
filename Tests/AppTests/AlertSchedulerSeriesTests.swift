import XCTest
import Core
import Storage
@testable import App

/// The reminders' schedule reads the series in place (none copied): a series due in a minute
/// still fires, a snoozed one fires at its snooze's end, and completed or untimed ones never.
final class AlertSchedulerSeriesTests: XCTestCase {
    func testASeriesDueInAMinuteFiresWithTheSingleTasksAndTheSnoozes() throws {
        let zone = TimeZone(identifier: "UTC")!
        func at(_ day: Int, _ hour: Int, _ minute: Int) -> Date {
            CivilDate(year: 2027, month: 3, day: day).startDate(in: zone).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
        }
        let now = at(10, 9, 29), created = at(1, 0, 0), first = CivilDate(year: 2027, month: 3, day: 1)
        let database = try AppDatabase.temporary()
        func add(_ title: String, rule: String?, time: TimeOfDay?, completed: Bool = false, snoozed: Date? = nil,
                 day: CivilDate? = nil) throws -> Int64 {
            try database.insertTask(TaskItem(title: title, dueDate: day ?? first, dueTime: time, completed: completed, recurrence: rule,
                                             snoozedUntil: snoozed, alertedThrough: at(9, 9, 30), createdAt: created)).id!
        }
        let pills = try add("Pills", rule: "RRULE:FREQ=DAILY", time: TimeOfDay(hour: 9, minute: 30))
        let call = try add("Call", rule: nil, time: TimeOfDay(hour: 9, minute: 30), day: CivilDate(year: 2027, month: 3, day: 10))
        let stretch = try add("Stretch", rule: "RRULE:FREQ=DAILY", time: TimeOfDay(hour: 8, minute: 0), snoozed: at(10, 9, 40))
        _ = try add("Done", rule: "RRULE:FREQ=DAILY", time: TimeOfDay(hour: 9, minute: 30), completed: true)
        _ = try add("All day", rule: "RRULE:FREQ=DAILY", time: nil)
        _ = try add("Tomorrow", rule: "RRULE:FREQ=DAILY", time: TimeOfDay(hour: 9, minute: 30), day: CivilDate(year: 2027, month: 3, day: 11))

        let mailbox = Mailbox()
        let series = SeriesStore(database: database, ready: {})
        let scheduler = AlertScheduler(database: database, series: series, mailbox: mailbox)
        try scheduler.refresh(now: now, timeZone: zone)
        series.settle()
        let computed = mailbox.drain().compactMap { event -> [TaskAlert]? in
            if case .alertsComputed(let alerts) = event { return alerts }
            return nil
        }
        let alerts = try XCTUnwrap(computed.first)
        XCTAssertEqual(Set(alerts.map(\.taskId)), [pills, call, stretch], "no completed, untimed or later series")
        XCTAssertEqual(alerts.map(\.fireAt), [at(10, 9, 30), at(10, 9, 30), at(10, 9, 40)], "soonest first")
        XCTAssertEqual(alerts.first { $0.taskId == pills }?.day, CivilDate(year: 2027, month: 3, day: 10))
        // The series are held without their titles: those of the alerts found are read by id.
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: alerts.map { ($0.taskId, $0.title) }), [pills: "Pills", call: "Call", stretch: "Stretch"])

        scheduler.setQueue(alerts)
        XCTAssertEqual(scheduler.takeDue(at: at(10, 9, 29)).count, 0)
        XCTAssertEqual(Set(scheduler.takeDue(at: at(10, 9, 30)).map(\.taskId)), [pills, call], "the minute came: both fire")
    }
    /// An occurrence a calendar moved (an override, synced or imported) rings at its own time
    /// and alert, under its own title; the series' other days ring as before.
    func testAMovedOccurrenceRingsAtItsOwnTimeUnderItsOwnTitle() throws {
        let zone = TimeZone(identifier: "UTC")!
        func at(_ day: Int, _ hour: Int, _ minute: Int) -> Date {
            CivilDate(year: 2027, month: 3, day: day).startDate(in: zone).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
        }
        let database = try AppDatabase.temporary()
        // Daily at 9:00, ringing 10 minutes before; the 10th's moved to 14:00 with 5 minutes and its own title.
        let standup = try database.insertTask(TaskItem(
            title: "Standup", dueDate: CivilDate(year: 2027, month: 3, day: 1), dueTime: TimeOfDay(hour: 9, minute: 0),
            recurrence: "RRULE:FREQ=DAILY\nX-AIHELPER-MOVED:20270310>20270310T1400>5>Standup (with the client)",
            alertMinutes: 10, alertedThrough: at(9, 8, 50), createdAt: at(1, 0, 0))).id!
        func alerts(at now: Date) throws -> [TaskAlert] {
            let mailbox = Mailbox()
            let series = SeriesStore(database: database, ready: {})
            try AlertScheduler(database: database, series: series, mailbox: mailbox).refresh(now: now, timeZone: zone)
            series.settle()
            return try XCTUnwrap(mailbox.drain().compactMap { event -> [TaskAlert]? in
                if case .alertsComputed(let alerts) = event { return alerts }
                return nil
            }.first)
        }
        XCTAssertEqual(try alerts(at: at(10, 8, 45)), [], "nothing at the series' own 8:50 on the 10th")
        let moved = try alerts(at: at(10, 13, 30))
        XCTAssertEqual(moved, [TaskAlert(taskId: standup, title: "Standup (with the client)", day: CivilDate(year: 2027, month: 3, day: 10),
                                         time: TimeOfDay(hour: 14, minute: 0), fireAt: at(10, 13, 55), missed: false)])
        try database.markAlerted(taskId: standup, through: at(10, 13, 55))  // it rang
        let next = try alerts(at: at(11, 8, 30))
        XCTAssertEqual(next.map(\.title), ["Standup"])
        XCTAssertEqual(next.map(\.fireAt), [at(11, 8, 50)], "the next day rings at the series' time again")
    }

    /// Alerts due at the same minute come in the order they always did (the box shows the
    /// first): the single tasks by id, then the series by id, whatever order the indexes give.
    func testAlertsDueAtTheSameMinuteKeepTheirOrder() throws {
        let zone = TimeZone(identifier: "UTC")!
        let day = CivilDate(year: 2027, month: 3, day: 10)
        let now = day.startDate(in: zone).addingTimeInterval(9 * 3600 + 29 * 60), created = now.addingTimeInterval(-60)
        let database = try AppDatabase.temporary()
        var ids: [Int64] = []
        // Later ids on earlier days, so the indexes by day give them backwards: the series start
        // weeks earlier, the single tasks a day earlier with an alert a day less before. All
        // made a minute ago, so each alerts at 9:30 today alone.
        for i in 0..<6 {
            let weeks = i % 2 == 1 ? i : 0, days = i % 2 == 0 ? (4 - i) / 2 : 0
            ids.append(try database.insertTask(TaskItem(title: "T\(i)", dueDate: day.adding(days: days - 7 * weeks), dueTime: TimeOfDay(hour: 9, minute: 30),
                                                        recurrence: i % 2 == 1 ? "RRULE:FREQ=WEEKLY" : nil, alertMinutes: days * 1440,
                                                        createdAt: created)).id!)
        }
        let mailbox = Mailbox()
        let series = SeriesStore(database: database, ready: {})
        try AlertScheduler(database: database, series: series, mailbox: mailbox).refresh(now: now, timeZone: zone)
        series.settle()
        let alerts = mailbox.drain().compactMap { event -> [TaskAlert]? in
            if case .alertsComputed(let alerts) = event { return alerts }
            return nil
        }.first
        XCTAssertEqual(alerts?.map(\.taskId), [ids[0], ids[2], ids[4], ids[1], ids[3], ids[5]])
    }
}
