import XCTest
@testable import Terminal

final class TextWidthTests: XCTestCase {
    func testWidthsOfGraphemes() {
        let cases: [(String, Int)] = [
            ("a", 1), ("hello", 5), ("中文", 4), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("❤️", 2),
            ("👩‍💻", 2), ("👨‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0),
            ("한국어", 6), ("☺", 1), ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{7}", 0), ("👍🏽", 2), ("1️⃣", 2),
            ("⌚", 2), ("日本語テキスト", 14), ("a中b", 4),
        ]
        for (s, w) in cases {
            XCTAssertEqual(TextWidth.of(s), w, "width of \(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testCharacterAndStringAgree() {
        let s = "x👨‍👩‍👧‍👦y🇫🇷中"
        XCTAssertEqual(s.reduce(0) { $0 + TextWidth.of($1) }, TextWidth.of(s))
        XCTAssertEqual(TextWidth.of(s), 1 + 2 + 1 + 2 + 2)
    }

    func testTruncateNeverSplitsWideCharacters() {
        XCTAssertEqual(truncate("hello world", toWidth: 5), "hell…")
        XCTAssertEqual(truncate("hello", toWidth: 5), "hello")
        XCTAssertEqual(truncate("中文字", toWidth: 5), "中文…")
        XCTAssertEqual(truncate("中文字", toWidth: 4, ellipsis: false), "中文")
        XCTAssertEqual(truncate("中文字", toWidth: 3, ellipsis: false), "中")
        XCTAssertEqual(truncate("abc", toWidth: 0), "")
        XCTAssertLessThanOrEqual(TextWidth.of(truncate("😀😀😀", toWidth: 4)), 4)
    }

    func testPadRight() {
        XCTAssertEqual(padRight("中", toWidth: 4), "中  ")
        XCTAssertEqual(padRight("abcdef", toWidth: 3), "abcdef")
    }
}
