import Foundation
import XCTest
import Core
@testable import Interop

/// VEVENT/VTODO ↔ tasks and todos: dates and zones, priorities, categories, alarms,
/// recurrence, subtasks, and unknown lines kept byte for byte.
final class ICalendarMappingTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func calendar(_ body: String) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body + "END:VCALENDAR\r\n").utf8)
    }

    func event(_ lines: String) -> String { "BEGIN:VEVENT\r\nUID:e@test\r\n" + lines + "END:VEVENT\r\n" }

    func readTask(_ lines: String, zone: TimeZone? = nil) throws -> TaskItem {
        let contents = try ICalendar.read(calendar(event(lines)), zone: zone ?? berlin)
        return try XCTUnwrap(contents.tasks.first)
    }

    func testNewYorkEventIsConvertedToTheLocalZone() throws {
        let task = try readTask("SUMMARY:Call\r\nDTSTART;TZID=America/New_York:20261201T090000\r\nDTEND;TZID=America/New_York:20261201T103000\r\n")
        XCTAssertEqual(task.dueDate, CivilDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 15, minute: 0))
        XCTAssertEqual(task.durationMinutes, 90)
        let tokyo = try readTask("SUMMARY:Call\r\nDTSTART;TZID=America/New_York:20261201T110000\r\n", zone: TimeZone(identifier: "Asia/Tokyo"))
        XCTAssertEqual(tokyo.dueDate, CivilDate(year: 2026, month: 12, day: 2), "11:00 in New York is 01:00 in Tokyo the next day")
        XCTAssertEqual(tokyo.dueTime, TimeOfDay(hour: 1, minute: 0))
    }

    func testLateUTCEventLandsOnTheNextDayInBerlin() throws {
        let task = try readTask("SUMMARY:Late\r\nDTSTART:20261203T233000Z\r\nDURATION:PT1H\r\n")
        XCTAssertEqual(task.dueDate, CivilDate(year: 2026, month: 12, day: 4))
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 0, minute: 30))
        XCTAssertEqual(task.durationMinutes, 60)
    }

    func testFloatingTimesStayAsWritten() throws {
        let task = try readTask("SUMMARY:Gym\r\nDTSTART:20261201T073000\r\n", zone: TimeZone(identifier: "Asia/Tokyo"))
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 7, minute: 30))
        XCTAssertEqual(task.dueDate, CivilDate(year: 2026, month: 12, day: 1))
    }

    func testFebruary29IsAcceptedInLeapYearsOnly() throws {
        let leap = try readTask("SUMMARY:Leap\r\nDTSTART;VALUE=DATE:20280229\r\n")
        XCTAssertEqual(leap.dueDate, CivilDate(year: 2028, month: 2, day: 29))
        XCTAssertNil(leap.dueTime)
        let text = calendar(event("SUMMARY:Not leap\r\nDTSTART;VALUE=DATE:20270229\r\n"))
        XCTAssertThrowsError(try ICalendar.read(text, zone: berlin)) { error in
            XCTAssertEqual((error as? InteropError)?.line, 7, "the DTSTART line")
            XCTAssertTrue("\(error)".contains("“20270229”, which is not a date"), "\(error)")
        }
    }

    func testDSTChangeDayKeepsWallClockTimesAndRealDuration() throws {
        // Berlin leaves summer time on 2026-10-25 at 03:00 → 02:00: 01:00–04:00 lasts four hours.
        let task = try readTask("SUMMARY:Night shift\r\nDTSTART;TZID=Europe/Berlin:20261025T010000\r\nDTEND;TZID=Europe/Berlin:20261025T040000\r\n")
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 1, minute: 0))
        XCTAssertEqual(task.durationMinutes, 240)
        // New York springs forward on 2026-03-08: 06:30 UTC is 01:30 EST, 07:30 UTC is 03:30 EDT.
        let ny = TimeZone(identifier: "America/New_York")!
        XCTAssertEqual(try readTask("SUMMARY:a\r\nDTSTART:20260308T063000Z\r\n", zone: ny).dueTime, TimeOfDay(hour: 1, minute: 30))
        XCTAssertEqual(try readTask("SUMMARY:b\r\nDTSTART:20260308T073000Z\r\n", zone: ny).dueTime, TimeOfDay(hour: 3, minute: 30))
    }

    func testAllDayMultiDayEventKeepsItsDaysBothWays() throws {
        let task = try readTask("SUMMARY:Trip\r\nDTSTART;VALUE=DATE:20261202\r\nDTEND;VALUE=DATE:20261205\r\n")
        XCTAssertNil(task.dueTime)
        XCTAssertEqual(task.durationMinutes, 3 * 1_440)
        let written = ICalendar.write(tasks: [task], todos: [], zone: berlin)
        XCTAssertTrue(written.contains("DTSTART;VALUE=DATE:20261202\r\nDTEND;VALUE=DATE:20261205\r\n"), written)
    }

    func testPriorityMapsBothWaysAndOddNumbersSurvive() throws {
        XCTAssertEqual(try readTask("SUMMARY:x\r\nPRIORITY:1\r\n").priority, .high)
        XCTAssertEqual(try readTask("SUMMARY:x\r\nPRIORITY:4\r\n").priority, .high)
        XCTAssertEqual(try readTask("SUMMARY:x\r\nPRIORITY:5\r\n").priority, .medium)
        XCTAssertEqual(try readTask("SUMMARY:x\r\nPRIORITY:6\r\n").priority, .low)
        XCTAssertEqual(try readTask("SUMMARY:x\r\nPRIORITY:9\r\n").priority, .low)
        XCTAssertEqual(try readTask("SUMMARY:x\r\nPRIORITY:0\r\n").priority, .none)
        XCTAssertEqual(try readTask("SUMMARY:x\r\n").priority, .none)
        func written(_ priority: Priority) -> String {
            ICalendar.write(tasks: [TaskItem(uid: "p", title: "x", priority: priority)], todos: [], zone: berlin)
        }
        XCTAssertTrue(written(.high).contains("\r\nPRIORITY:1\r\n"))
        XCTAssertTrue(written(.medium).contains("\r\nPRIORITY:5\r\n"))
        XCTAssertTrue(written(.low).contains("\r\nPRIORITY:9\r\n"))
        XCTAssertFalse(written(.none).contains("PRIORITY"))
        // A 3 stays a 3 while the task stays high; changed to low it is written as 9.
        var three = try readTask("SUMMARY:x\r\nPRIORITY:3\r\n")
        XCTAssertTrue(ICalendar.write(tasks: [three], todos: [], zone: berlin).contains("\r\nPRIORITY:3\r\n"))
        three.priority = .low
        let lowered = ICalendar.write(tasks: [three], todos: [], zone: berlin)
        XCTAssertTrue(lowered.contains("\r\nPRIORITY:9\r\n") && !lowered.contains("PRIORITY:3"), lowered)
    }

    func testCategoriesStatusAlarmAndRecurrence() throws {
        let task = try readTask("""
            SUMMARY:Standup\r\nDTSTART:20261130T091500\r\nCATEGORIES:work,Urgent\r\nSTATUS:COMPLETED\r\n\
            COMPLETED:20261130T100000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\nEXDATE;TZID=Europe/Berlin:20261207T091500,20261214T091500\r\n\
            BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n\
            BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER;VALUE=DATE-TIME:20261130T080000Z\r\nEND:VALARM\r\n
            """)
        XCTAssertEqual(task.category, "Work", "a known category in any case becomes the app's")
        XCTAssertTrue(task.completed)
        XCTAssertEqual(task.completedAt, Date(timeIntervalSince1970: 1_796_032_800))
        XCTAssertEqual(task.recurrence, "RRULE:FREQ=WEEKLY;BYDAY=MO\nEXDATE;VALUE=DATE:20261207,20261214")
        XCTAssertEqual(task.alertMinutes, 15)
        XCTAssertEqual(task.extra, """
            EXDATE;TZID=Europe/Berlin:20261207T091500,20261214T091500\nCATEGORIES:Urgent\n\
            BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT15M\nEND:VALARM\n\
            BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:20261130T080000Z\nEND:VALARM
            """, "the EXDATE line and every alarm are kept as they came (KeptEventLines)")
        XCTAssertEqual(try readTask("SUMMARY:x\r\nCATEGORIES:Gardening\r\n").category, "Gardening", "others are kept as written")

        let written = ICalendar.write(tasks: [task], todos: [], zone: berlin)
        XCTAssertTrue(written.contains("EXDATE:20261207T091500,20261214T091500\r\n"), "timed exceptions at the task's time: \(written)")
        XCTAssertTrue(written.contains("TRIGGER:-PT15M\r\n") && written.contains("STATUS:COMPLETED\r\n"))
        let again = try XCTUnwrap(ICalendar.read(Data(written.utf8), zone: berlin).tasks.first)
        XCTAssertEqual(again.recurrence, task.recurrence)
        XCTAssertEqual(again.alertMinutes, 15)
        XCTAssertEqual(again.extra, task.extra?.replacingOccurrences(of: "EXDATE;TZID=Europe/Berlin:", with: "EXDATE:"),
                       "the exceptions in DTSTART's (floating) form, the rest as it was")
        XCTAssertTrue(written.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n"), written)

        var changed = task
        changed.alertMinutes = 30
        let rewritten = ICalendar.write(tasks: [changed], todos: [], zone: berlin)
        XCTAssertFalse(rewritten.contains("TRIGGER:-PT15M"), "the changed alarm replaces the kept one: \(rewritten)")
        XCTAssertTrue(rewritten.contains("TRIGGER:-PT30M") && rewritten.contains("ACTION:AUDIO"), rewritten)
    }

    func testUnknownPropertiesAreWrittenBackByteForByte() throws {
        let kept = [
            "X-CUSTOM;X-PARAM=\"a:b\":keep me exactly \\, as is",
            "LOCATION:Room 4\\, floor 2",
            "URL;VALUE=URI:https://example.org/x?y=1",
            "ATTENDEE;CN=\"Doe, Jane\";PARTSTAT=ACCEPTED:mailto:jane@example.org",
            "SEQUENCE:3",
            "X-LONG:" + String(repeating: "ü", count: 60),
        ]
        let source = "SUMMARY:Meeting\r\nDTSTART:20261201T090000\r\n" + ContentFolding.fold(kept)
        let task = try readTask(source)
        XCTAssertEqual(task.extra, kept.joined(separator: "\n"))
        let exported = ICalendar.write(tasks: [task], todos: [], zone: berlin)
        let reread = try ICalendar.read(Data(exported.utf8), zone: berlin)
        XCTAssertEqual(reread.tasks.first?.extra, task.extra)
        let exportedLines = try ContentFolding.unfold(Data(exported.utf8)).map(\.text)
        for line in kept { XCTAssertTrue(exportedLines.contains(line), "kept verbatim: \(line)") }
        var stable = reread.tasks[0]
        stable.createdAt = task.createdAt; stable.updatedAt = task.updatedAt
        XCTAssertEqual(stable, task, "import → export → import gives the same task")
    }

    func testTodosWithNestedSubtasksViaRelatedTo() throws {
        let text = calendar("""
            BEGIN:VTODO\r\nUID:child\r\nSUMMARY:Passport\r\nRELATED-TO:root\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\n\
            BEGIN:VTODO\r\nUID:root\r\nSUMMARY:Trip\r\nDUE;VALUE=DATE:20261205\r\nPRIORITY:1\r\nEND:VTODO\r\n\
            BEGIN:VTODO\r\nUID:grandchild\r\nSUMMARY:Photo\r\nRELATED-TO;RELTYPE=PARENT:child\r\nDUE:20261203T170000Z\r\nEND:VTODO\r\n\
            BEGIN:VTODO\r\nUID:orphan\r\nSUMMARY:Elsewhere\r\nRELATED-TO:not-in-file\r\nEND:VTODO\r\n
            """)
        let contents = try ICalendar.read(text, zone: berlin)
        XCTAssertEqual(contents.todos.map(\.title), ["Trip", "Elsewhere"])
        XCTAssertEqual(contents.todos[0].dueDate, CivilDate(year: 2026, month: 12, day: 5))
        XCTAssertEqual(contents.todos[0].extra, "PRIORITY:1", "todos have no priority: kept")
        XCTAssertEqual(contents.todos[1].extra, "RELATED-TO:not-in-file", "a parent outside the file is kept as a link")
        XCTAssertEqual(contents.subtasks.map(\.subtask.title), ["Passport", "Photo"])
        XCTAssertEqual(contents.subtasks.map(\.todoUID), ["root", "root"])
        XCTAssertEqual(contents.subtasks.map(\.parentUID), [nil, "child"])
        XCTAssertTrue(contents.subtasks[0].subtask.completed)
        XCTAssertEqual(contents.subtasks[1].subtask.dueDate, CivilDate(year: 2026, month: 12, day: 3))

        var tree = TodoTree(todo: contents.todos[0], subtasks: [])
        tree.todo.id = 1
        tree.subtasks = contents.subtasks.enumerated().map { i, linked in
            var s = linked.subtask
            s.id = Int64(10 + i); s.todoId = 1; s.parentId = linked.parentUID == nil ? nil : 10
            return s
        }
        let written = ICalendar.write(tasks: [], todos: [tree], zone: berlin)
        XCTAssertTrue(written.contains("UID:grandchild\r\nDTSTAMP"), written)
        XCTAssertTrue(written.contains("DUE:20261203T170000Z\r\nRELATED-TO;RELTYPE=PARENT:child\r\n"), "the due time is kept: \(written)")
        let again = try ICalendar.read(Data(written.utf8), zone: berlin)
        XCTAssertEqual(again.subtasks.map(\.parentUID), [nil, "child"])
        XCTAssertEqual(again.todos.first?.extra, "PRIORITY:1")
    }

    func testLoopOfParentsIsAnError() {
        let text = calendar("""
            BEGIN:VTODO\r\nUID:a\r\nSUMMARY:A\r\nRELATED-TO:b\r\nEND:VTODO\r\n\
            BEGIN:VTODO\r\nUID:b\r\nSUMMARY:B\r\nRELATED-TO:a\r\nEND:VTODO\r\n
            """)
        XCTAssertThrowsError(try ICalendar.read(text, zone: berlin)) { error in
            XCTAssertEqual((error as? InteropError)?.line, 4)
            XCTAssertTrue("\(error)".contains("loop"), "\(error)")
        }
    }

    func testMissingUIDGetsTheSameMadeUpUIDEveryTime() throws {
        let text = calendar("BEGIN:VEVENT\r\nSUMMARY:No uid\r\nDTSTART:20261201T090000\r\nEND:VEVENT\r\n")
        let first = try ICalendar.read(text, zone: berlin).tasks[0].uid
        XCTAssertEqual(first, try ICalendar.read(text, zone: berlin).tasks[0].uid)
        XCTAssertTrue(first.hasPrefix("aihelper-"))
    }

    func testUnknownTimeZoneIsReadAsLocalTimeWithANote() throws {
        let contents = try ICalendar.read(calendar(event("SUMMARY:x\r\nDTSTART;TZID=Mars/Olympus:20261201T090000\r\n")), zone: berlin)
        XCTAssertEqual(contents.tasks.first?.dueTime, TimeOfDay(hour: 9, minute: 0))
        XCTAssertEqual(contents.notes, ["line 7: unknown time zone “Mars/Olympus”: read 20261201T090000 as local time"])
    }

    func testVCardIsRefusedWithAHint() {
        XCTAssertThrowsError(try ICalendar.read(Data("BEGIN:VCARD\nFN:x\nEND:VCARD\n".utf8), zone: berlin)) { error in
            XCTAssertTrue("\(error)".contains(".vcf"), "\(error)")
        }
    }
}
