import Foundation
import XCTest
@testable import Interop

/// RFC 5545 §3.1: folding, unfolding, parameters, TEXT escaping, and the block tree's errors.
final class ContentLineTests: XCTestCase {
    func testFoldingKeepsLinesWithin75OctetsAndNeverSplitsUTF8() throws {
        let title = "SUMMARY:" + String(repeating: "Grüße 🎉 日本語 ", count: 12)
        let folded = ContentFolding.fold([title])
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        XCTAssertGreaterThan(physical.count, 3)
        for line in physical {
            XCTAssertLessThanOrEqual(line.utf8.count, 75, line)
            XCTAssertNotNil(String(validating: Array(line.utf8), as: UTF8.self), "each physical line is whole UTF-8")
        }
        XCTAssertTrue(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        let unfolded = try ContentFolding.unfold(Data(folded.utf8))
        XCTAssertEqual(unfolded.map(\.text), [title])
        XCTAssertEqual(unfolded.first?.line, 1)
    }

    func testUnfoldingAcceptsTabsBareLFAndCountsPhysicalLines() throws {
        let text = "BEGIN:VCALENDAR\nDESCRIPTION:one\r\n two\n\tthree\r\nEND:VCALENDAR\n"
        let lines = try ContentFolding.unfold(Data(text.utf8))
        XCTAssertEqual(lines.map(\.text), ["BEGIN:VCALENDAR", "DESCRIPTION:onetwothree", "END:VCALENDAR"])
        XCTAssertEqual(lines.map(\.line), [1, 2, 5])
    }

    func testParametersWithQuotedValuesAndListsAndGroupPrefix() throws {
        let line = try ContentLine(parsing: #"ATTENDEE;CN="Doe; Jane";ROLE=REQ-PARTICIPANT;DELEGATED-TO="mailto:a@x","mailto:b@x":mailto:jane@x"#, line: 7)
        XCTAssertEqual(line.name, "ATTENDEE")
        XCTAssertEqual(line.parameter("CN"), "Doe; Jane")
        XCTAssertEqual(line.parameters.first { $0.name == "DELEGATED-TO" }?.values, ["mailto:a@x", "mailto:b@x"])
        XCTAssertEqual(line.value, "mailto:jane@x")
        let grouped = try ContentLine(parsing: "item1.EMAIL;type=INTERNET:a@b.c", line: 1)
        XCTAssertEqual(grouped.name, "EMAIL")
        XCTAssertEqual(grouped.parameter("TYPE"), "INTERNET")
        XCTAssertEqual(grouped.raw, "item1.EMAIL;type=INTERNET:a@b.c", "raw keeps the line as written")
    }

    func testTextEscapingRoundTrips() {
        let text = "a\\b; c, d\nsecond line"
        XCTAssertEqual(ContentText.escape(text), "a\\\\b\\; c\\, d\\nsecond line")
        XCTAssertEqual(ContentText.unescape(ContentText.escape(text)), text)
        XCTAssertEqual(ContentText.unescape("x\\Ny\\:z"), "x\ny:z")
        XCTAssertEqual(ContentText.list("Work,Fun\\, Games, Home"), ["Work", "Fun, Games", "Home"])
    }

    func testLineWithoutColonIsReportedWithItsNumber() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nthis line is broken\nEND:VEVENT\nEND:VCALENDAR\n"
        XCTAssertThrowsError(try Component.parse(Data(text.utf8))) { error in
            XCTAssertEqual((error as? InteropError)?.line, 4)
            XCTAssertTrue("\(error)".contains("no ':'"), "\(error)")
        }
    }

    func testUnbalancedEndNamesBothLines() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n"
        XCTAssertThrowsError(try Component.parse(Data(text.utf8))) { error in
            let error = error as? InteropError
            XCTAssertEqual(error?.line, 4)
            XCTAssertEqual(error?.message, "END:VTODO closes BEGIN:VEVENT of line 2")
        }
        XCTAssertThrowsError(try Component.parse(Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:cut\n".utf8))) { error in
            XCTAssertEqual((error as? InteropError)?.line, 2)
            XCTAssertTrue("\(error)".contains("never closed"), "\(error)")
        }
    }

    func testNotUTF8IsAnErrorNotReplacementCharacters() {
        var data = Data("BEGIN:VCALENDAR\nSUMMARY:caf".utf8)
        data.append(0xE9)  // Latin-1 é
        data.append(contentsOf: Array("\nEND:VCALENDAR\n".utf8))
        XCTAssertThrowsError(try Component.parse(data)) { error in
            XCTAssertEqual((error as? InteropError)?.line, 2)
            XCTAssertTrue("\(error)".contains("UTF-8"), "\(error)")
        }
    }

    /// A NUL would cut the stored text short: the file is refused, naming the line.
    func testANulByteIsAnErrorNamingItsLine() {
        let data = Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Den\u{0}tist\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
        XCTAssertThrowsError(try Component.parse(data)) { error in
            XCTAssertEqual((error as? InteropError)?.line, 3)
            XCTAssertTrue("\(error)".contains("NUL byte"), "\(error)")
            XCTAssertTrue("\(error)".contains("import the fixed file"), "a file's fix, for a file: \(error)")
        }
    }

    func testDurations() {
        XCTAssertEqual(DateValues.duration("PT1H30M"), 5_400)
        XCTAssertEqual(DateValues.duration("P1D"), 86_400)
        XCTAssertEqual(DateValues.duration("-PT15M"), -900)
        XCTAssertEqual(DateValues.duration("P0DT1H30M0S"), 5_400, "calcurse's form")
        XCTAssertEqual(DateValues.duration("P2W"), 1_209_600)
        XCTAssertNil(DateValues.duration("PT"))
        XCTAssertNil(DateValues.duration("1H"))
        XCTAssertEqual(DateValues.formatDuration(minutes: 90), "PT1H30M")
        XCTAssertEqual(DateValues.formatDuration(minutes: 1_440), "P1D")
        XCTAssertEqual(DateValues.formatDuration(minutes: -15), "-PT15M")
        XCTAssertEqual(DateValues.formatDuration(minutes: 0), "PT0S")
    }

    /// Unescaping goes by bytes; it must give what going by Character gives, even where a
    /// combining mark joins the escaped letter into one Character.
    func testUnescapingByBytesIsUnescapingByCharacters() {
        func byCharacters(_ text: String) -> String {
            var out = "", escaping = false
            for c in text {
                if escaping { out.append(c == "n" || c == "N" ? "\n" : c); escaping = false }
                else if c == "\\" { escaping = true } else { out.append(c) }
            }
            return escaping ? out + "\\" : out
        }
        let samples = ["a\\,b\\;c\\\\d\\ne\\N", "trailing\\", "\\n\u{301}x", "\\\u{301}n", "é\\,ü\\n中\\;",
                       "\\\\n", "x\\n", "\\\u{1F600}", "plain"]
        for text in samples { XCTAssertEqual(ContentText.unescape(text), byCharacters(text), text.debugDescription) }
    }
}
