import Foundation
import XCTest
import Core
@testable import Interop

/// `ICalendar.stream` reads an .ics a piece at a time on background threads (`CalendarPieces`)
/// and hands the tasks on as they come: what it reads, its notes and its first error must be
/// what reading the file whole and line by line gives (`Component.parse`, the oracle).
final class CalendarStreamTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func event(_ i: Int, start: String = "DTSTART:20261201T090000") -> String {
        "BEGIN:VEVENT\r\nUID:e\(i)@test\r\nSUMMARY:Event \(i)\r\n\(start)\r\nDURATION:PT30M\r\nEND:VEVENT\r\n"
    }

    private func calendar(_ events: Range<Int>, head: String = "", tail: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + head + events.map { event($0) }.joined() + tail + "END:VCALENDAR\r\n"
    }

    /// The tasks `stream` hands on, batch by batch.
    private func streamed(_ text: String) throws -> (batches: [[TaskItem]], rest: ICalendarContents) {
        var batches: [[TaskItem]] = []
        let rest = try ICalendar.stream(files: [("", Data(text.utf8))], zone: berlin, now: now, store: { batches.append($0) },
                                        replace: { _, _ in XCTFail("no UID twice") })
        return (batches, rest)
    }

    func testTasksComeInFileOrderAPieceAtATime() throws {
        let text = calendar(0..<3_500, tail: "BEGIN:VTODO\r\nUID:todo\r\nSUMMARY:A to-do\r\nEND:VTODO\r\n")
        let (batches, rest) = try streamed(text)
        XCTAssertEqual(batches.count, 4, "a batch per piece of \(CalendarPieces.eventsPerPiece) events")
        XCTAssertEqual(batches.joined().map(\.uid), (0..<3_500).map { "e\($0)@test" })
        XCTAssertEqual(rest.todos.map(\.uid), ["todo"])
        XCTAssertTrue(rest.tasks.isEmpty)
        XCTAssertEqual(try ICalendar.read(Data(text.utf8), zone: berlin, now: now).tasks, Array(batches.joined()))
    }

    /// VTIMEZONEs usually come first, but a TZID may be defined anywhere in the file, after the
    /// events that use it: zones are read from the system's database, so the result is the same.
    func testATimeZoneDefinedAfterTheEventsThatUseIt() throws {
        let zone = "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nTZOFFSETFROM:+0200\r\n"
            + "TZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let events = (0..<2_500).map { event($0, start: "DTSTART;TZID=Europe/Berlin:20261201T09\($0 % 6)000") }.joined()
        let first = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + zone + events + "END:VCALENDAR\r\n"
        let last = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events + zone + "END:VCALENDAR\r\n"
        let before = try ICalendar.read(Data(first.utf8), zone: berlin, now: now)
        let after = try ICalendar.read(Data(last.utf8), zone: berlin, now: now)
        XCTAssertEqual(after.tasks, before.tasks)
        XCTAssertEqual(after.notes, [])
        XCTAssertEqual(after.tasks[2_499].dueTime, TimeOfDay(hour: 9, minute: 30))
        XCTAssertTrue(after.tasks[0].extra?.contains("DTSTART;TZID=Europe/Berlin:20261201T090000") ?? false, after.tasks[0].extra ?? "")
    }

    /// Files that break the pieces' assumption (a block left open across pieces, two calendars,
    /// an END in the wrong place, a bad line) read as the whole file read line by line does.
    func testMalformedOrUnusualFilesReadAsLineByLine() throws {
        let open = calendar(0..<2_500).replacingOccurrences(of: "DURATION:PT30M\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:e1500@",
                                                             with: "DURATION:PT30M\r\nBEGIN:VEVENT\r\nUID:e1500@")
        let stray = calendar(0..<2_500).replacingOccurrences(of: "UID:e1999@test\r\n", with: "UID:e1999@test\r\nEND:VTODO\r\n")
        let twoCalendars = calendar(0..<1_500) + calendar(1_500..<3_000)
        let badLine = calendar(0..<2_500).replacingOccurrences(of: "SUMMARY:Event 2400\r\n", with: "SUMMARY Event 2400\r\n")
        let cut = String(calendar(0..<2_500).dropLast("END:VCALENDAR\r\n".count))
        let property = calendar(0..<1_500) + "X-AFTER:the calendar\r\n"
        for (name, text) in [("open", open), ("stray", stray), ("two", twoCalendars), ("bad", badLine), ("cut", cut),
                             ("property", property)] {
            let data = Data(text.utf8)
            do {
                _ = try Component.parse(data)
            } catch {
                XCTAssertThrowsError(try ICalendar.read(data, zone: berlin), name) {
                    XCTAssertEqual($0 as? InteropError, error as? InteropError, name)
                }
                continue
            }
            XCTAssertEqual(try ICalendar.read(data, zone: berlin).tasks.count, name == "two" ? 3_000 : 2_499, name)
        }
    }

    /// The first problem in the file is the one named, whatever its kind: a bad date in an early
    /// event comes before a malformed line near the end (reading it whole named the malformed
    /// line first, as lines were all parsed before any event was mapped).
    func testTheFirstProblemInTheFileIsNamed() {
        let text = calendar(0..<3_000).replacingOccurrences(of: "UID:e5@test\r\n", with: "UID:e5@test\r\nDTEND:2026130T\r\n")
            .replacingOccurrences(of: "SUMMARY:Event 2900\r\n", with: "SUMMARY Event 2900\r\n")
        XCTAssertThrowsError(try ICalendar.read(Data(text.utf8), zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.line, 2 + 5 * 6 + 3)
            XCTAssertEqual(($0 as? InteropError)?.message, "DTEND has the value “2026130T”, which is not a date")
        }
    }

    func testAnEventAfterTheCalendarOrAVCardIsNamed() {
        XCTAssertThrowsError(try ICalendar.read(Data("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".utf8), zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.hint, "this is a vCard file: name it .vcf")
        }
        XCTAssertThrowsError(try ICalendar.read(Data((calendar(0..<1_200) + event(9)).utf8), zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.message, "BEGIN:VEVENT where BEGIN:VCALENDAR was expected")
        }
        XCTAssertThrowsError(try ICalendar.read(Data("\r\n\r\n".utf8), zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.message, "the file has no BEGIN:VCALENDAR")
        }
    }

    func testAUIDTwiceIsReplacedInPlace() throws {
        let text = calendar(0..<2_000, tail: event(3).replacingOccurrences(of: "Event 3", with: "Event 3 again"))
        var replaced: [Int] = []
        _ = try ICalendar.stream(files: [("", Data(text.utf8))], zone: berlin, now: now, store: { _ in }, replace: { index, _ in replaced.append(index) })
        XCTAssertEqual(replaced, [3])
        let read = try ICalendar.read(Data(text.utf8), zone: berlin)
        XCTAssertEqual(read.tasks.count, 2_000)
        XCTAssertEqual(read.tasks[3].title, "Event 3 again")
        XCTAssertEqual(read.notes.count, 1)
    }

    func testPiecesStartAtEventsAndCountTheItems() {
        let text = "\u{FEFF}" + calendar(0..<2_100, tail: "BEGIN:VTODO\nUID:t\nEND:VTODO\n")
        let cut = CalendarPieces(Data(text.utf8))
        XCTAssertEqual(cut.items, 2_101)
        XCTAssertEqual(cut.pieces.map(\.firstLine), [1, 3, 3 + 6_000, 3 + 12_000, 3 + 2_100 * 6 + 3])
        XCTAssertEqual(cut.pieces.last.map { Data(text.utf8)[$0.bytes] }, Data("END:VCALENDAR\r\n".utf8))
    }
}
