import XCTest
@testable import Core

/// The words around rules: summaries for list rows, and the phrases typed in the "Repeat" field.
final class RecurrenceWordsTests: XCTestCase {
    private func summary(_ text: String, start: String? = nil) throws -> String {
        try RecurrenceRule(parsing: text).summary(start: start.map(day))
    }

    func testSummaries() throws {
        XCTAssertEqual(try summary("FREQ=DAILY"), "every day")
        XCTAssertEqual(try summary("FREQ=DAILY;INTERVAL=3"), "every 3 days")
        XCTAssertEqual(try summary("FREQ=WEEKLY"), "weekly")
        XCTAssertEqual(try summary("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270301"), "every 2 weeks on Mon, Wed until 1 Mar 2027")
        XCTAssertEqual(try summary("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), "every weekday")
        XCTAssertEqual(try summary("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=5"), "every weekday, 5 times")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYDAY=2TU"), "monthly on the 2nd Tuesday")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYDAY=-1FR;COUNT=1"), "monthly on the last Friday, once")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYMONTHDAY=31"), "monthly on day 31")
        XCTAssertEqual(try summary("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,15"), "every 3 months on days 1, 15")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYMONTHDAY=-1"), "monthly on the last day")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYMONTHDAY=1,-2"), "monthly on day 1 and the 2nd-to-last day")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR"), "monthly on day 13 if a Fri")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"), "monthly on the last weekday")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1"), "monthly on the 1st weekend day")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1,-1"), "monthly on the 1st and last of Mon, Fri")
        XCTAssertEqual(try summary("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"), "yearly on 29 Feb")
        XCTAssertEqual(try summary("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"), "yearly on the 4th Thursday in Nov")
        XCTAssertEqual(try summary("FREQ=YEARLY;INTERVAL=2;BYMONTH=1,7"), "every 2 years in Jan, Jul")
        XCTAssertEqual(try summary("FREQ=YEARLY;COUNT=10"), "yearly, 10 times")
    }

    func testSummaryNamesTheDaysTheStartImplies() throws {
        XCTAssertEqual(try summary("FREQ=YEARLY", start: "2028-02-29"), "yearly on 29 Feb")
        XCTAssertEqual(try summary("FREQ=WEEKLY;INTERVAL=2", start: "2026-11-24"), "every 2 weeks on Tue")
        XCTAssertEqual(try summary("FREQ=MONTHLY", start: "2026-01-31"), "monthly on day 31")
        XCTAssertEqual(try summary("FREQ=MONTHLY;BYDAY=2TU", start: "2026-01-13"), "monthly on the 2nd Tuesday")
    }

    // MARK: - Phrases

    private func phrase(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            return try RecurrenceRule.parsePhrase(text)?.text
        } catch {
            XCTFail("“\(text)”: \(error)", file: file, line: line)
            return "error"
        }
    }

    func testPhrasesForEachFrequency() {
        XCTAssertEqual(phrase("daily"), "FREQ=DAILY")
        XCTAssertEqual(phrase("Every day"), "FREQ=DAILY")
        XCTAssertEqual(phrase("every 3 days"), "FREQ=DAILY;INTERVAL=3")
        XCTAssertEqual(phrase("weekdays"), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(phrase("every weekday"), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(phrase("weekly"), "FREQ=WEEKLY")
        XCTAssertEqual(phrase("every 2 weeks"), "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(phrase("every other week"), "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(phrase("biweekly"), "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(phrase("every monday and thursday"), "FREQ=WEEKLY;BYDAY=MO,TH")
        XCTAssertEqual(phrase("every mon, wed & fri"), "FREQ=WEEKLY;BYDAY=MO,WE,FR")
        XCTAssertEqual(phrase("every 2 weeks on tuesdays"), "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
        XCTAssertEqual(phrase("monthly"), "FREQ=MONTHLY")
        XCTAssertEqual(phrase("every month on the 15th"), "FREQ=MONTHLY;BYMONTHDAY=15")
        XCTAssertEqual(phrase("monthly on the last friday"), "FREQ=MONTHLY;BYDAY=-1FR")
        XCTAssertEqual(phrase("monthly on the 2nd tuesday"), "FREQ=MONTHLY;BYDAY=2TU")
        XCTAssertEqual(phrase("monthly on the last day"), "FREQ=MONTHLY;BYMONTHDAY=-1")
        XCTAssertEqual(phrase("monthly on the last weekday"), "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        XCTAssertEqual(phrase("every 3 months on day 5"), "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=5")
        XCTAssertEqual(phrase("yearly"), "FREQ=YEARLY")
        XCTAssertEqual(phrase("every year"), "FREQ=YEARLY")
        XCTAssertEqual(phrase("annually twice"), "FREQ=YEARLY;COUNT=2")
    }

    func testPhraseEndings() {
        XCTAssertEqual(phrase("every day until 2027-03-01"), "FREQ=DAILY;UNTIL=20270301")
        XCTAssertEqual(phrase("weekly for 10 times"), "FREQ=WEEKLY;COUNT=10")
        XCTAssertEqual(phrase("every other week 10 times"), "FREQ=WEEKLY;INTERVAL=2;COUNT=10")
        XCTAssertEqual(phrase("monthly on the 15th until 2027-03-01"), "FREQ=MONTHLY;UNTIL=20270301;BYMONTHDAY=15")
    }

    func testNoRepeatAndRawRules() {
        XCTAssertNil(phrase(""))
        XCTAssertNil(phrase("  none "))
        XCTAssertNil(phrase("Never"))
        XCTAssertEqual(phrase("FREQ=WEEKLY;BYDAY=MO"), "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(phrase("RRULE:FREQ=MONTHLY;BYDAY=-1FR"), "FREQ=MONTHLY;BYDAY=-1FR")
    }

    func testUnknownPhrasesSuggestWhatWorks() {
        let hint = ": try “every 2 weeks”, “weekdays”, “monthly on the 15th”"
        for text in ["sometimes", "every blue moon", "every 2 hours", "weekly on the moon", "daily at noon"] {
            XCTAssertThrowsError(try RecurrenceRule.parsePhrase(text), text) { error in
                XCTAssertEqual((error as? RecurrenceError)?.message, "can't read “\(text)” as a repeat" + hint)
            }
        }
        XCTAssertThrowsError(try RecurrenceRule.parsePhrase("daily until march")) { error in
            XCTAssertEqual((error as? RecurrenceError)?.message, "write the last day like “until 2027-03-01”")
        }
        XCTAssertThrowsError(try RecurrenceRule.parsePhrase("monthly on the 32nd")) { error in
            XCTAssertEqual((error as? RecurrenceError)?.message, "BYMONTHDAY “32” must be 1 to 31 or -31 to -1")
        }
        XCTAssertThrowsError(try RecurrenceRule.parsePhrase("FREQ=FORTNIGHTLY")) { error in
            XCTAssertEqual((error as? RecurrenceError)?.message, "unknown FREQ “FORTNIGHTLY”")
        }
    }
}
