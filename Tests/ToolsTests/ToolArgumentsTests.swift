import Foundation
import XCTest
import Core
@testable import Tools

/// Runs on `ToolTestCase`: today is Monday 2026-11-23, noon UTC.
final class ToolArgumentsTests: ToolTestCase {
    private var today: CivilDate { context.today }

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
        XCTAssertEqual(try args.requiredDate("date", context: context), CivilDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(message { try args.optionalDate("bad", context: context) },
                       "'bad' must be a date like 2027-01-15, a date and time like 2027-01-15T09:30, or a phrase like 'next friday'; “2026-02-30” is not one.")
        XCTAssertEqual(try args.optionalTime("time", context: context), TimeOfDay(hour: 7, minute: 30))
        XCTAssertEqual(message { try args.optionalTime("late", context: context) },
                       "'late' must be a time like 09:30, 17:00 or 5:30pm; “25:00” is not one.")
        XCTAssertEqual(resolveDate(" 2028-02-29 ", today: today), CivilDate(year: 2028, month: 2, day: 29))
        XCTAssertEqual(resolveDate("next friday", today: today), CivilDate(year: 2026, month: 12, day: 4), "phrases go through the Core parser")
        XCTAssertNil(resolveDate("the day after the heat death", today: today))
    }

    /// Every unambiguous time form reads as one time; a bare number is refused with the forms to use.
    func testTimeForms() throws {
        let nine30 = TimeOfDay(hour: 9, minute: 30)
        for text in ["09:30", "9:30", "9.30", "09:30:00", "09:30:59", "09:30:00.000", "9:30am", "9:30 AM", "9.30 a.m."] {
            XCTAssertEqual(try ToolArguments(["t": .string(text)]).optionalTime("t", context: context), nine30, text)
        }
        for (text, hour, minute) in [("21.15", 21, 15), ("5:30", 5, 30), ("5:30pm", 17, 30), ("noon", 12, 0), ("midnight", 0, 0), ("12am", 0, 0)] {
            XCTAssertEqual(try ToolArguments(["t": .string(text)]).optionalTime("t", context: context), TimeOfDay(hour: hour, minute: minute), text)
        }
        for text in ["9", "930", "2130"] {
            XCTAssertEqual(message { try ToolArguments(["t": .string(text)]).optionalTime("t", context: context) },
                           "'t' “\(text)” can be read more than one way: give a time like 09:30, 17:00 or 5:30pm (24-hour HH:mm, or with am/pm).")
        }
        for text in ["24:00", "9:60", "half nine", "09:30:61"] {
            XCTAssertEqual(message { try ToolArguments(["t": .string(text)]).optionalTime("t", context: context) },
                           "'t' must be a time like 09:30, 17:00 or 5:30pm; “\(text)” is not one.")
        }
    }

    /// A date-time in the date argument gives the time too, and the reverse; given twice, they must agree.
    func testDateAndTimeAreReadTogether() throws {
        func read(_ values: JSONValue, timeZone: String = "UTC") throws -> (CivilDate?, TimeOfDay?) {
            var context = self.context!
            context.timeZone = TimeZone(identifier: timeZone)!
            return try ToolArguments(values).dateAndTime(date: "d", time: "t", context: context)
        }
        let day = CivilDate(year: 2027, month: 1, day: 15), nine30 = TimeOfDay(hour: 9, minute: 30)
        for text in ["2027-01-15T09:30:00", "2027-01-15T09:30", "2027-01-15 09:30", "2027-01-15t09:30:00.250"] {
            let (date, time) = try read(["d": .string(text)])
            XCTAssertEqual(date, day, text)
            XCTAssertEqual(time, nine30, text)
        }
        XCTAssertTrue(try read(["d": "2027-01-15T09:30:00", "t": "09:30"]) == (day, nine30), "the same time twice is fine")
        XCTAssertTrue(try read(["t": "2027-01-15T09:30:00"]) == (day, nine30), "a date-time sent as the time")
        XCTAssertTrue(try read(["d": "2027-01-15T08:30:00Z"], timeZone: "Europe/Berlin") == (day, nine30), "an instant, read in the user's zone")
        XCTAssertTrue(try read(["d": "2027-01-15T23:30:00-05:00"], timeZone: "UTC") == (day.adding(days: 1), TimeOfDay(hour: 4, minute: 30)))
        XCTAssertTrue(try read(["d": "tomorrow at 9:30am"]) == (CivilDate(year: 2026, month: 11, day: 24), nine30), "a phrase with a time")
        XCTAssertEqual(message { try read(["d": "2027-01-15T09:30:00", "t": "10:00"]) },
                       "'d' says 09:30 but 't' says 10:00: give the time once.")
        XCTAssertEqual(message { try read(["d": "2027-01-15", "t": "2027-01-16T10:00"]) },
                       "'d' says 2027-01-15 but 't' says 2027-01-16: give the day once, in 'd'.")
    }

    /// A day and month that could be either way round is refused; one that cannot is read.
    func testSlashDatesAreReadOnlyWhenUnambiguous() throws {
        XCTAssertEqual(try ToolArguments(["d": "01/15/2027"]).optionalDate("d", context: context), CivilDate(year: 2027, month: 1, day: 15))
        XCTAssertEqual(try ToolArguments(["d": "04/04/2027"]).optionalDate("d", context: context), CivilDate(year: 2027, month: 4, day: 4))
        XCTAssertEqual(message { try ToolArguments(["d": "03/04/2027"]).optionalDate("d", context: context) },
                       "'d' “03/04/2027” can be read more than one way (month or day first): give the date as year-month-day, like 2027-01-15.")
    }

    /// A control character in a path is refused, never removed: the file would be another one.
    func testPathsRefuseControlCharacters() throws {
        XCTAssertEqual(try ToolArguments(["p": " notes/todo.txt "]).optionalPath("p", maxLength: 100), "notes/todo.txt")
        XCTAssertEqual(message { try ToolArguments(["p": "secret.txt\u{0}.md"]).optionalPath("p", maxLength: 100) },
                       "'p' contains a control character (a NUL byte, U+0000); a file name cannot have one. Give the path as plain text, like notes/todo.txt.")
        XCTAssertEqual(message { try ToolArguments(["p": "a\nb"]).requiredPath("p", maxLength: 100) },
                       "'p' contains a control character (U+000A); a file name cannot have one. Give the path as plain text, like notes/todo.txt.")
    }

    func testArgumentsMustBeAnObject() {
        XCTAssertEqual(message { try ToolArguments(["a", "b"]) }, "The arguments must be a JSON object.")
        XCTAssertEqual(try ToolArguments(nil).values, [:])
    }
}
