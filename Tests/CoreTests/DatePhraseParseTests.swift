import XCTest
@testable import Core

/// Whole phrases, read against Monday 2026-11-23 unless said otherwise.
final class DatePhraseParseTests: XCTestCase {
    // MARK: Relative days

    func testToday() { assertParse("today", "2026-11-23") }
    func testTonightHasEveningTime() { assertParse("tonight", "2026-11-23", "20:00") }
    func testTomorrowAndItsShortForms() {
        assertParse("tomorrow", "2026-11-24")
        assertParse("tmr", "2026-11-24")
        assertParse("tmrw", "2026-11-24")
    }
    func testDayAfterTomorrow() {
        assertParse("day after tomorrow", "2026-11-25")
        assertParse("the day after tomorrow", "2026-11-25")
        assertParse("day after tmr", "2026-11-25")
    }
    func testYesterday() { assertParse("yesterday", "2026-11-22") }
    func testCaseAndPunctuationDoNotMatter() {
        assertParse("TOMORROW At 5PM", "2026-11-24", "17:00")
        assertParse("friday?", "2026-11-27")
        assertParse("Tomorrow!", "2026-11-24")
    }

    // MARK: Weekdays

    func testBareWeekdayIsTheNextOne() {
        assertParse("friday", "2026-11-27")
        assertParse("fri", "2026-11-27")
        assertParse("tues", "2026-11-24")
        assertParse("thurs", "2026-11-26")
        assertParse("wed", "2026-11-25")
    }
    func testBareWeekdayEqualToTodayMeansAWeekLater() { assertParse("monday", "2026-11-30") }
    func testThisWeekdayIncludesToday() {
        assertParse("this monday", "2026-11-23")
        assertParse("this friday", "2026-11-27")
    }
    func testNextWeekdayIsInNextWeek() {
        assertParse("next friday", "2026-12-04")
        assertParse("next monday", "2026-11-30")
        assertParse("next sunday", "2026-12-06")
        assertParse("friday next week", "2026-12-04")
    }
    func testWeekdaysSaidOnAFriday() {
        let friday = day("2026-11-27")
        assertParse("friday", "2026-12-04", today: friday)
        assertParse("this friday", "2026-11-27", today: friday)
        assertParse("next friday", "2026-12-04", today: friday)
        assertParse("next monday", "2026-11-30", today: friday)
    }
    func testNextMondaySaidOnSundayIsTomorrow() {
        let sunday = day("2026-11-29")
        assertParse("next monday", "2026-11-30", today: sunday)
        assertParse("this sunday", "2026-11-29", today: sunday)
        assertParse("next week", "2026-11-30", today: sunday)
    }
    func testLastWeekday() {
        assertParse("last friday", "2026-11-20")
        assertParse("last monday", "2026-11-16")
    }
    func testWeekdayWordsThatAreAlsoWordsCountAsAWholePhrase() {
        assertParse("sat", "2026-11-28")
        assertParse("sun", "2026-11-29")
    }

    // MARK: Weeks, months, durations

    func testNextWeekIsItsMonday() { assertParse("next week", "2026-11-30") }
    func testNextMonthIsItsFirstDay() { assertParse("next month", "2026-12-01") }
    func testEndOfMonth() {
        assertParse("end of month", "2026-11-30")
        assertParse("the end of the month", "2026-11-30")
        assertParse("end of week", "2026-11-29")
    }
    func testThisWeekend() { assertParse("this weekend", "2026-11-28") }
    func testInDaysAndWeeks() {
        assertParse("in 3 days", "2026-11-26")
        assertParse("in 2 weeks", "2026-12-07")
        assertParse("in a week", "2026-11-30")
        assertParse("3 days from now", "2026-11-26")
    }
    func testInAMonthClampsToTheMonthEnd() { assertParse("in 1 month", "2026-02-28", today: day("2026-01-31")) }
    func testInHoursAndMinutesNeedTheCurrentTime() {
        let ten = TimeOfDay(hour: 10, minute: 0)
        assertParse("in an hour", "2026-11-23", "11:00", now: ten)
        assertParse("in 2 hours", "2026-11-23", "12:00", now: ten)
        assertParse("in 30 minutes", "2026-11-23", "10:30", now: ten)
        assertNotParsed("in 2 hours")
    }
    func testInHoursCrossesMidnight() {
        assertParse("in 2 hours", "2026-11-24", "01:30", now: TimeOfDay(hour: 23, minute: 30))
    }

    // MARK: Written dates

    func testISODate() { assertParse("2026-12-01", "2026-12-01") }
    func testISODateWithTime() { assertParse("2026-12-01 14:30", "2026-12-01", "14:30") }
    func testUSSlashDates() {
        assertParse("12/01", "2026-12-01")
        assertParse("12/1/2026", "2026-12-01")
        assertParse("12/1/27", "2027-12-01")
    }
    func testMonthNames() {
        assertParse("1 dec", "2026-12-01")
        assertParse("dec 1", "2026-12-01")
        assertParse("december 1st", "2026-12-01")
        assertParse("the 1st of december", "2026-12-01")
        assertParse("dec. 24, 2027", "2027-12-24")
    }
    func testPastDayWithoutYearRollsToNextYear() {
        assertParse("jan 5", "2027-01-05")
        assertParse("1/5", "2027-01-05")
        assertParse("nov 22", "2027-11-22")
    }
    func testTodaysMonthDayStaysToday() { assertParse("nov 23", "2026-11-23") }
    func testDayOfMonthIsTheNextSuchDay() {
        assertParse("the 15th", "2026-12-15")
        assertParse("on the 3rd", "2026-12-03")
        assertParse("the 23rd", "2026-11-23")
        assertParse("the 31st", "2026-12-31")
    }
    func testDayOfMonthSkipsShortMonths() { assertParse("the 30th", "2027-03-30", today: day("2027-01-31")) }

    // MARK: Leap years and year ends

    func testLeapDayWaitsForALeapYear() {
        assertParse("feb 29", "2028-02-29")
        assertParse("feb 29", "2032-02-29", today: day("2028-03-01"))
        assertParse("feb 29", "2028-02-29", today: day("2028-02-29"))
    }
    func testAroundALeapDay() {
        let leapEve = day("2024-02-28")
        assertParse("tomorrow", "2024-02-29", today: leapEve)
        assertParse("in 2 days", "2024-03-01", today: leapEve)
        assertParse("end of month", "2024-02-29", today: leapEve)
    }
    func testAroundNewYear() {
        let newYearsEve = day("2026-12-31")
        assertParse("tomorrow", "2027-01-01", today: newYearsEve)
        assertParse("next month", "2027-01-01", today: newYearsEve)
        assertParse("next week", "2027-01-04", today: newYearsEve)
        assertParse("friday", "2027-01-01", today: newYearsEve)
        assertParse("dec 1", "2027-12-01", today: newYearsEve)
    }

    // MARK: Impossible dates

    func testImpossibleDatesAreNotADay() {
        assertNotParsed("feb 30")
        assertNotParsed("2026-13-01")
        assertNotParsed("2026-02-29")
        assertNotParsed("13/01")
        assertNotParsed("the 32nd")
        assertNotParsed("april 31")
    }
    func testImpossibleTimesAreNotATime() {
        assertNotParsed("25:00")
        assertNotParsed("13pm")
        assertNotParsed("at 24")
    }
    func testTextThatIsNotADatePhrase() {
        assertNotParsed("call mom")
        assertNotParsed("tomorrow call mom")
        assertNotParsed("")
        assertNotParsed("at")
    }

    // MARK: Times

    func testTimesWithAmPm() {
        assertParse("5pm", nil, "17:00")
        assertParse("5 pm", nil, "17:00")
        assertParse("5:30pm", nil, "17:30")
        assertParse("7 p.m.", nil, "19:00")
        assertParse("at 9am", nil, "09:00")
    }
    func testTwelveAmIsMidnightAndTwelvePmIsNoon() {
        assertParse("12am", nil, "00:00")
        assertParse("12pm", nil, "12:00")
    }
    func testTwentyFourHourTimes() {
        assertParse("17:00", nil, "17:00")
        assertParse("09:30", nil, "09:30")
        assertParse("at 17", nil, "17:00")
    }
    func testHoursWithoutAmPm() {
        assertParse("at 9", nil, "09:00")
        assertParse("at 3", nil, "15:00")
        assertParse("at 6", nil, "18:00")
        assertParse("at 7", nil, "07:00")
        assertParse("at 12", nil, "12:00")
        assertParse("5:30", nil, "17:30")
        assertParse("9 o'clock", nil, "09:00")
    }
    func testNamedTimes() {
        assertParse("noon", nil, "12:00")
        assertParse("midday", nil, "12:00")
        assertParse("midnight", nil, "00:00")
    }
    func testDayParts() {
        assertParse("morning", nil, "09:00")
        assertParse("afternoon", nil, "15:00")
        assertParse("evening", nil, "18:00")
        assertParse("this evening", "2026-11-23", "18:00")
    }
    func testLoneTimeFallsOnItsNextOccurrenceWhenTheTimeIsKnown() {
        assertParse("5pm", "2026-11-23", "17:00", now: TimeOfDay(hour: 10, minute: 0))
        assertParse("9am", "2026-11-24", "09:00", now: TimeOfDay(hour: 10, minute: 0))
    }

    // MARK: Date and time together

    func testDateAndTime() {
        assertParse("tomorrow at 5pm", "2026-11-24", "17:00")
        assertParse("on friday at 9am", "2026-11-27", "09:00")
        assertParse("next tuesday 14:30", "2026-12-01", "14:30")
        assertParse("dec 24 at noon", "2026-12-24", "12:00")
    }
    func testDayPartDecidesTheHalfOfABareHour() {
        assertParse("tonight at 9", "2026-11-23", "21:00")
        assertParse("tomorrow morning", "2026-11-24", "09:00")
        assertParse("tomorrow morning at 6", "2026-11-24", "06:00")
        assertParse("friday evening at 7", "2026-11-27", "19:00")
    }

    func testDateAndTimeFromAnInstantAndZone() throws {
        // 2026-11-23 23:30 UTC is already 2026-11-24 08:30 in Tokyo.
        let instant = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-23T23:30:00Z"))
        let match = DatePhrases.parse("in 2 hours", now: instant, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        XCTAssertEqual(match?.date?.iso, "2026-11-24")
        XCTAssertEqual(match?.time?.hhmm, "10:30")
    }

    func testSpokenEnglishDay() {
        XCTAssertEqual(day("2026-12-04").spokenEnglish, "Friday, 4 December 2026")
        XCTAssertEqual(day("2027-01-01").spokenEnglish, "Friday, 1 January 2027")
    }
}
