import XCTest
@testable import Terminal

/// Styles as SGR sequences (`aihelper ask` on a terminal).
final class ANSIStyleTests: XCTestCase {
    func testEachAttributeAndColorKindHasItsCode() {
        XCTAssertEqual(ANSIStyle.sgr(.plain), "")
        XCTAssertEqual(ANSIStyle.sgr(Style(bold: true, dim: true, italic: true, underline: true, reverse: true)), "\u{1B}[0;1;2;3;4;7m")
        XCTAssertEqual(ANSIStyle.sgr(Style(fg: .ansi(1), bg: .ansi(4))), "\u{1B}[0;31;44m")
        XCTAssertEqual(ANSIStyle.sgr(Style(fg: .ansi(9), bg: .ansi(15))), "\u{1B}[0;91;107m", "bright colors")
        XCTAssertEqual(ANSIStyle.sgr(Style(fg: .palette(208), bg: .palette(236))), "\u{1B}[0;38;5;208;48;5;236m")
        XCTAssertEqual(ANSIStyle.sgr(Style(fg: .rgb(1, 2, 3), bg: .rgb(250, 251, 252))), "\u{1B}[0;38;2;1;2;3;48;2;250;251;252m")
    }

    func testALineSetsAStyleWhereItChangesAndResetsAtItsEnd() {
        let bold = Style(bold: true), link = Style(fg: .ansi(12), underline: true)
        XCTAssertEqual(ANSIStyle.line([("Take ", .plain), ("three", bold), (" and ", .plain), ("more", bold), ("!", bold)]),
                       "Take \u{1B}[0;1mthree\u{1B}[0m and \u{1B}[0;1mmore!\u{1B}[0m")
        XCTAssertEqual(ANSIStyle.line([("a", link), ("b", bold)]), "\u{1B}[0;4;94ma\u{1B}[0;1mb\u{1B}[0m")
        XCTAssertEqual(ANSIStyle.line([("plain", .plain)]), "plain", "no escapes for unstyled text")
        XCTAssertEqual(ANSIStyle.line([("", bold), ("x", .plain)]), "x", "empty pieces write nothing")
    }
}
