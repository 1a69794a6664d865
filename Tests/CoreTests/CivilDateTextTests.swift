import XCTest
import Core

/// The stored forms "YYYY-MM-DD" and "HH:mm" are read from their bytes (10,000 series at
/// start-up); what they accept must not change: real dates and times only, other spellings
/// as before.
final class CivilDateTextTests: XCTestCase {
    func testStoredDatesParseAndImpossibleOnesDoNot() {
        XCTAssertEqual(CivilDate(iso: "2027-03-09"), CivilDate(year: 2027, month: 3, day: 9))
        XCTAssertEqual(CivilDate(iso: "2028-02-29"), CivilDate(year: 2028, month: 2, day: 29))
        for bad in ["2027-02-29", "2027-13-01", "2027-00-10", "2027-04-31", "2027-04-00", "2027-0a-01", "2027/03/09", "", "2027-03-091"] {
            XCTAssertNil(CivilDate(iso: bad), bad)
        }
        XCTAssertEqual(CivilDate(iso: "2027-3-9"), CivilDate(year: 2027, month: 3, day: 9), "unpadded, as before")
    }

    func testStoredTimesParseAndImpossibleOnesDoNot() {
        XCTAssertEqual(TimeOfDay(hhmm: "09:05"), TimeOfDay(hour: 9, minute: 5))
        XCTAssertEqual(TimeOfDay(hhmm: "23:59"), TimeOfDay(hour: 23, minute: 59))
        for bad in ["24:00", "12:60", "1a:00", "12-30", "", "12:300"] { XCTAssertNil(TimeOfDay(hhmm: bad), bad) }
        XCTAssertEqual(TimeOfDay(hhmm: "9:05"), TimeOfDay(hour: 9, minute: 5), "unpadded, as before")
    }
}
