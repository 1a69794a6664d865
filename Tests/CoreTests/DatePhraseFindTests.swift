import XCTest
@testable import Core

/// Date phrases inside sentences, and the text left once they are cut out.
final class DatePhraseFindTests: XCTestCase {
    func testReminderSentence() {
        assertFind("remind me to call mom tomorrow at 5pm", "2026-11-24", "17:00", leaves: "remind me to call mom")
    }
    func testConnectorsAreCutWithThePhrase() {
        assertFind("dentist on friday at 9am", "2026-11-27", "09:00", leaves: "dentist")
    }
    func testMatchedTextAndRangeCoverConnectors() throws {
        let sentence = "dentist on friday at 9am"
        let match = try XCTUnwrap(DatePhrases.find(in: sentence, today: monday))
        XCTAssertEqual(match.matchedText, "on friday at 9am")
        XCTAssertEqual(String(sentence[match.range]), "on friday at 9am")
    }
    func testNextWeekdayWithTwentyFourHourTime() {
        assertFind("schedule team meeting next tuesday 14:30", "2026-12-01", "14:30", leaves: "schedule team meeting")
    }
    func testISODateKeepsTheSentencePunctuation() {
        assertFind("pay rent 2026-12-01.", "2026-12-01", nil, leaves: "pay rent.")
    }
    func testDateAndTimeApartAreBothCut() throws {
        assertFind("at 5pm call mom tomorrow", "2026-11-24", "17:00", leaves: "call mom")
        let match = try XCTUnwrap(DatePhrases.find(in: "at 5pm call mom tomorrow", today: monday))
        XCTAssertEqual(match.parts.count, 2)
    }
    func testCommaBetweenDateAndTime() {
        assertFind("tomorrow, at 5pm call mom", "2026-11-24", "17:00", leaves: "call mom")
    }
    func testDurationInsideASentence() {
        assertFind("water plants in 3 days", "2026-11-26", nil, leaves: "water plants")
    }
    func testMonthDayWithNamedTime() {
        assertFind("lunch dec 24 at noon", "2026-12-24", "12:00", leaves: "lunch")
    }
    func testEndOfMonthWithBy() {
        assertFind("submit report by end of month", "2026-11-30", nil, leaves: "submit report")
    }
    func testTonightInASentence() {
        assertFind("call mom tonight", "2026-11-23", "20:00", leaves: "call mom")
    }
    func testOriginalCaseIsKept() {
        assertFind("Call Mom TOMORROW", "2026-11-24", nil, leaves: "Call Mom")
    }
    func testHyphenatedWeekdayAndDayPart() {
        assertFind("monday-morning standup", "2026-11-30", "09:00", leaves: "standup")
    }
    func testAmbiguousAbbreviationCountsAfterOn() {
        assertFind("call bob on sat", "2026-11-28", nil, leaves: "call bob")
    }
    func testDayOfMonthAfterOn() {
        assertFind("pay rent on the 1st", "2026-12-01", nil, leaves: "pay rent")
    }
    func testLoneTimeWithTheCurrentTimeGetsADay() throws {
        let utc = TimeZone(identifier: "UTC")!
        let morning = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-23T10:00:00Z"))
        let evening = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-23T18:00:00Z"))
        XCTAssertEqual(DatePhrases.find(in: "call mom at 5pm", now: morning, timeZone: utc)?.date?.iso, "2026-11-23")
        XCTAssertEqual(DatePhrases.find(in: "call mom at 5pm", now: evening, timeZone: utc)?.date?.iso, "2026-11-24")
    }
    func testFirstDateWins() {
        assertFind("move standup from monday to friday", "2026-11-30", nil, leaves: "move standup from to friday")
    }

    // MARK: Words that only look like dates

    func testWordsContainingDayOrMonthNamesDoNotMatch() {
        for sentence in ["I'd like a sundae", "the mayor is marching", "a decent plan", "mondays are slow",
                         "I sat down in the sun", "we wed in a hurry", "read the morning paper"] {
            XCTAssertNil(DatePhrases.find(in: sentence, today: monday), sentence)
        }
    }
    func testPlainNumbersAreNotTimes() {
        XCTAssertNil(DatePhrases.find(in: "buy 3 eggs and 12 apples", today: monday))
    }
    func testImpossibleDateInASentenceGivesNoDate() {
        XCTAssertNil(DatePhrases.find(in: "meet on feb 30 at 5pm", today: monday))
    }

    // MARK: Removing

    func testRemovingTidiesSpacesAndDanglingConnectors() throws {
        let sentence = "buy   flowers for mom , on friday"
        let match = try XCTUnwrap(DatePhrases.find(in: sentence, today: monday))
        XCTAssertEqual(DatePhrases.removing(match, from: sentence), "buy flowers for mom")
    }
    func testRemovingAPhraseAtTheStart() {
        assertFind("Tomorrow: renew passport", "2026-11-24", nil, leaves: "renew passport")
    }
}
