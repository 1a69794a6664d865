import Foundation
import XCTest
import Core
@testable import Interop

/// One item ↔ one sync resource (Interop/ItemResources.swift).
final class ItemResourcesTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Berlin")!

    func testATaskRoundTripsWithItsKeptLines() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//khal//EN\r
            BEGIN:VEVENT\r
            UID:evt-1\r
            DTSTAMP:20261120T100000Z\r
            DTSTART;TZID=America/New_York:20261201T090000\r
            DTEND;TZID=America/New_York:20261201T100000\r
            SUMMARY:Standup\r
            LOCATION:Room 4\r
            X-CUSTOM;X-PARAM=1:kept\r
            BEGIN:VALARM\r
            ACTION:AUDIO\r
            TRIGGER;RELATED=END:PT5M\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let task = try ItemResources.readTask(Data(text.utf8), zone: zone)
        XCTAssertEqual([task.uid, task.title, task.dueTime?.hhmm], ["evt-1", "Standup", "15:00"])
        let written = String(decoding: ItemResources.write(task: task, zone: zone), as: UTF8.self)
        for line in ["DTSTART;TZID=America/New_York:20261201T090000", "LOCATION:Room 4", "X-CUSTOM;X-PARAM=1:kept", "TRIGGER;RELATED=END:PT5M"] {
            XCTAssertTrue(written.contains(line + "\r\n"), "\(line) kept in:\n\(written)")
        }
        var again = try ItemResources.readTask(Data(written.utf8), zone: zone)
        again.createdAt = task.createdAt; again.updatedAt = task.updatedAt
        XCTAssertEqual(again, task, "written and read again: the same task, kept lines in the same order")
    }

    func testASubtaskCarriesItsParentAndPosition() throws {
        let subtask = TodoResource(todo: Todo(uid: "s-1", title: "Passport", notes: "in the drawer", extra: "X-OTHER:1"),
                                   parentUID: "t-1", position: 2)
        let written = String(decoding: ItemResources.write(todo: subtask, zone: zone), as: UTF8.self)
        XCTAssertTrue(written.contains("RELATED-TO;RELTYPE=PARENT:t-1\r\n"))
        XCTAssertTrue(written.contains("X-AIHELPER-POSITION:2\r\n"))
        let read = try ItemResources.readTodo(Data(written.utf8), zone: zone)
        XCTAssertEqual(read.parentUID, "t-1")
        XCTAssertEqual(read.position, 2)
        XCTAssertEqual(read.todo.extra, "X-OTHER:1")
        XCTAssertEqual([read.todo.title, read.todo.notes], ["Passport", "in the drawer"])
    }

    func testAResourceOfTwoItemsOrTheWrongKindIsRefused() throws {
        let two = ICalendar.write(tasks: [TaskItem(title: "A"), TaskItem(title: "B")], todos: [], zone: zone)
        XCTAssertThrowsError(try ItemResources.readTask(Data(two.utf8), zone: zone))
        let todo = ItemResources.write(todo: TodoResource(todo: Todo(title: "T"), parentUID: nil, position: nil), zone: zone)
        XCTAssertThrowsError(try ItemResources.readTask(todo, zone: zone))
        XCTAssertThrowsError(try ItemResources.readContact(todo))
    }

    /// A series with a moved occurrence is refused while the reader skips overrides, so a push
    /// never writes the series back without it.
    func testASeriesWhoseOverrideWouldBeDroppedIsRefused() throws {
        let text = """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:series-1\r
            DTSTART:20261201T090000\r
            RRULE:FREQ=DAILY;COUNT=3\r
            SUMMARY:Standup\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:series-1\r
            RECURRENCE-ID:20261202T090000\r
            DTSTART:20261202T110000\r
            SUMMARY:Standup (moved)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        do {
            let task = try ItemResources.readTask(Data(text.utf8), zone: zone)
            // Once overrides are kept with their series (issue 21, Interop), they must come back out.
            let written = String(decoding: ItemResources.write(task: task, zone: zone), as: UTF8.self)
            XCTAssertTrue(written.contains("RECURRENCE-ID:20261202T090000"), written)
        } catch let error as InteropError {
            XCTAssertTrue("\(error)".contains("RECURRENCE-ID"), "\(error)")
        }
    }

    /// A VEVENT needs a DTSTART (Radicale refuses one without): an undated task gets one, marked,
    /// and reads back without a date.
    func testATaskWithoutADayIsWrittenWithAMarkedStartAndReadBackUndated() throws {
        let task = TaskItem(uid: "t-1", title: "Someday")
        let written = String(decoding: ItemResources.write(task: task, zone: zone), as: UTF8.self)
        XCTAssertTrue(written.contains("\r\nDTSTART;VALUE=DATE:") && written.contains("\r\nX-AIHELPER-UNDATED:TRUE\r\n"), written)
        let back = try ItemResources.readTask(Data(written.utf8), zone: zone)
        XCTAssertNil(back.dueDate)
        XCTAssertNil(back.extra, "neither the start nor the marker is kept as a line")
    }

    func testAContactRoundTrips() throws {
        let ada = Contact(uid: "c-1", name: "Ada", email: "ada@example.org", groups: "Work", extra: "BDAY:18151210")
        XCTAssertEqual(try ItemResources.readContact(ItemResources.write(contact: ada)).extra, "BDAY:18151210")
    }
}
