import Foundation
import XCTest
import Core
@testable import Tools

final class ToolArgumentsTests: XCTestCase {
    private let today = CivilDate(year: 2026, month: 11, day: 23)

    private func message(_ body: () throws -> Any?) -> String? {
        do { _ = try body(); return nil } catch { return (error as? ToolError)?.message ?? "\(error)" }
    }

    func testStrings() throws {
        let args = try ToolArguments(["title": "  Call\u{1B}[31m mom\nnow ", "blank": "   ", "number": 3, "empty": nil])
        XCTAssertEqual(try args.requiredString("title"), "Call mom now", "the escape sequence removed whole, one line")
        XCTAssertNil(try args.optionalString("blank"))
        XCTAssertNil(try args.optionalString("empty"))
        XCTAssertNil(try args.optionalString("absent"))
        XCTAssertEqual(message { try args.requiredString("absent") }, "Missing required argument 'absent'.")
        XCTAssertEqual(message { try args.requiredString("blank") }, "Missing required argument 'blank'.")
        XCTAssertEqual(message { try args.requiredString("number") }, "'number' must be a string.")
        XCTAssertEqual(message { try args.requiredString("title", maxLength: 5) },
                       "'title' is too long (at most 5 characters).")
        let notes = try ToolArguments(["notes": "line one\nline two"])
        XCTAssertEqual(try notes.optionalString("notes", multiline: true), "line one\nline two")
    }

    func testIntsAndArrays() throws {
        let args = try ToolArguments(["n": 4, "s": "12", "bad": .number(1.5), "list": ["a", " ", "b"], "mixed": ["a", 1]])
        XCTAssertEqual(try args.requiredInt("n"), 4)
        XCTAssertEqual(try args.optionalInt("s"), 12)
        XCTAssertNil(try args.optionalInt("absent"))
        XCTAssertEqual(message { try args.optionalInt("bad") }, "'bad' must be a whole number.")
        XCTAssertEqual(try args.requiredStringArray("list"), ["a", "b"])
        XCTAssertEqual(message { try args.optionalStringArray("mixed") }, "'mixed' must be a list of strings.")
        XCTAssertEqual(message { try args.requiredStringArray("absent") }, "Missing required argument 'absent'.")
        XCTAssertEqual(message { try args.optionalArray("n") }, "'n' must be a list.")
    }

    func testDatesAndTimes() throws {
        let args = try ToolArguments(["date": "2026-12-01", "bad": "2026-02-30", "time": "07:30", "late": "25:00"])
        XCTAssertEqual(try args.requiredDate("date", today: today), CivilDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(message { try args.optionalDate("bad", today: today) },
                       "'bad' must be a date like 2026-12-01 or a phrase like 'next friday'.")
        XCTAssertEqual(try args.optionalTime("time"), TimeOfDay(hour: 7, minute: 30))
        XCTAssertEqual(message { try args.optionalTime("late") }, "'late' must be a time like 17:00 (24-hour clock).")
        XCTAssertEqual(resolveDate(" 2028-02-29 ", today: today), CivilDate(year: 2028, month: 2, day: 29))
        XCTAssertEqual(resolveDate("next friday", today: today), CivilDate(year: 2026, month: 12, day: 4), "phrases go through the Core parser")
        XCTAssertNil(resolveDate("the day after the heat death", today: today))
    }

    func testArgumentsMustBeAnObject() {
        XCTAssertEqual(message { try ToolArguments(["a", "b"]) }, "The arguments must be a JSON object.")
        XCTAssertEqual(try ToolArguments(nil).values, [:])
    }
}
