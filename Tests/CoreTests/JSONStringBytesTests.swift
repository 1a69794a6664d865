import XCTest
@testable import Core

final class JSONStringBytesTests: XCTestCase {
    /// Reads the string that opens `json` (its first byte a quote); the text and where reading stopped.
    private func read(_ json: String, _ invalid: JSONStringBytes.Invalid) -> (String?, Int) {
        read(Array(json.utf8), invalid)
    }

    private func read(_ bytes: [UInt8], _ invalid: JSONStringBytes.Invalid) -> (String?, Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var at = 1
            let text = JSONStringBytes.read(buffer, at: &at, invalid: invalid)
            return (text, at)
        }
    }

    func testPlainAndEscapedStringsEndPastTheirQuote() {
        XCTAssertEqual(read(#""plain text, long enough for eight-byte steps" tail"#, .reject).0, "plain text, long enough for eight-byte steps")
        XCTAssertEqual(read(#""ab" tail"#, .reject).1, 4)
        let escaped = #""a\"b\\c\/d\b\f\n\r\te\u00e9\u4e2d" x"#
        XCTAssertEqual(read(escaped, .reject).0, "a\"b\\c/d\u{08}\u{0C}\n\r\te\u{E9}中")
        XCTAssertEqual(read(escaped, .reject).1, escaped.utf8.count - 2)
        XCTAssertEqual(read(#""\ud83d\ude00!""#, .reject).0, "😀!")
        XCTAssertEqual(read(#""\uD83D\uDE00""#, .replace).0, "😀")
    }

    func testMalformedStringsAreNil() {
        for bad in [#""unterminated"#, #""bad \x escape""#, #""short \u12""#, #""ends in \"#, "\"tab\there\"", "\"line\nbreak\""] {
            XCTAssertNil(read(bad, .reject).0, bad)
            XCTAssertNil(read(bad, .replace).0, bad)
        }
        XCTAssertEqual(read("\"ab\\n\ncd\"", .reject).1, 5, "a control character is where reading stops, for the error's place")
        XCTAssertEqual(read("\"ab\ncd\"", .reject).1, 3)
    }

    func testLoneSurrogatesAreRejectedOrReplaced() {
        for lone in [#""a\ud800b""#, #""a\udc00b""#, #""a\ud800\u0041b""#] {
            XCTAssertNil(read(lone, .reject).0, lone)
        }
        XCTAssertEqual(read(#""a\ud800b""#, .replace).0, "a\u{FFFD}b")
        XCTAssertEqual(read(#""a\udc00b""#, .replace).0, "a\u{FFFD}b")
        XCTAssertEqual(read(#""a\ud800\u0041b""#, .replace).0, "a\u{FFFD}Ab", "the escape after a lone high surrogate is read as itself")
    }

    func testInvalidUTF8IsRejectedOrReplaced() {
        let plain: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
        let escaped: [UInt8] = [0x22, 0x5C, 0x6E, 0xC3, 0x22]
        XCTAssertNil(read(plain, .reject).0)
        XCTAssertNil(read(escaped, .reject).0)
        XCTAssertEqual(read(plain, .replace).0, "a\u{FFFD}b")
        XCTAssertEqual(read(escaped, .replace).0, "\n\u{FFFD}")
    }

    func testPlainRunEndStopsAtTheFirstQuoteBackslashOrControl() {
        for (text, expected) in [("abcdefghij\"", 10), ("abc\\defghijkl", 3), ("abcdefghijk\u{01}", 11), ("abc", 3), ("", 0)] {
            let bytes = Array(text.utf8) + [0]  // the buffer's base address is never nil
            let end = bytes.withUnsafeBufferPointer { JSONStringBytes.plainRunEnd(UnsafeBufferPointer(rebasing: $0[0..<(bytes.count - 1)]), from: 0) }
            XCTAssertEqual(end, expected, text)
        }
    }
}
