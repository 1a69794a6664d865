import XCTest
@testable import Core

/// The builders the form uses and the edits behind "delete this one" and "this and future".
final class RecurrenceEditingTests: XCTestCase {
    func testBuildersWriteTheExpectedRules() {
        XCTAssertEqual(RecurrenceRule.daily(interval: 2).text, "FREQ=DAILY;INTERVAL=2")
        XCTAssertEqual(RecurrenceRule.weekly(interval: 2, on: [.monday, .wednesday]).text, "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")
        XCTAssertEqual(RecurrenceRule.weekdays.text, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(RecurrenceRule.monthly(dayOfMonth: -1).text, "FREQ=MONTHLY;BYMONTHDAY=-1")
        XCTAssertEqual(RecurrenceRule.monthly(nth: 2, weekday: .tuesday).text, "FREQ=MONTHLY;BYDAY=2TU")
        XCTAssertEqual(RecurrenceRule.yearly.text, "FREQ=YEARLY")
    }

    func testValidateCatchesBadBuilderInput() {
        XCTAssertThrowsError(try RecurrenceRule.daily(interval: 0).validate())
        XCTAssertThrowsError(try RecurrenceRule.monthly(dayOfMonth: 40).validate())
        XCTAssertNoThrow(try RecurrenceRule.monthly(nth: -1, weekday: .friday).validate())
    }

    func testExcludingAddsOneSortedExceptionDate() throws {
        let set = try RecurrenceSet(parsing: "RRULE:FREQ=WEEKLY\nEXDATE;VALUE=DATE:20261207")
        let edited = set.excluding(day("2026-11-30")).excluding(day("2026-11-30"))
        XCTAssertEqual(edited.text, "RRULE:FREQ=WEEKLY\nEXDATE;VALUE=DATE:20261130,20261207")
        XCTAssertEqual(edited.occurrences(start: day("2026-11-23"), in: day("2026-11-23")...day("2026-12-14")).map(\.iso),
                       ["2026-11-23", "2026-12-14"])
    }

    func testEndingBeforeSetsUntilToTheDayBefore() throws {
        let set = try RecurrenceSet(parsing: "RRULE:FREQ=WEEKLY;UNTIL=20270301\nEXDATE;VALUE=DATE:20261130,20261221\nRDATE;VALUE=DATE:20261222")
        let old = set.ending(before: day("2026-12-14"), start: day("2026-11-23"))
        XCTAssertEqual(old.text, "RRULE:FREQ=WEEKLY;UNTIL=20261213\nEXDATE;VALUE=DATE:20261130")
        // A split after the series' end leaves the earlier UNTIL alone.
        XCTAssertEqual(set.ending(before: day("2028-01-01"), start: day("2026-11-23")).rule.until, day("2027-03-01"))
    }

    func testEndingBeforeTurnsCountIntoTheLastCountedDay() throws {
        let set = try RecurrenceSet(parsing: "FREQ=DAILY;COUNT=5")
        XCTAssertEqual(set.ending(before: day("2026-11-26"), start: day("2026-11-23")).text, "RRULE:FREQ=DAILY;UNTIL=20261125")
        // The count ran out on the 27th, before the split: the series must not grow.
        let cut = set.ending(before: day("2026-12-10"), start: day("2026-11-23"))
        XCTAssertEqual(cut.text, "RRULE:FREQ=DAILY;UNTIL=20261127")
        XCTAssertEqual(cut.occurrences(start: day("2026-11-23"), in: day("2026-11-01")...day("2026-12-31")).count, 5)
    }

    func testContinuingKeepsTheRestOfTheCountAndTheImpliedWeekday() throws {
        let set = try RecurrenceSet(parsing: "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=6\nEXDATE;VALUE=DATE:20261123,20261221")
        let start = day("2026-11-09")  // a Monday: the series is every other Monday
        let rest = try XCTUnwrap(set.continuing(from: day("2026-12-07"), start: start))
        XCTAssertEqual(rest.text, "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4\nEXDATE;VALUE=DATE:20261221")
        XCTAssertNil(set.continuing(from: day("2027-02-01"), start: start), "all 6 were used by then")

        // Both halves together give the original dates.
        let all = day("2026-11-01")...day("2027-12-31")
        let old = set.ending(before: day("2026-12-07"), start: start)
        XCTAssertEqual(old.occurrences(start: start, in: all) + rest.occurrences(start: day("2026-12-07"), in: all),
                       set.occurrences(start: start, in: all))

        // The new start is a Wednesday; the weekday the old start implied is written out.
        let weekly = try RecurrenceSet(parsing: "FREQ=WEEKLY")
        XCTAssertEqual(weekly.continuing(from: day("2026-12-02"), start: start)?.text, "RRULE:FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(weekly.continuing(from: day("2026-12-07"), start: start)?.text, "RRULE:FREQ=WEEKLY")
    }
}
