import XCTest
@testable import Core

/// Spans of days for agenda questions, from Monday 2026-11-23.
final class DatePeriodTests: XCTestCase {
    func testSingleDays() {
        assertPeriod("today", "2026-11-23", "2026-11-23")
        assertPeriod("tomorrow", "2026-11-24", "2026-11-24")
        assertPeriod("friday", "2026-11-27", "2026-11-27")
        assertPeriod("for friday", "2026-11-27", "2026-11-27")
    }
    func testThisWeekEndsOnSunday() {
        assertPeriod("this week", "2026-11-23", "2026-11-29")
        assertPeriod("this week", "2026-11-29", "2026-11-29", today: day("2026-11-29"))
    }
    func testNextWeekIsMondayToSunday() {
        assertPeriod("next week", "2026-11-30", "2026-12-06")
        assertPeriod("next week", "2026-12-07", "2026-12-13", today: day("2026-12-05"))
    }
    func testWeekend() { assertPeriod("this weekend", "2026-11-28", "2026-11-29") }
    func testThisAndNextMonth() {
        assertPeriod("this month", "2026-11-23", "2026-11-30")
        assertPeriod("next month", "2026-12-01", "2026-12-31")
        assertPeriod("next month", "2027-02-01", "2027-02-28", today: day("2027-01-31"))
    }
    func testNextSevenDaysCountsToday() {
        assertPeriod("next 7 days", "2026-11-23", "2026-11-29")
        assertPeriod("the next two weeks", "2026-11-23", "2026-12-06")
    }
    func testUpcomingIsThirtyDays() {
        assertPeriod("upcoming", "2026-11-23", "2026-12-23")
        assertPeriod("coming up", "2026-11-23", "2026-12-23")
    }
    func testNotAPeriod() {
        XCTAssertNil(DatePhrases.period("banana", today: monday))
        XCTAssertNil(DatePhrases.period("", today: monday))
    }
}
