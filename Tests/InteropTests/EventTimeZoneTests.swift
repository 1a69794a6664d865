import Foundation
import XCTest
import Core
@testable import Interop

/// Every date-time path through import → store → export: UTC and TZID times keep their zone
/// (the line itself while unchanged, the new time in that zone once moved), floating stays
/// floating, all-day stays a date; DTEND, EXDATE and UNTIL follow DTSTART's value type, and each
/// TZID named has its VTIMEZONE.
final class EventTimeZoneTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    func read(_ events: String, zone: TimeZone) throws -> [TaskItem] {
        try ICalendar.read(Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events + "END:VCALENDAR\r\n").utf8), zone: zone).tasks
    }

    func readFile(_ text: String, zone: TimeZone) throws -> [TaskItem] { try ICalendar.read(Data(text.utf8), zone: zone).tasks }

    func event(_ uid: String, _ lines: String) -> String { "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\n" + lines + "END:VEVENT\r\n" }

    func written(_ tasks: [TaskItem]) -> String { ICalendar.write(tasks: tasks, todos: [], zone: berlin, now: now) }

    func testAUTCTimeFromKhalComesBackInUTC() throws {
        let tasks = try read(event("utc", "DTSTART;VALUE=DATE-TIME:20261125T140000Z\r\nDTEND;VALUE=DATE-TIME:20261125T150000Z\r\n"), zone: berlin)
        XCTAssertEqual(tasks[0].dueTime, TimeOfDay(hour: 15, minute: 0), "shown at its Berlin time")
        let text = written(tasks)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE-TIME:20261125T140000Z\r\nDTEND:20261125T150000Z\r\n"), text)
        XCTAssertFalse(text.contains("VTIMEZONE"), text)
        // Read where the file goes: 14:00 UTC is 23:00 in Tokyo (floating would have said 15:00).
        XCTAssertEqual(try readFile(text, zone: tokyo)[0].dueTime, TimeOfDay(hour: 23, minute: 0))

        var moved = tasks[0]
        moved.dueTime = TimeOfDay(hour: 16, minute: 30)
        XCTAssertTrue(written([moved]).contains("DTSTART:20261125T153000Z\r\nDTEND:20261125T163000Z\r\n"), written([moved]))
    }

    func testATZIDTimeKeepsItsZoneExceptionsAndUntilWithAVTIMEZONE() throws {
        let tasks = try read(event("ny", """
            DTSTART;TZID=America/New_York:20261201T090000\r\nDTEND;TZID=America/New_York:20261201T093000\r\n\
            RRULE:FREQ=WEEKLY;UNTIL=20270301T140000Z\r\nEXDATE;TZID=America/New_York:20261208T090000\r\n
            """), zone: berlin)
        XCTAssertEqual(tasks[0].dueTime, TimeOfDay(hour: 15, minute: 0))
        let text = written(tasks)
        XCTAssertTrue(text.contains("""
            DTSTART;TZID=America/New_York:20261201T090000\r\nDTEND;TZID=America/New_York:20261201T093000\r\n\
            RRULE:FREQ=WEEKLY;UNTIL=20270301T140000Z\r\nEXDATE;TZID=America/New_York:20261208T090000\r\n
            """), text)
        XCTAssertTrue(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nBEGIN:DAYLIGHT\r\nDTSTART:20250309T020000\r\n"
                                    + "TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n"), text)
        XCTAssertTrue(text.contains("BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\n"), text)
        let again = try readFile(text, zone: tokyo)[0]
        XCTAssertEqual(again.dueDate, CivilDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(again.dueTime, TimeOfDay(hour: 23, minute: 0), "09:00 in New York is 23:00 in Tokyo")
        XCTAssertEqual(again.recurrence, "RRULE:FREQ=WEEKLY;UNTIL=20270301T140000Z\nEXDATE;VALUE=DATE:20261208")

        var moved = tasks[0]
        moved.dueDate = CivilDate(year: 2026, month: 12, day: 2)
        let text2 = written([moved])
        XCTAssertTrue(text2.contains("DTSTART;TZID=America/New_York:20261202T090000\r\nDTEND;TZID=America/New_York:20261202T093000\r\n"), text2)
    }

    func testFloatingAndAllDayStayAsTheyWereAndUntilTakesTheirType() throws {
        let tasks = try read(event("floating", "DTSTART:20261201T073000\r\nRRULE:FREQ=DAILY;UNTIL=20261210\r\n")
                             + event("allday", "DTSTART;VALUE=DATE:20261203\r\nRRULE:FREQ=DAILY;UNTIL=20261210T120000Z\r\n"), zone: berlin)
        let text = written(tasks)
        XCTAssertTrue(text.contains("DTSTART:20261201T073000\r\nRRULE:FREQ=DAILY;UNTIL=20261210T235959\r\n"), text)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:20261203\r\nRRULE:FREQ=DAILY;UNTIL=20261210\r\n"), text)
        XCTAssertEqual(try readFile(text, zone: tokyo).map(\.dueTime), [TimeOfDay(hour: 7, minute: 30), nil], "floating is read as local time")
        XCTAssertFalse(text.contains("VTIMEZONE"))
    }

    func testAZoneWithoutChangesGetsOneStandardPart() {
        XCTAssertEqual(TimeZoneComponent.block(tzid: "Asia/Tokyo", zone: tokyo, years: 2025...2030), [
            "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "BEGIN:STANDARD", "DTSTART:20250101T000000", "TZOFFSETFROM:+0900",
            "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE"])
        XCTAssertEqual(TimeZoneComponent.offsetText(-(4 * 3600 + 30 * 60)), "-0430")
    }

    /// khal and todoman write UTC times with Z: every date-time property keeps it through
    /// read → write, unchanged and moved (DTSTART, DTEND, EXDATE, UNTIL, RECURRENCE-ID, DUE).
    func testUTCTimesKeepTheirZInEveryProperty() throws {
        let file = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//PIMUTILS.ORG//NONSGML khal / icalendar //EN\r\n\
            BEGIN:VEVENT\r\nSUMMARY:Review\r\nDTSTART:20261201T090000Z\r\nDTEND:20261201T100000Z\r\nDTSTAMP:20261120T120000Z\r\n\
            UID:utc-series\r\nRRULE:FREQ=WEEKLY;UNTIL=20270105T090000Z\r\nEXDATE:20261215T090000Z\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nSUMMARY:Review moved\r\nDTSTART:20261209T130000Z\r\nDTEND:20261209T140000Z\r\nDTSTAMP:20261120T120000Z\r\n\
            UID:utc-series\r\nRECURRENCE-ID:20261208T090000Z\r\nEND:VEVENT\r\n\
            BEGIN:VTODO\r\nSUMMARY:Send report\r\nDUE:20261203T170000Z\r\nUID:utc-todo\r\nEND:VTODO\r\n\
            END:VCALENDAR\r\n
            """
        let contents = try ICalendar.read(Data(file.utf8), zone: berlin)
        let todos = contents.todos.map { TodoTree(todo: $0, subtasks: []) }
        let text = ICalendar.write(tasks: contents.tasks, todos: todos, zone: berlin, now: now)
        for line in ["DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "RRULE:FREQ=WEEKLY;UNTIL=20270105T090000Z",
                     "EXDATE:20261215T090000Z", "RECURRENCE-ID:20261208T090000Z", "DTSTART:20261209T130000Z", "DUE:20261203T170000Z"] {
            XCTAssertTrue(text.contains("\r\n" + line + "\r\n"), line + " in:\n" + text)
        }
        XCTAssertFalse(text.contains("VTIMEZONE"), "UTC needs none")

        // Moved a day later in the app: still UTC, at the same moment of the day.
        var series = contents.tasks[0], todo = todos[0]
        series.dueDate = series.dueDate?.adding(days: 1)
        todo.todo.dueDate = todo.todo.dueDate?.adding(days: 1)
        let moved = ICalendar.write(tasks: [series], todos: [todo], zone: berlin, now: now)
        for line in ["DTSTART:20261202T090000Z", "DTEND:20261202T100000Z", "DUE:20261204T170000Z"] {
            XCTAssertTrue(moved.contains("\r\n" + line + "\r\n"), line + " in:\n" + moved)
        }
    }

    func testAMovedToDoDueTimeKeepsItsZoneAndFloatingStaysFloating() throws {
        let file = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\
            BEGIN:VTODO\r\nUID:ny\r\nSUMMARY:ny\r\nDUE;TZID=America/New_York:20261203T170000\r\nEND:VTODO\r\n\
            BEGIN:VTODO\r\nUID:fl\r\nSUMMARY:fl\r\nDUE:20261203T170000\r\nEND:VTODO\r\n\
            END:VCALENDAR\r\n
            """
        let trees = try ICalendar.read(Data(file.utf8), zone: berlin).todos.map { todo -> TodoTree in
            var todo = todo
            todo.dueDate = todo.dueDate?.adding(days: 2)
            return TodoTree(todo: todo, subtasks: [])
        }
        let text = ICalendar.write(tasks: [], todos: trees, zone: berlin, now: now)
        XCTAssertTrue(text.contains("\r\nDUE;TZID=America/New_York:20261205T170000\r\n"), text)
        XCTAssertTrue(text.contains("\r\nDUE:20261205T170000\r\n"), text)
    }
}
