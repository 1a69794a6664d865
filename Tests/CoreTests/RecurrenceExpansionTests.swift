import XCTest
@testable import Core

/// Dates of recurring series. The expected dates marked "dateutil" were computed with
/// python-dateutil 2.9.0 (`rrulestr(rule, dtstart=start)`, `.between(lo, hi, inc=True)`).
final class RecurrenceExpansionTests: XCTestCase {
    /// The occurrences of `text` (a stored recurrence set) in `from...to`; without a range, every
    /// occurrence up to 2200 (the rules tested that way end by COUNT or UNTIL).
    private func assertDates(_ text: String, start: String, from: String? = nil, to: String? = nil,
                             _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        do {
            let set = try RecurrenceSet(parsing: text)
            let range = day(from ?? start)...day(to ?? "2200-12-31")
            XCTAssertEqual(set.occurrences(start: day(start), in: range).map(\.iso), expected, text, file: file, line: line)
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
        }
    }

    func testDailyWithInterval() {  // dateutil
        assertDates("FREQ=DAILY;INTERVAL=3", start: "2026-11-23", from: "2026-11-23", to: "2026-12-10",
                    ["2026-11-23", "2026-11-26", "2026-11-29", "2026-12-02", "2026-12-05", "2026-12-08"])
    }

    func testEveryOtherWeekOnTwoDaysUntilInclusive() {  // dateutil; 2027-03-01 is the UNTIL day itself
        assertDates("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270301", start: "2026-11-23",
                    ["2026-11-23", "2026-11-25", "2026-12-07", "2026-12-09", "2026-12-21", "2026-12-23",
                     "2027-01-04", "2027-01-06", "2027-01-18", "2027-01-20", "2027-02-01", "2027-02-03",
                     "2027-02-15", "2027-02-17", "2027-03-01"])
    }

    func testWeekStartDecidesWhichWeeksAreSkipped() {  // RFC 5545's own example, also dateutil
        assertDates("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", start: "1997-08-05",
                    ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        assertDates("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", start: "1997-08-05",
                    ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
    }

    func testWeeklyWithoutByDayUsesTheStartWeekdayAndUntilIsInclusive() {  // dateutil
        assertDates("FREQ=WEEKLY;UNTIL=20261207", start: "2026-11-23", ["2026-11-23", "2026-11-30", "2026-12-07"])
        assertDates("FREQ=WEEKLY;UNTIL=20261207T090000Z", start: "2026-11-23", ["2026-11-23", "2026-11-30", "2026-12-07"])
    }

    func testStartIsAnOccurrenceOnlyWhenItMatches() {  // dateutil: a Tuesday start of "every Monday"
        assertDates("FREQ=WEEKLY;BYDAY=MO;COUNT=2", start: "2026-11-24", ["2026-11-30", "2026-12-07"])
    }

    func testMonthlyOnTheNthWeekday() {  // dateutil
        assertDates("FREQ=MONTHLY;BYDAY=2TU;COUNT=6", start: "2026-01-13",
                    ["2026-01-13", "2026-02-10", "2026-03-10", "2026-04-14", "2026-05-12", "2026-06-09"])
        assertDates("FREQ=MONTHLY;BYDAY=-1FR;COUNT=6", start: "2026-01-30",
                    ["2026-01-30", "2026-02-27", "2026-03-27", "2026-04-24", "2026-05-29", "2026-06-26"])
    }

    func testMonthlyOnThe31stSkipsShortMonths() {  // dateutil
        assertDates("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=7", start: "2026-01-31",
                    ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31", "2026-12-31"])
        // Without BYMONTHDAY the start's day is used, with the same skipping.
        assertDates("FREQ=MONTHLY;COUNT=3", start: "2026-01-31", ["2026-01-31", "2026-03-31", "2026-05-31"])
    }

    func testMonthlyOnTheLastDay() {  // dateutil
        assertDates("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=6", start: "2026-01-31",
                    ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"])
    }

    func testFridayThe13thIntersectsMonthDayAndWeekday() {  // dateutil
        assertDates("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR;COUNT=4", start: "2026-01-01",
                    ["2026-02-13", "2026-03-13", "2026-11-13", "2027-08-13"])
    }

    func testLastWeekdayOfTheMonthWithSetPos() {  // dateutil
        assertDates("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=12", start: "2026-01-01",
                    ["2026-01-30", "2026-02-27", "2026-03-31", "2026-04-30", "2026-05-29", "2026-06-30",
                     "2026-07-31", "2026-08-31", "2026-09-30", "2026-10-30", "2026-11-30", "2026-12-31"])
    }

    func testYearlyByMonthUsesTheStartDay() {  // dateutil
        assertDates("FREQ=YEARLY;BYMONTH=1,7;COUNT=6", start: "2026-01-15",
                    ["2026-01-15", "2026-07-15", "2027-01-15", "2027-07-15", "2028-01-15", "2028-07-15"])
    }

    func testYearlyNthWeekdayInAMonthAndPlainWeekdaysInTheYear() {  // dateutil
        assertDates("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3", start: "2026-11-26", ["2026-11-26", "2027-11-25", "2028-11-23"])
        assertDates("FREQ=YEARLY;BYDAY=MO;COUNT=3", start: "2026-01-01", ["2026-01-05", "2026-01-12", "2026-01-19"])
    }

    func testFebruary29YearlyOnlyInLeapYears() {  // dateutil
        assertDates("FREQ=YEARLY", start: "2028-02-29", from: "2028-01-01", to: "2035-12-31", ["2028-02-29", "2032-02-29"])
    }

    func testCountIsUsedUpByAnExcludedDate() {  // dateutil gives 5 dates; EXDATE then removes one
        assertDates("RRULE:FREQ=DAILY;COUNT=5\nEXDATE;VALUE=DATE:20261125", start: "2026-11-23",
                    ["2026-11-23", "2026-11-24", "2026-11-26", "2026-11-27"])
    }

    func testExtraDatesJoinTheSeriesAndExceptionsRemoveThem() {
        assertDates("RRULE:FREQ=WEEKLY;COUNT=2\nRDATE;VALUE=DATE:20261125,20261126\nEXDATE:20261126", start: "2026-11-23",
                    ["2026-11-23", "2026-11-25", "2026-11-30"])
    }

    func testDaylightSavingChangeDaysAreOrdinaryDays() {  // dateutil; Europe changes clocks on 2026-03-29 and 2026-10-25
        assertDates("FREQ=WEEKLY;BYDAY=SU", start: "2026-03-01", from: "2026-03-22", to: "2026-04-05",
                    ["2026-03-22", "2026-03-29", "2026-04-05"])
        assertDates("FREQ=WEEKLY;BYDAY=SU", start: "2026-03-01", from: "2026-10-18", to: "2026-11-01",
                    ["2026-10-18", "2026-10-25", "2026-11-01"])
        assertDates("FREQ=DAILY", start: "2026-03-28", from: "2026-03-28", to: "2026-03-30",
                    ["2026-03-28", "2026-03-29", "2026-03-30"])
    }

    // MARK: - Far from the start

    func testRangesNinetyYearsAfterTheStart() {  // dateutil
        assertDates("FREQ=MONTHLY;INTERVAL=5;BYDAY=-2TH", start: "2000-01-01", from: "2090-01-01", to: "2090-12-31",
                    ["2090-01-19", "2090-06-22", "2090-11-23"])
        assertDates("FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA", start: "2000-01-01", from: "2090-01-01", to: "2090-02-28",
                    ["2090-01-10", "2090-01-14", "2090-01-31", "2090-02-04", "2090-02-21", "2090-02-25"])
        assertDates("FREQ=YEARLY;BYDAY=20MO", start: "2000-01-01", from: "2090-01-01", to: "2092-12-31",
                    ["2090-05-15", "2091-05-14", "2092-05-19"])
    }

    func testCountEndingNinetyYearsLater() {  // dateutil
        // Whole periods counted by multiplication (7 days; one last weekday a month) ...
        assertDates("FREQ=DAILY;INTERVAL=7;COUNT=4700", start: "2000-01-01", from: "2090-01-01", to: "2090-12-31",
                    ["2090-01-07", "2090-01-14", "2090-01-21"])
        assertDates("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=1085", start: "2000-01-01",
                    from: "2090-01-01", to: "2090-12-31",
                    ["2090-01-31", "2090-02-28", "2090-03-31", "2090-04-28", "2090-05-31"])
        // ... and period by period when months differ (only 7 of them have a 31st).
        assertDates("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=640", start: "2000-01-31", from: "2090-01-01", to: "2091-12-31",
                    ["2090-01-31", "2090-03-31", "2090-05-31", "2090-07-31", "2090-08-31", "2090-10-31",
                     "2090-12-31", "2091-01-31", "2091-03-31", "2091-05-31"])
    }

    /// The expander jumps to the range (its speed is measured by `make bench`, not here).
    func testARangeCenturiesAwayGivesTheRightDays() throws {
        let set = try RecurrenceSet(parsing: "FREQ=DAILY;INTERVAL=2")
        let days = set.occurrences(start: day("2000-01-01"), in: day("9000-01-01")...day("9000-01-10"))
        // Python's datetime: (date(9000,1,1) - date(2000,1,1)).days is even.
        XCTAssertEqual(days.map(\.iso), ["9000-01-01", "9000-01-03", "9000-01-05", "9000-01-07", "9000-01-09"])
    }

    // MARK: - next(after:) and isOccurrence

    func testNextAfterSkipsExceptionsAndFindsRareDays() throws {  // dateutil: 2100 is no leap year
        let leapDay = try RecurrenceSet(parsing: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29")
        XCTAssertEqual(leapDay.next(after: day("2096-02-29"), start: day("2096-01-01")), day("2104-02-29"))

        let weekly = try RecurrenceSet(parsing: "RRULE:FREQ=WEEKLY\nEXDATE;VALUE=DATE:20261130")
        XCTAssertEqual(weekly.next(after: day("2026-11-23"), start: day("2026-11-23")), day("2026-12-07"))
        XCTAssertEqual(weekly.next(after: day("2026-11-01"), start: day("2026-11-23")), day("2026-11-23"))
    }

    func testNextAfterTheEndIsNil() throws {
        let counted = try RecurrenceSet(parsing: "FREQ=DAILY;COUNT=3")
        XCTAssertEqual(counted.next(after: day("2026-11-24"), start: day("2026-11-23")), day("2026-11-25"))
        XCTAssertNil(counted.next(after: day("2026-11-25"), start: day("2026-11-23")))
        let never = try RecurrenceSet(parsing: "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30")
        XCTAssertNil(never.next(after: day("2026-01-01"), start: day("2026-01-01")))
    }

    func testIsOccurrence() throws {
        let set = try RecurrenceSet(parsing: "RRULE:FREQ=MONTHLY;BYDAY=-1FR\nEXDATE;VALUE=DATE:20261127")
        XCTAssertTrue(set.isOccurrence(day("2026-10-30"), start: day("2026-01-30")))
        XCTAssertFalse(set.isOccurrence(day("2026-11-27"), start: day("2026-01-30")), "excluded")
        XCTAssertFalse(set.isOccurrence(day("2026-10-23"), start: day("2026-01-30")), "not the last Friday")
        XCTAssertFalse(set.isOccurrence(day("2025-12-26"), start: day("2026-01-30")), "before the start")
    }
}
