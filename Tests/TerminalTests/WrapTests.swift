import XCTest
@testable import Terminal

final class WrapTests: XCTestCase {
    func testWordWrap() {
        XCTAssertEqual(Wrap.lines("the quick brown fox jumps", width: 10), ["the quick", "brown fox", "jumps"])
        XCTAssertEqual(Wrap.lines("aaa bbb", width: 7), ["aaa bbb"])
    }

    func testSpacesAtBreaksAreDroppedAndIndentKept() {
        XCTAssertEqual(Wrap.lines("one    two", width: 5), ["one", "two"])
        XCTAssertEqual(Wrap.lines("  indented text", width: 11), ["  indented", "text"])
        XCTAssertEqual(Wrap.lines("trailing   ", width: 20), ["trailing"])
    }

    func testLongWordsAreHardBroken() {
        XCTAssertEqual(Wrap.lines("a abcdefghij b", width: 4), ["a", "abcd", "efgh", "ij b"])
    }

    func testCJKNeverExceedsWidth() {
        let lines = Wrap.lines("中文字符测试一下看看", width: 5)
        XCTAssertEqual(lines, ["中文", "字符", "测试", "一下", "看看"])
        for line in Wrap.lines("混合 text 和中文 mixed together 很长的句子", width: 5) {
            XCTAssertLessThanOrEqual(TextWidth.of(line), 5, line)
        }
    }

    func testEmojiIsNotSplit() {
        XCTAssertEqual(Wrap.lines("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", width: 3), ["👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦"])
    }

    func testNewlinesAndEmptyLines() {
        XCTAssertEqual(Wrap.lines("a\n\nb", width: 10), ["a", "", "b"])
        XCTAssertEqual(Wrap.lines("a\n", width: 10), ["a", ""])
        XCTAssertEqual(Wrap.lines("", width: 10), [""])
    }

    func testWidthBelowOne() {
        XCTAssertEqual(Wrap.lines("ab", width: 0), ["a", "b"])
    }

    func testLargeTextIsFast() {
        let text = String(repeating: "lorem ipsum dolor sit amet 中文 ", count: 20_000)
        let start = Date()
        let lines = Wrap.lines(text, width: 80)
        XCTAssertGreaterThan(lines.count, 1000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    /// Growing text wrapped line by line as it streams equals wrapping it whole: every split
    /// point of texts with long words, runs of spaces, indentation, newlines and wide characters.
    func testExtendingEqualsWrappingWhole() {
        let texts = [
            (0..<60).map { "t\($0) " }.joined(),
            "  indented words  with   runs of spaces \n\nand a second paragraph\n   \nx",
            "averyveryverylongwordthatmustbreak then short averyveryverylongwordthatmustbreakagain",
            "中文字符 and 🙂 emoji, 日本語のテキスト mixed with words café naïve",
            "ends with spaces   ",
        ]
        for text in texts {
            for width in [1, 7, 12] {
                let whole = Wrap.lines(text, width: width)
                var previous = ""
                var lines: [String] = []
                for ch in text {
                    let next = previous + String(ch)
                    lines = previous.isEmpty ? Wrap.lines(next, width: width) : Wrap.extending(lines, of: previous, to: next, width: width)
                    XCTAssertEqual(lines, Wrap.lines(next, width: width), "width \(width), after \(next.debugDescription)")
                    previous = next
                }
                XCTAssertEqual(lines, whole)
            }
        }
    }

    func testExtendingTextThatIsNotAPrefixWrapsWhole() {
        let old = Wrap.lines("hello world", width: 6)
        XCTAssertEqual(Wrap.extending(old, of: "hello world", to: "help wanted", width: 6), Wrap.lines("help wanted", width: 6))
    }
}
