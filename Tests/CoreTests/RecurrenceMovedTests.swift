import XCTest
@testable import Core

/// Occurrences moved or cancelled on their own (from a calendar's RECURRENCE-ID overrides), and
/// rules the expander cannot read, kept as they came.
final class RecurrenceMovedTests: XCTestCase {
    func day(_ d: Int) -> CivilDate { CivilDate(year: 2026, month: 12, day: d) }

    let text = """
        RRULE:FREQ=WEEKLY;COUNT=6
        EXDATE;VALUE=DATE:20261222
        X-AIHELPER-MOVED:20261208>20261209T1400
        X-AIHELPER-MOVED:20261215>-
        """

    func testAMovedOccurrenceIsOnItsNewDayAndACancelledOneNowhere() throws {
        let set = try RecurrenceSet(parsing: text)
        XCTAssertEqual(set.moved, [.init(from: day(8), to: day(9), time: TimeOfDay(hour: 14, minute: 0)), .init(from: day(15), to: nil)])
        XCTAssertEqual(set.text, text, "stored as read")
        XCTAssertEqual(set.occurrences(start: day(1), in: day(1)...day(31)), [day(1), day(9), day(29)])
        XCTAssertEqual(set.occurrences(start: day(1), in: day(8)...day(8)), [], "not on its original day")
        XCTAssertEqual(set.next(after: day(1), start: day(1)), day(9))
        XCTAssertEqual(set.next(after: day(9), start: day(1)), day(29), "the 15th is cancelled, the 22nd excluded")
        XCTAssertEqual(set.moved(onto: day(9)).first?.time, TimeOfDay(hour: 14, minute: 0))
        XCTAssertEqual(set.moved(onto: day(8)), [])
        XCTAssertThrowsError(try RecurrenceSet(parsing: "RRULE:FREQ=DAILY\nX-AIHELPER-MOVED:2026>x"))
        // Moved onto a day the series has anyway: both are there.
        let daily = try RecurrenceSet(parsing: "RRULE:FREQ=DAILY;COUNT=3\nX-AIHELPER-MOVED:20261202>20261203T1500")
        XCTAssertEqual(daily.occurrences(start: day(1), in: day(1)...day(5)), [day(1), day(3), day(3)])
    }

    func testEditsKeepTheMovesOfTheirHalf() throws {
        let set = try RecurrenceSet(parsing: text)
        XCTAssertEqual(set.excluding(day(29)).moved.count, 2)
        XCTAssertEqual(set.ending(before: day(15), start: day(1)).moved.map(\.from), [day(8)])
        XCTAssertEqual(set.continuing(from: day(15), start: day(1))?.moved, [], "the overrides name the old series' UID")

        let task = TaskItem(title: "Standup", recurrence: text, extra: """
            X-KEEP:1\nBEGIN:VALARM\nTRIGGER:-PT5M\nEND:VALARM\nBEGIN:VEVENT\nUID:x\nRECURRENCE-ID:20261208T090000\nEND:VEVENT
            """)
        XCTAssertEqual(task.splitOffSeries.extra, "X-KEEP:1\nBEGIN:VALARM\nTRIGGER:-PT5M\nEND:VALARM")
        XCTAssertEqual(task.splitOffSeries.recurrence, "RRULE:FREQ=WEEKLY;COUNT=6\nEXDATE;VALUE=DATE:20261222")
    }

    func testARuleTheExpanderCannotReadIsKeptAsIs() {
        for rule in ["RRULE:FREQ=HOURLY;INTERVAL=4", "RRULE:FREQ=YEARLY;BYWEEKNO=10;BYDAY=MO", "RRULE:RSCALE=CHINESE;FREQ=YEARLY",
                     "RRULE:FREQ=YEARLY;BYYEARDAY=1,100", "RRULE:FREQ=MINUTELY", "RRULE:FREQ=DAILY;X-NAME=Y", "RRULE:FREQ=WEEKLY\nRRULE:FREQ=MONTHLY"] {
            XCTAssertTrue(RecurrenceSet.keptAsIs(rule), rule)
        }
        XCTAssertFalse(RecurrenceSet.keptAsIs(nil))
        XCTAssertFalse(RecurrenceSet.keptAsIs("RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"))
        XCTAssertFalse(RecurrenceSet.keptAsIs("RRULE;X-P=1:FREQ=DAILY"), "a parameter on the line is fine")
    }
}
