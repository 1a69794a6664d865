import Foundation
import XCTest
import Core
import Storage
@testable import Interop

/// A series with changed occurrences (RECURRENCE-ID) is one item: its overrides are kept with it
/// verbatim and written back after it; the calendar shows a moved occurrence on its new day and
/// time, a cancelled one not at all; an override without its series is an item of its own.
final class RecurrenceOverrideTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    static let master = """
        BEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20261101T100000Z\r\nSUMMARY:Standup\r\n\
        DTSTART;TZID=Europe/Berlin:20261201T090000\r\nDTEND;TZID=Europe/Berlin:20261201T093000\r\n\
        RRULE:FREQ=WEEKLY;COUNT=6\r\nEXDATE;TZID=Europe/Berlin:20261222T090000\r\nEND:VEVENT\r\n
        """
    static let moved = """
        BEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20261102T100000Z\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261208T090000\r\n\
        SUMMARY:Standup (moved)\r\nDTSTART;TZID=Europe/Berlin:20261209T140000\r\nDTEND;TZID=Europe/Berlin:20261209T143000\r\n\
        X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC\r\nEND:VEVENT\r\n
        """
    static let cancelled = """
        BEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20261102T100000Z\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261215T090000\r\n\
        SUMMARY:Standup\r\nDTSTART;TZID=Europe/Berlin:20261215T090000\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n
        """

    func calendar(_ body: String) -> Data { Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body + "END:VCALENDAR\r\n").utf8) }

    func day(_ d: Int) -> CivilDate { CivilDate(year: 2026, month: 12, day: d) }

    func testASeriesWithAMovedAndACancelledOccurrenceIsOneItemWrittenBackWhole() throws {
        for order in [Self.master + Self.moved + Self.cancelled, Self.moved + Self.cancelled + Self.master] {
            let contents = try ICalendar.read(calendar(order), zone: berlin, now: now)
            XCTAssertEqual(contents.tasks.count, 1, "one item, whatever the order")
            let task = contents.tasks[0]
            let set = try RecurrenceSet(parsing: XCTUnwrap(task.recurrence))
            XCTAssertEqual(set.occurrences(start: try XCTUnwrap(task.dueDate), in: day(1)...day(31)), [day(1), day(9), day(29)],
                           "the 8th is on the 9th, the 15th is cancelled, the 22nd is an EXDATE")
            XCTAssertEqual(set.moved(onto: day(9)).first?.time, TimeOfDay(hour: 14, minute: 0))

            let text = ICalendar.write(tasks: [task], todos: [], zone: berlin, now: now)
            let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
            XCTAssertEqual(text.components(separatedBy: "BEGIN:VCALENDAR").count, 2, "one VCALENDAR")
            XCTAssertTrue(unfolded.contains("END:VEVENT\r\n" + Self.moved + Self.cancelled) || unfolded.contains("END:VEVENT\r\n" + Self.cancelled + Self.moved),
                          "the overrides come back verbatim after the series:\n" + text)
            XCTAssertFalse(text.contains("X-AIHELPER-MOVED"), "the app's own line is never written")
            XCTAssertEqual(text.components(separatedBy: "RECURRENCE-ID").count, 3)
            // Read back, it is the same item again.
            XCTAssertEqual(try ICalendar.read(Data(text.utf8), zone: berlin, now: now).tasks.map(\.recurrence), [task.recurrence])
        }
    }

    func testAnOverrideInALaterPieceThanItsSeriesJoinsIt() throws {
        let filler = (0..<CalendarPieces.eventsPerPiece + 5).map { "BEGIN:VEVENT\r\nUID:f\($0)\r\nSUMMARY:f\r\nDTSTART;VALUE=DATE:20261201\r\nEND:VEVENT\r\n" }.joined()
        let contents = try ICalendar.read(calendar(Self.master + filler + Self.moved), zone: berlin, now: now)
        let series = try XCTUnwrap(contents.tasks.first { $0.uid == "weekly" })
        XCTAssertEqual(contents.tasks.filter { $0.uid == "weekly" }.count, 1)
        XCTAssertTrue(series.extra?.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261208T090000") == true)
        XCTAssertTrue(series.recurrence?.contains("X-AIHELPER-MOVED:20261208>20261209T1400") == true, series.recurrence ?? "")
    }

    func testAnOverrideWithoutItsSeriesIsKeptAsAnItemOfItsOwn() throws {
        let contents = try ICalendar.read(calendar(Self.moved + Self.cancelled), zone: berlin, now: now)
        XCTAssertEqual(contents.tasks.map(\.title), ["Standup (moved)"])
        XCTAssertEqual(contents.tasks[0].dueDate, day(9))
        XCTAssertTrue(contents.notes.contains { $0.contains("whose series is not in the file") }, "\(contents.notes)")
        let text = ICalendar.write(tasks: contents.tasks, todos: [], zone: berlin, now: now).replacingOccurrences(of: "\r\n ", with: "")
        XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261208T090000\r\n"), text)
        XCTAssertTrue(text.contains("END:VEVENT\r\n" + Self.cancelled), "the second one is kept in the first:\n" + text)
    }

    func testAnOverrideOfAnEventThatDoesNotRepeatIsNamedInANote() throws {
        let single = "BEGIN:VEVENT\r\nUID:weekly\r\nSUMMARY:Once\r\nDTSTART:20261201T090000\r\nEND:VEVENT\r\n"
        let contents = try ICalendar.read(calendar(single + Self.moved), zone: berlin, now: now)
        XCTAssertEqual(contents.tasks.map(\.title), ["Once"])
        XCTAssertTrue(contents.notes.contains { $0.contains("of an event that does not repeat was skipped") }, "\(contents.notes)")
    }

    func testToDoOverridesAreKeptVerbatimWithTheirToDo() throws {
        let todo = "BEGIN:VTODO\r\nUID:water\r\nSUMMARY:Water plants\r\nDUE;VALUE=DATE:20261201\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\n"
        let override = "BEGIN:VTODO\r\nUID:water\r\nRECURRENCE-ID;VALUE=DATE:20261208\r\nSUMMARY:Water plants\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\n"
        let contents = try ICalendar.read(calendar(override + todo), zone: berlin, now: now)
        XCTAssertEqual(contents.todos.map(\.title), ["Water plants"])
        XCTAssertFalse(contents.todos[0].completed, "the series is not completed by one occurrence")
        let tree = TodoTree(todo: contents.todos[0], subtasks: [])
        let text = ICalendar.write(tasks: [], todos: [tree], zone: berlin, now: now)
        XCTAssertTrue(text.contains("END:VTODO\r\n" + override), text)
        XCTAssertEqual(text.components(separatedBy: "BEGIN:VTODO").count, 3)
    }

    func testTheCalendarShowsTheMovedOccurrenceOnItsNewDayAndTimeAndNotTheCancelledOne() throws {
        let db = try AppDatabase.temporary()
        let contents = try ICalendar.read(calendar(Self.master + Self.moved + Self.cancelled), zone: berlin, now: now)
        _ = try db.importCalendar(tasks: contents.tasks, todos: [], subtasks: [], label: "import test.ics")
        let agenda = try db.agenda(from: day(1), to: day(31))
        XCTAssertEqual(agenda.map { "\($0.dueDate!.iso) \($0.dueTime?.hhmm ?? "-")" },
                       ["2026-12-01 09:00", "2026-12-09 14:00", "2026-12-29 09:00"])
        XCTAssertTrue(try db.agenda(from: day(8), to: day(8)).isEmpty, "not on its original day")
        XCTAssertTrue(try db.agenda(from: day(15), to: day(15)).isEmpty, "cancelled")
    }

    /// A phone moved one occurrence, renamed it and gave it its own alarm: the day's list shows
    /// the override's title and alert on its new day (the series' elsewhere); an edit of the
    /// whole series from that occurrence keeps the series' own title, alert and time, and the
    /// override comes back byte for byte.
    static let renamed = """
        BEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20261102T100000Z\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261208T090000\r\n\
        SUMMARY:Standup (moved)\\, in room 2\r\nDTSTART;TZID=Europe/Berlin:20261209T140000\r\nDTEND;TZID=Europe/Berlin:20261209T143000\r\n\
        BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Standup\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\n
        """

    func testAMovedAndRenamedOccurrenceShowsItsOwnTitleAndAlert() throws {
        let master = Self.master.replacingOccurrences(of: "END:VEVENT\r\n",
                                                      with: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Standup\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("renamed-\(UUID().uuidString).ics")
        defer { try? FileManager.default.removeItem(at: file) }
        try calendar(master + Self.renamed).write(to: file)
        let db = try AppDatabase.temporary()
        let contents = try ICalendar.read(Data(contentsOf: file), zone: berlin, now: now)
        _ = try db.importCalendar(tasks: contents.tasks, todos: [], subtasks: [], label: "import renamed.ics")
        let shown = try db.agenda(from: day(1), to: day(31))
        XCTAssertEqual(shown.map { "\($0.dueDate!.iso) \($0.dueTime?.hhmm ?? "-") \($0.title) \($0.alertMinutes ?? -1)" },
                       ["2026-12-01 09:00 Standup 15", "2026-12-09 14:00 Standup (moved), in room 2 5",
                        "2026-12-15 09:00 Standup 15", "2026-12-29 09:00 Standup 15"])

        // "All occurrences" from the moved one, only the notes changed: the series keeps its own.
        var edited = try XCTUnwrap(shown.first { $0.dueDate == day(9) })
        edited.notes = "bring the numbers"
        try db.saveOccurrence(edited, seriesId: XCTUnwrap(edited.id), day: day(9), scope: .all)
        let series = try XCTUnwrap(db.task(id: XCTUnwrap(edited.id)))
        XCTAssertEqual([series.title, series.dueTime?.hhmm, series.alertMinutes.map(String.init), series.dueDate?.iso, series.notes],
                       ["Standup", "09:00", "15", "2026-12-01", "bring the numbers"])
        let text = ICalendar.write(tasks: [series], todos: [], zone: berlin, now: now).replacingOccurrences(of: "\r\n ", with: "")
        XCTAssertTrue(text.contains("END:VEVENT\r\n" + Self.renamed), "the override comes back as it came:\n" + text)
        XCTAssertTrue(text.contains("SUMMARY:Standup\r\n"), text)
    }

    func testAMovedLineKeepsATitleWithLineBreaksBackslashesAndArrows() throws {
        let moved = RecurrenceSet.Moved(from: day(8), to: day(9), time: TimeOfDay(hour: 10, minute: 0), alertMinutes: 0,
                                        title: "a > b\\c\nd")
        let set = RecurrenceSet(rule: try RecurrenceRule(parsing: "FREQ=DAILY"), moved: [moved])
        XCTAssertEqual(set.text.split(separator: "\n").count, 2, set.text)
        XCTAssertEqual(try RecurrenceSet(parsing: set.text).moved, [moved])
        XCTAssertEqual(try RecurrenceSet(parsing: "RRULE:FREQ=DAILY\nX-AIHELPER-MOVED:20261208>20261209T1000").moved,
                       [RecurrenceSet.Moved(from: day(8), to: day(9), time: TimeOfDay(hour: 10, minute: 0))], "a line from before")
    }
}
