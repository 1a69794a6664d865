import Foundation
import XCTest
import Core
import Storage
@testable import Interop

/// A calendar as a phone writes it (iOS Calendar through CalDAV, DAVx⁵/ical4j, tasks.org):
/// X-APPLE-* properties, alarms with X-WR-ALARMUID, attendees with parameters, a TZID series
/// with EXDATEs and a moved occurrence, an all-day event, a to-do with a TZID due time. Read,
/// stored in a real database, read back and written again, every item has every line it came
/// with (DTSTAMP aside: the export writes when the copy was made).
final class PhoneRoundTripTests: XCTestCase {
    static let file = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Apple Inc.//iOS 17.5//EN\r\nCALSCALE:GREGORIAN\r\n\
        BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n\
        DTSTART:19810329T020000\r\nTZNAME:CEST\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\n\
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nDTSTART:19961027T030000\r\nTZNAME:CET\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n\
        BEGIN:VEVENT\r\nCREATED:20261101T080000Z\r\nUID:8E2B8F1C-6A4D-4C1E-9D2B-1A2B3C4D5E6F\r\n\
        DTEND;TZID=Europe/Berlin:20261201T093000\r\nTRANSP:OPAQUE\r\nX-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC\r\n\
        SUMMARY:Team standup\r\nLAST-MODIFIED:20261101T080500Z\r\nDTSTAMP:20261101T080500Z\r\n\
        DTSTART;TZID=Europe/Berlin:20261201T090000\r\nSEQUENCE:1\r\nRRULE:FREQ=WEEKLY;UNTIL=20270223T075959Z;BYDAY=TU\r\n\
        EXDATE;TZID=Europe/Berlin:20261222T090000\r\nEXDATE;TZID=Europe/Berlin:20261229T090000\r\n\
        ORGANIZER;CN=Ann Example;EMAIL=ann@example.org:mailto:ann@example.org\r\n\
        ATTENDEE;CN="Example, Bob";CUTYPE=INDIVIDUAL;EMAIL=bob@example.org;PARTSTAT=ACCEPTED;ROLE=REQ-PARTICIPANT;\r\n \
        RSVP=TRUE:mailto:bob@example.org\r\n\
        LOCATION:Room 4\\, floor 2\r\nDESCRIPTION:Agenda:\\nstatus\\, blockers\r\nCATEGORIES:Work\r\n\
        X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=70;X-TITLE="Room 4, floor 2":geo:52.520008,13.404954\r\n\
        BEGIN:VALARM\r\nX-WR-ALARMUID:6F1B2C3D-1111-4222-8333-944455566677\r\nUID:6F1B2C3D-1111-4222-8333-944455566677\r\n\
        TRIGGER:-PT15M\r\nDESCRIPTION:Reminder\r\nACTION:DISPLAY\r\nX-APPLE-DEFAULT-ALARM:TRUE\r\nEND:VALARM\r\n\
        BEGIN:VALARM\r\nX-WR-ALARMUID:7A2C3D4E-2222-4333-9444-A55566677788\r\nUID:7A2C3D4E-2222-4333-9444-A55566677788\r\n\
        TRIGGER;VALUE=DATE-TIME:20261201T070000Z\r\nACTION:AUDIO\r\nATTACH;VALUE=URI:Chord\r\nEND:VALARM\r\n\
        END:VEVENT\r\n\
        BEGIN:VEVENT\r\nCREATED:20261101T080000Z\r\nUID:8E2B8F1C-6A4D-4C1E-9D2B-1A2B3C4D5E6F\r\n\
        DTEND;TZID=Europe/Berlin:20261209T143000\r\nTRANSP:OPAQUE\r\nSUMMARY:Team standup (Wednesday this week)\r\n\
        DTSTART;TZID=Europe/Berlin:20261209T140000\r\nDTSTAMP:20261102T090000Z\r\nSEQUENCE:2\r\n\
        RECURRENCE-ID;TZID=Europe/Berlin:20261208T090000\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:3b4c5d6e-davx5@example.org\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:Holidays 🎄\r\n\
        DTSTART;VALUE=DATE:20261224\r\nDTEND;VALUE=DATE:20261227\r\nSTATUS:CONFIRMED\r\nCLASS:PUBLIC\r\n\
        X-MOZ-LASTACK:20261101T080000Z\r\nEND:VEVENT\r\n\
        BEGIN:VTODO\r\nUID:tasks-org-42\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:Send the report\r\nSTATUS:NEEDS-ACTION\r\n\
        DUE;TZID=Europe/Berlin:20261203T170000\r\nPRIORITY:1\r\nX-APPLE-SORT-ORDER:712345678\r\n\
        BEGIN:VALARM\r\nTRIGGER;RELATED=END:-PT1H\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Mozilla Description\r\nEND:VALARM\r\n\
        END:VTODO\r\n\
        END:VCALENDAR\r\n
        """

    /// Each item (by UID and RECURRENCE-ID): its properties but DTSTAMP, sorted, and its blocks.
    func items(_ text: String) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for calendar in try Component.parse(Data(text.utf8)) {
            for item in calendar.children where item.name == "VEVENT" || item.name == "VTODO" {
                let key = item.name + " " + (item.first("UID")?.value ?? "") + " " + (item.first("RECURRENCE-ID")?.raw ?? "")
                XCTAssertNil(found[key], "one \(key)")
                found[key] = item.properties.filter { $0.name != "DTSTAMP" }.map(\.raw).sorted()
                    + item.children.map { $0.rawLines.joined(separator: "\n") }.sorted()
            }
        }
        return found
    }

    func testAPhoneCalendarRoundTripsThroughTheDatabaseLineForLine() throws {
        let zone = TimeZone(identifier: "America/New_York")!  // the app's zone is not the file's
        let db = try AppDatabase.temporary()
        let contents = try ICalendar.read(Data(Self.file.utf8), zone: zone)
        XCTAssertEqual(contents.tasks.count, 2, "the series with its override is one item")
        _ = try db.importCalendar(tasks: contents.tasks, todos: contents.todos, subtasks: [], label: "import phone.ics")
        let written = ICalendar.write(tasks: try db.allTasks(), todos: try db.todoTrees(), zone: zone)

        let before = try items(Self.file), after = try items(written)
        XCTAssertEqual(before.count, 4, "the series, its override, the holidays and the to-do")
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        for (key, lines) in before {
            XCTAssertEqual(after[key], lines, key)
        }
        XCTAssertTrue(written.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "a VTIMEZONE for the TZID named")
    }
}
