import Foundation
import XCTest
import Core
@testable import Storage

/// Occurrences of repeating tasks on the calendar, and edits of one, some or all of them.
final class TaskSeriesTests: StorageTestCase {
    private func weeklyStandup(_ db: AppDatabase) throws -> TaskItem {
        try db.insertTask(TaskItem(title: "Standup", dueDate: day("2026-11-02"), dueTime: TimeOfDay(hour: 9, minute: 0),
                                   recurrence: "RRULE:FREQ=WEEKLY;COUNT=6"))
    }

    func testTheAgendaExpandsSeriesForTheDaysAskedOnly() throws {
        let db = try openDatabase()
        _ = try weeklyStandup(db)
        _ = try db.insertTask(TaskItem(title: "Dentist", dueDate: day("2026-11-09")))
        let november = try db.agenda(from: day("2026-11-01"), to: day("2026-11-30"))
        XCTAssertEqual(november.map { "\($0.dueDate!.iso) \($0.title)" }, [
            "2026-11-02 Standup", "2026-11-09 Dentist", "2026-11-09 Standup", "2026-11-16 Standup",
            "2026-11-23 Standup", "2026-11-30 Standup"])
        let december = try db.agenda(from: day("2026-12-01"), to: day("2026-12-31"))
        XCTAssertEqual(december.map { $0.dueDate!.iso }, ["2026-12-07"], "COUNT=6 ends on the sixth")
    }

    /// Every listing of tasks counts the occurrences of series: the next open tasks, reminders
    /// due in a range (once each, on their first day there).
    func testUpcomingAndRemindersIncludeRepeatingTasks() throws {
        let db = try openDatabase()
        _ = try db.insertTask(TaskItem(title: "Weekday standup", dueDate: day("2026-11-02"), dueTime: TimeOfDay(hour: 9, minute: 0),
                                       recurrence: "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        _ = try db.insertTask(TaskItem(title: "Finished series", dueDate: day("2026-11-02"), completed: true, recurrence: "RRULE:FREQ=DAILY"))
        _ = try db.insertTask(TaskItem(title: "Dentist", dueDate: day("2026-11-25"), dueTime: TimeOfDay(hour: 8, minute: 0)))
        _ = try db.insertTask(TaskItem(title: "Far away", dueDate: day("2027-03-01")))
        let upcoming = try db.upcomingTasks(from: day("2026-11-24"), limit: 5)
        XCTAssertEqual(upcoming.map { "\($0.dueDate!.iso) \($0.title)" }, [
            "2026-11-24 Weekday standup", "2026-11-25 Dentist", "2026-11-25 Weekday standup", "2026-11-26 Weekday standup",
            "2026-11-27 Weekday standup"])
        XCTAssertEqual(try db.upcomingTasks(from: day("2027-02-26"), limit: 3).map { "\($0.dueDate!.iso) \($0.title)" },
                       ["2027-02-26 Weekday standup", "2027-03-01 Far away", "2027-03-01 Weekday standup"])

        _ = try db.insertTask(TaskItem(title: "Water plants", dueDate: day("2026-11-01"), recurrence: "RRULE:FREQ=WEEKLY", list: "Home"))
        _ = try db.insertTask(TaskItem(title: "Pay rent", dueDate: day("2026-12-01"), list: "Home"))
        XCTAssertEqual(try db.reminders(dueAfter: day("2026-11-24")).map { "\($0.dueDate!.iso) \($0.title)" },
                       ["2026-11-29 Water plants", "2026-12-01 Pay rent"])
        XCTAssertEqual(try db.reminders(dueAfter: day("2026-11-30"), dueBefore: day("2026-12-05")).map(\.title), ["Pay rent"])
        XCTAssertEqual(try db.reminders().map { "\($0.dueDate!.iso) \($0.title)" }, ["2026-11-01 Water plants", "2026-12-01 Pay rent"])
    }

    func testThisOneDetachesTheDayAndExcludesItFromTheSeries() throws {
        let db = try openDatabase()
        let series = try weeklyStandup(db)
        var moved = series
        moved.dueDate = day("2026-11-17")
        moved.title = "Standup (moved)"
        try db.saveOccurrence(moved, seriesId: series.id!, day: day("2026-11-16"), scope: .this)
        let days = try db.agenda(from: day("2026-11-15"), to: day("2026-11-18")).map { "\($0.dueDate!.iso) \($0.title) \($0.recurrence == nil)" }
        XCTAssertEqual(days, ["2026-11-17 Standup (moved) true"])
        XCTAssertTrue(try db.task(id: series.id!)!.recurrence!.contains("EXDATE;VALUE=DATE:20261116"))
        try db.undo(.tasks)
        XCTAssertEqual(try db.agenda(from: day("2026-11-15"), to: day("2026-11-18")).map(\.title), ["Standup"], "one undo puts both back")
    }

    func testThisAndFutureSplitsTheSeriesKeepingTheRestOfTheCount() throws {
        let db = try openDatabase()
        let series = try weeklyStandup(db)
        var later = series
        later.dueDate = day("2026-11-16")
        later.dueTime = TimeOfDay(hour: 10, minute: 0)
        try db.saveOccurrence(later, seriesId: series.id!, day: day("2026-11-16"), scope: .future)
        let all = try db.agenda(from: day("2026-11-01"), to: day("2027-01-31")).map { "\($0.dueDate!.iso) \($0.dueTime!.hhmm)" }
        XCTAssertEqual(all, ["2026-11-02 09:00", "2026-11-09 09:00", "2026-11-16 10:00", "2026-11-23 10:00",
                             "2026-11-30 10:00", "2026-12-07 10:00"], "still six in all")
    }

    func testAllMovesTheWholeSeriesAndDeletesAskedForByScope() throws {
        let db = try openDatabase()
        let series = try weeklyStandup(db)
        var shifted = series
        shifted.dueDate = day("2026-11-10")  // the 9th's occurrence moved to Tuesday
        try db.saveOccurrence(shifted, seriesId: series.id!, day: day("2026-11-09"), scope: .all)
        XCTAssertEqual(try db.task(id: series.id!)?.dueDate, day("2026-11-03"))
        try db.deleteOccurrence(seriesId: series.id!, day: day("2026-11-17"), scope: .this)
        try db.deleteOccurrence(seriesId: series.id!, day: day("2026-12-01"), scope: .future)
        XCTAssertEqual(try db.agenda(from: day("2026-11-01"), to: day("2026-12-31")).map { $0.dueDate!.iso },
                       ["2026-11-03", "2026-11-10", "2026-11-24"])
        try db.deleteOccurrence(seriesId: series.id!, day: day("2026-11-03"), scope: .future)
        XCTAssertNil(try db.task(id: series.id!), "this and future from the first day is the whole series")
    }

    func testAFilterFindsTitlesNotesCategoriesAndListsAndTakesWildcardsLiterally() throws {
        let db = try openDatabase()
        _ = try db.insertTask(TaskItem(title: "Dentist", dueDate: day("2026-11-09")))
        _ = try db.insertTask(TaskItem(title: "Call", notes: "about the DENTIST bill", dueDate: day("2026-11-01")))
        _ = try db.insertTask(TaskItem(title: "Gym", category: "Health"))
        _ = try db.insertTask(TaskItem(title: "100% done_ok"))
        XCTAssertEqual(try db.filterTasks("dentist").map(\.title), ["Call", "Dentist"])
        XCTAssertEqual(try db.filterTasks("health").map(\.title), ["Gym"])
        XCTAssertEqual(try db.filterTasks("0% d").map(\.title), ["100% done_ok"])
        XCTAssertEqual(try db.filterTasks("_").map(\.title), ["100% done_ok"])
    }

    /// The calendar reads tasks by column position for speed; it must equal GRDB's Codable decoding.
    func testPositionalTaskReadingMatchesCodableDecoding() throws {
        let db = try openDatabase()
        let full = try db.insertTask(TaskItem(title: "Ünïcode ✓", notes: "n", dueDate: day("2026-11-09"), dueTime: TimeOfDay(hour: 7, minute: 5),
                                              durationMinutes: 30, category: "Work", priority: .medium, completed: true,
                                              completedAt: fixedDate(1), list: "Reminders", alertMinutes: 10, snoozedUntil: fixedDate(2),
                                              alertedThrough: fixedDate(3), extra: "X-A:1", createdAt: fixedDate(4), updatedAt: fixedDate(5)))
        let bare = try db.insertTask(TaskItem(title: "bare", dueDate: day("2026-11-09")))
        XCTAssertEqual(try db.singleTasks(from: day("2026-11-09"), to: day("2026-11-09")).sorted { $0.id! < $1.id! },
                       [try db.task(id: full.id!)!, try db.task(id: bare.id!)!])
    }

    /// Series that share a rule text share its parse; each keeps its own start, and a rule that
    /// does not parse stays nil for every series that has it (its first day shown alone). The
    /// set holds what the calendar needs; the occurrences come with their rows read by id.
    func testSeriesSharingARuleTextAreParsedAlikeAndExpandedFromTheirOwnStart() throws {
        let db = try openDatabase()
        let weekly = "RRULE:FREQ=WEEKLY;COUNT=3"
        let tasks = [TaskItem(title: "A", dueDate: day("2026-11-02"), recurrence: weekly),
                     TaskItem(title: "B", dueDate: day("2026-11-04"), dueTime: TimeOfDay(hour: 7, minute: 5), priority: .high,
                              completed: true, recurrence: weekly, alertMinutes: 10, alertedThrough: fixedDate(3), createdAt: fixedDate(4)),
                     TaskItem(title: "C", dueDate: day("2026-11-05"), recurrence: "NOT A RULE"),
                     TaskItem(title: "D", dueDate: day("2026-11-06"), recurrence: "NOT A RULE"),
                     TaskItem(title: "Once", dueDate: day("2026-11-03"))]
        let ids = try tasks.map { try db.insertTask($0).id! }
        let set = try db.taskSeries()
        XCTAssertEqual(set.series.map(\.id), Array(ids.prefix(4)))
        XCTAssertEqual(set.series[1], TaskSeriesSet.Series(id: ids[1], start: day("2026-11-04"), time: TimeOfDay(hour: 7, minute: 5),
                                                           completed: true, priority: .high, alertMinutes: 10,
                                                           alertedThrough: fixedDate(3), createdAt: fixedDate(4)))
        XCTAssertEqual((0..<4).map(set.rule), [try RecurrenceSet(parsing: weekly), try RecurrenceSet(parsing: weekly), nil, nil])
        let shown = try db.occurrences(of: set, in: day("2026-11-01")...day("2026-11-30")).map { "\($0.dueDate!.iso) \($0.title)" }
        XCTAssertEqual(shown, ["2026-11-02 A", "2026-11-09 A", "2026-11-16 A", "2026-11-04 B", "2026-11-11 B", "2026-11-18 B",
                               "2026-11-05 C", "2026-11-06 D"])
    }
}
