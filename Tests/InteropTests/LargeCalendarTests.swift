import Foundation
import XCTest
import Core
@testable import Interop

/// A large .ics is read in pieces on other threads (`CalendarPieces`): the result, its notes and
/// its first error must be what reading it line by line gives, in file order.
final class LargeCalendarTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// `count` events of 8 lines each (well over the parallel threshold); `line(i)` adds one.
    func calendar(_ count: Int, extra: (Int) -> String? = { _ in nil }) -> Data {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for i in 0..<count {
            text += "BEGIN:VEVENT\r\nUID:e\(i)@test\r\nSUMMARY:Event \(i)\r\nDTSTART:20261201T090000\r\nDURATION:PT30M\r\n"
            text += "CATEGORIES:\(i % 2 == 0 ? "Work" : "work")\r\nLOCATION:Room \(i)\r\n"
            if let line = extra(i) { text += line + "\r\n" }
            text += "END:VEVENT\r\n"
        }
        return Data((text + "END:VCALENDAR\r\n").utf8)
    }

    /// The line number of event `i`'s extra line when events before it have none.
    func extraLine(_ i: Int) -> Int { 3 + i * 8 + 8 }

    func testEveryEventInFileOrderWithItsNotes() throws {
        let unknown: Set = [7, 2_999]
        let contents = try ICalendar.read(calendar(3_000) { unknown.contains($0) ? "DTEND;TZID=Mars/Olympus:20261201T100000" : nil },
                                          zone: berlin)
        XCTAssertEqual(contents.tasks.map(\.uid), (0..<3_000).map { "e\($0)@test" })
        XCTAssertEqual(contents.tasks.map(\.title), (0..<3_000).map { "Event \($0)" })
        XCTAssertEqual(Set(contents.tasks.map(\.category)), ["Work"], "categories in any case are the app's")
        XCTAssertEqual(contents.tasks[2_999].extra, "LOCATION:Room 2999")
        XCTAssertEqual(contents.notes.count, 2)
        XCTAssertTrue(contents.notes[0].hasPrefix("line \(extraLine(7)): unknown time zone"), contents.notes[0])
        XCTAssertTrue(contents.notes[1].hasPrefix("line \(3 + 2_999 * 8 + 8 + 1): unknown time zone"), contents.notes[1])
    }

    func testTheFirstMalformedLineInTheFileIsNamed() {
        // Both halves hold a bad line; the first in the file is the one reported, whichever thread read it.
        XCTAssertThrowsError(try ICalendar.read(calendar(3_000) { $0 == 2_900 || $0 == 2_950 ? "no colon here" : nil }, zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.line, extraLine(2_900))
        }
        XCTAssertThrowsError(try ICalendar.read(calendar(3_000) { $0 == 10 || $0 == 2_950 ? "DURATION:soon" : nil }, zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.line, extraLine(10))
        }
        // A structural error before a bad line in the other half wins, as reading in order would.
        XCTAssertThrowsError(try ICalendar.read(calendar(3_000) { $0 == 5 ? "END:VTODO" : $0 == 2_950 ? "no colon" : nil }, zone: berlin)) {
            XCTAssertEqual(($0 as? InteropError)?.line, extraLine(5))
        }
    }

    func testParallelMapKeepsTheOrder() {
        let items = Array(0..<100_003)
        XCTAssertEqual(ParallelMap.map(items) { $0 * 2 }, items.map { $0 * 2 })
        XCTAssertEqual(ParallelMap.map([1, 2, 3]) { $0 + 1 }, [2, 3, 4])
        XCTAssertEqual(ParallelMap.map([Int]()) { $0 }, [])
    }
}
