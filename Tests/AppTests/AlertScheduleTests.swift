import XCTest
import Core
import Storage
import Terminal
@testable import App

/// When reminders fire: offsets, series, snoozes, missed alerts, and tasks created after their time.
final class AlertScheduleTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let created = Date(timeIntervalSince1970: 1_700_000_000)  // Nov 2023: long before

    private func at(_ iso: String, _ hhmm: String) -> Date {
        AlertSchedule.fireTime(day: CivilDate(iso: iso)!, time: TimeOfDay(hhmm: hhmm)!, minutesBefore: 0, timeZone: zone)
    }

    private func pending(_ tasks: [TaskItem], now: Date) -> [TaskAlert] {
        AlertSchedule.pending(tasks, now: now, horizon: now.addingTimeInterval(3600), timeZone: zone,
                              occurrences: { task, range in
            (try? RecurrenceSet(parsing: task.recurrence ?? ""))?.occurrences(start: task.dueDate!, in: range) ?? []
        })
    }

    func testATimedTaskAlertsAtItsTimeOrItsOffsetBefore() {
        let task = TaskItem(id: 1, title: "Dentist", dueDate: CivilDate(iso: "2026-11-23")!, dueTime: TimeOfDay(hour: 9, minute: 30),
                            alertMinutes: 15, createdAt: created)
        let alerts = pending([task], now: at("2026-11-23", "09:00"))
        XCTAssertEqual(alerts.map(\.fireAt), [at("2026-11-23", "09:15")])
        XCTAssertEqual(pending([task], now: at("2026-11-23", "08:00")), [], "more than the horizon away")
        var shown = task
        shown.alertedThrough = at("2026-11-23", "09:15")
        XCTAssertEqual(pending([shown], now: at("2026-11-23", "09:20")), [], "an alert shown does not fire again")
        XCTAssertEqual(pending([TaskItem(id: 2, title: "All day", dueDate: CivilDate(iso: "2026-11-23")!, createdAt: created)],
                               now: at("2026-11-23", "09:00")), [], "only timed tasks alert")
    }

    func testASeriesAlertsForTheNextOccurrenceAndAMissedOneOnlyOnce() {
        let daily = TaskItem(id: 1, title: "Pills", dueDate: CivilDate(iso: "2026-11-01")!, dueTime: TimeOfDay(hour: 8, minute: 0),
                             recurrence: "RRULE:FREQ=DAILY", createdAt: created)
        let missed = pending([daily], now: at("2026-11-23", "20:00"))
        XCTAssertEqual(missed.map(\.day), [CivilDate(iso: "2026-11-23")!], "the latest missed occurrence, not a week of them")
        var shown = daily
        shown.alertedThrough = missed[0].fireAt
        XCTAssertEqual(pending([shown], now: at("2026-11-24", "07:30")).map(\.day), [CivilDate(iso: "2026-11-24")!])
    }

    func testASnoozeFiresWhenItEndsAndTasksAddedAfterTheirTimeDoNotRing() {
        var snoozed = TaskItem(id: 1, title: "Call", dueDate: CivilDate(iso: "2026-11-23")!, dueTime: TimeOfDay(hour: 9, minute: 0),
                               createdAt: created)
        snoozed.snoozedUntil = at("2026-11-23", "09:10")
        XCTAssertEqual(pending([snoozed], now: at("2026-11-23", "09:05")).map(\.fireAt), [at("2026-11-23", "09:10")])
        let late = TaskItem(id: 2, title: "Late", dueDate: CivilDate(iso: "2026-11-23")!, dueTime: TimeOfDay(hour: 9, minute: 0),
                            createdAt: at("2026-11-23", "10:00"))
        XCTAssertEqual(pending([late], now: at("2026-11-23", "10:01")), [])
    }

    func testAlertTimesFollowTheLocalClockAcrossADSTChange() {
        // Berlin leaves summer time on 25 October 2026: 09:00 is 07:00 UTC the day before, 08:00 UTC that day.
        XCTAssertEqual(at("2026-10-24", "09:00").timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400), 7 * 3600)
        XCTAssertEqual(at("2026-10-25", "09:00").timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400), 8 * 3600)
    }

    func testAlertKeysSnoozeOrDismiss() {
        var state = AppState(size: Size(width: 120, height: 40), today: CivilDate(iso: "2026-11-23")!, providerName: "Offline", modelName: "o")
        let alert = TaskAlert(taskId: 1, title: "Call", day: CivilDate(iso: "2026-11-23")!, time: TimeOfDay(hour: 9, minute: 0),
                              fireAt: Date(), missed: false)
        state.showAlerts([alert, alert])
        XCTAssertEqual(update(&state, .key(.text("x"))), [], "other keys wait")
        XCTAssertEqual(update(&state, .key(.text("2"))), [.answerAlert(alert, snooze: .oneHour)])
        XCTAssertEqual(update(&state, .key(.enter)), [.answerAlert(alert, snooze: nil)])
        XCTAssertNil(state[overlay: AlertBox.self])
    }
}
