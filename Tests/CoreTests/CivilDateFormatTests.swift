import Foundation
import XCTest
@testable import Core

/// `iso` and `hhmm` are written without `String(format:)` (bound per row on import): they must
/// be exactly what the format gave.
final class CivilDateFormatTests: XCTestCase {
    func testTheTextIsTheFormatsForEveryDayAndTime() {
        for year in [0, 1, 9, 10, 99, 100, 999, 1_000, 1_970, 2_026, 9_999, 10_000, 123_456] {
            for (month, day) in [(1, 1), (2, 28), (9, 9), (10, 10), (12, 31)] {
                XCTAssertEqual(CivilDate(year: year, month: month, day: day).iso, String(format: "%04d-%02d-%02d", year, month, day))
            }
        }
        for hour in 0..<24 {
            for minute in 0..<60 {
                XCTAssertEqual(TimeOfDay(hour: hour, minute: minute).hhmm, String(format: "%02d:%02d", hour, minute))
            }
        }
        XCTAssertEqual(padded(-5, 4), String(format: "%04d", -5))
    }
}
