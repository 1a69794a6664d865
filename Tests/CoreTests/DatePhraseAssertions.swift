import XCTest
@testable import Core

/// Monday 2026-11-23, the fixed "today" of the date phrase tests.
let monday = CivilDate(year: 2026, month: 11, day: 23)

func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

/// Asserts that `phrase`, read as a whole, is exactly `date` and `time` ("HH:mm").
func assertParse(_ phrase: String, _ date: String?, _ time: String? = nil, today: CivilDate = monday,
                 now: TimeOfDay? = nil, file: StaticString = #filePath, line: UInt = #line) {
    guard let match = DatePhrases.parse(phrase, today: today, now: now) else {
        return XCTFail("\(phrase) was not understood", file: file, line: line)
    }
    XCTAssertEqual(match.date?.iso, date, "date of \(phrase)", file: file, line: line)
    XCTAssertEqual(match.time?.hhmm, time, "time of \(phrase)", file: file, line: line)
}

func assertNotParsed(_ phrase: String, today: CivilDate = monday, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNil(DatePhrases.parse(phrase, today: today), "\(phrase) should not be a date", file: file, line: line)
}

/// Asserts what `find` reads in `sentence` and what is left once the phrase is cut out.
func assertFind(_ sentence: String, _ date: String?, _ time: String?, leaves rest: String,
                today: CivilDate = monday, now: TimeOfDay? = nil, file: StaticString = #filePath, line: UInt = #line) {
    guard let match = DatePhrases.find(in: sentence, today: today, now: now) else {
        return XCTFail("nothing found in \(sentence)", file: file, line: line)
    }
    XCTAssertEqual(match.date?.iso, date, "date in \(sentence)", file: file, line: line)
    XCTAssertEqual(match.time?.hhmm, time, "time in \(sentence)", file: file, line: line)
    XCTAssertEqual(DatePhrases.removing(match, from: sentence), rest, file: file, line: line)
}

/// Asserts the first and last day of the agenda period `phrase` names.
func assertPeriod(_ phrase: String, _ from: String, _ to: String, today: CivilDate = monday,
                  file: StaticString = #filePath, line: UInt = #line) {
    let period = DatePhrases.period(phrase, today: today)
    XCTAssertEqual(period?.lowerBound.iso, from, phrase, file: file, line: line)
    XCTAssertEqual(period?.upperBound.iso, to, phrase, file: file, line: line)
}
