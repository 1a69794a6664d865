import XCTest
@testable import Core

/// Reading and writing RRULE text and the stored recurrence set.
final class RecurrenceTextTests: XCTestCase {
    func testParsesEveryPart() throws {
        let rule = try RecurrenceRule(parsing: "RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20270301;BYMONTH=1,6;BYMONTHDAY=1,-1;BYDAY=MO,2TU,-1FR,+3WE;BYSETPOS=1,-1;WKST=SU")
        XCTAssertEqual(rule.frequency, .monthly)
        XCTAssertEqual(rule.interval, 2)
        XCTAssertEqual(rule.until, day("2027-03-01"))
        XCTAssertNil(rule.count)
        XCTAssertEqual(rule.byMonth, [1, 6])
        XCTAssertEqual(rule.byMonthDay, [1, -1])
        XCTAssertEqual(rule.byDay, [.init(.monday), .init(.tuesday, ordinal: 2), .init(.friday, ordinal: -1),
                                    .init(.wednesday, ordinal: 3)])
        XCTAssertEqual(rule.bySetPos, [1, -1])
        XCTAssertEqual(rule.weekStart, .sunday)
    }

    func testUntilAsDateTimeKeepsTheWrittenDay() throws {
        XCTAssertEqual(try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270301T090000Z").until, day("2027-03-01"))
        XCTAssertEqual(try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270301T235959").until, day("2027-03-01"))
    }

    func testFormatsCanonicalOrderWithoutIntervalOne() throws {
        let rule = try RecurrenceRule(parsing: "wkst=mo;bysetpos=-1;byday=MO,TU;bymonthday=1;bymonth=3;count=5;interval=1;freq=yearly")
        XCTAssertEqual(rule.text, "FREQ=YEARLY;COUNT=5;BYMONTH=3;BYMONTHDAY=1;BYDAY=MO,TU;BYSETPOS=-1;WKST=MO")
        XCTAssertEqual(try RecurrenceRule(parsing: "BYDAY=MO,WE;UNTIL=20270301;INTERVAL=2;FREQ=WEEKLY").text,
                       "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301;BYDAY=MO,WE")
    }

    func testRoundTrips() throws {
        let texts = [
            "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3;COUNT=10", "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301;BYDAY=MO,WE",
            "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYMONTHDAY=31,-1", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;WKST=SU",
        ]
        for text in texts {
            let rule = try RecurrenceRule(parsing: text)
            XCTAssertEqual(rule.text, text)
            XCTAssertEqual(try RecurrenceRule(parsing: rule.text), rule)
        }
        let built = RecurrenceRule(frequency: .monthly, interval: 4, count: 7, byDay: [.init(.sunday, ordinal: -2)],
                                   byMonth: [3, 9], weekStart: .monday)
        XCTAssertEqual(try RecurrenceRule(parsing: built.text), built)
    }

    func testErrorsNameTheBadPart() {
        assertError("FREQ=FORTNIGHTLY", "unknown FREQ “FORTNIGHTLY”")
        assertError("FREQ=HOURLY", "FREQ “HOURLY” is not supported: tasks repeat by the day at most")
        assertError("INTERVAL=2", "the rule has no FREQ (try FREQ=WEEKLY)")
        assertError("", "the rule is empty (try FREQ=WEEKLY)")
        assertError("FREQ=DAILY;INTERVAL=0", "INTERVAL “0” must be 1 or more")
        assertError("FREQ=DAILY;INTERVAL=two", "INTERVAL “TWO” is not a number")
        assertError("FREQ=DAILY;COUNT=3;UNTIL=20270101", "COUNT and UNTIL cannot both be set")
        assertError("FREQ=DAILY;UNTIL=2027-01-01", "UNTIL “2027-01-01” is not a date like 20270301 or 20270301T090000Z")
        assertError("FREQ=DAILY;UNTIL=20270230", "UNTIL “20270230” is not a date like 20270301 or 20270301T090000Z")
        assertError("FREQ=WEEKLY;BYDAY=MO,XX", "BYDAY “XX” is not a weekday like MO, 2TU or -1FR")
        assertError("FREQ=WEEKLY;BYDAY=2MO", "BYDAY “2MO” can have a number only in a MONTHLY or YEARLY rule")
        assertError("FREQ=MONTHLY;BYDAY=0MO", "BYDAY “0MO” needs a number from 1 to 53 or -53 to -1")
        assertError("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY “32” must be 1 to 31 or -31 to -1")
        assertError("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY cannot be used in a WEEKLY rule")
        assertError("FREQ=YEARLY;BYMONTH=13", "BYMONTH “13” must be 1 to 12")
        assertError("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", "BYSETPOS “0” must be 1 to 366 or -366 to -1")
        assertError("FREQ=WEEKLY;WKST=XY", "WKST “XY” is not a weekday like MO")
        assertError("FREQ=YEARLY;BYWEEKNO=20", "“BYWEEKNO” is not supported")
        assertError("FREQ=DAILY;COLOR=RED", "unknown part “COLOR”")
        assertError("FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice")
        assertError("FREQ=DAILY;COUNT", "“COUNT” is not NAME=VALUE")
        assertError("FREQ=DAILY;COUNT=", "COUNT has no value")
    }

    private func assertError(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try RecurrenceRule(parsing: text), text, file: file, line: line) { error in
            XCTAssertEqual((error as? RecurrenceError)?.message, message, file: file, line: line)
        }
    }

    // MARK: - The stored set

    func testSetParsesRuleAndSeveralExceptionLines() throws {
        let set = try RecurrenceSet(parsing: """
            RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270301
            EXDATE;VALUE=DATE:20261207,20261130
            EXDATE;TZID=Europe/Berlin:20261221T090000
            EXDATE:20261223T080000Z
            RDATE;VALUE=DATE:20261126
            """)
        XCTAssertEqual(set.rule, try RecurrenceRule(parsing: "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301;BYDAY=MO,WE"))
        XCTAssertEqual(set.exceptionDates.map(\.iso), ["2026-11-30", "2026-12-07", "2026-12-21", "2026-12-23"])
        XCTAssertEqual(set.extraDates, [day("2026-11-26")])
        XCTAssertEqual(set.text, """
            RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301;BYDAY=MO,WE
            EXDATE;VALUE=DATE:20261130,20261207,20261221,20261223
            RDATE;VALUE=DATE:20261126
            """)
        XCTAssertEqual(try RecurrenceSet(parsing: set.text), set)
    }

    func testSetAcceptsABareRuleCRLFAndFoldedLines() throws {
        XCTAssertEqual(try RecurrenceSet(parsing: "FREQ=DAILY;COUNT=5").text, "RRULE:FREQ=DAILY;COUNT=5")
        let folded = try RecurrenceSet(parsing: "RRULE:FREQ=WEEKLY;\r\n BYDAY=MO\r\nEXDATE;VALUE=DATE:20261130,\r\n 20261207\r\n")
        XCTAssertEqual(folded.rule.byDay, [.init(.monday)])
        XCTAssertEqual(folded.exceptionDates, [day("2026-11-30"), day("2026-12-07")])
    }

    func testSetErrors() {
        assertSetError("RRULE:FREQ=DAILY\nDTSTART:20261123", "unknown line “DTSTART:20261123” (expected RRULE, EXDATE or RDATE)")
        assertSetError("EXDATE;VALUE=DATE:20261130", "there is no RRULE line")
        assertSetError("RRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY", "only one RRULE line is supported")
        assertSetError("RRULE:FREQ=DAILY\nEXDATE;VALUE=DATE:20261131", "EXDATE “20261131” is not a date like 20261130")
        assertSetError("RRULE:FREQ=DAILY\nRDATE;VALUE=PERIOD:20261130T090000Z/PT1H", "RDATE values of type PERIOD are not supported")
        assertSetError("RRULE:FREQ=SOMETIMES", "unknown FREQ “SOMETIMES”")
    }

    private func assertSetError(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try RecurrenceSet(parsing: text), text, file: file, line: line) { error in
            XCTAssertEqual((error as? RecurrenceError)?.message, message, file: file, line: line)
        }
    }
}
