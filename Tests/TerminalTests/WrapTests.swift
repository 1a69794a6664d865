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

    /// Printable ASCII paragraphs are cut out of the bytes; that must equal wrapping them a
    /// character at a time, on random words, space runs and widths.
    func testASCIIFastPathEqualsCharacterWrapping() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "bb", "word", "averyveryverylongword", " ", "   ", "x.y", "{json:1}"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let width = Int.random(in: 1...14, using: &rng)
            var expected: [String] = []
            Wrap.wrapParagraph(Substring(text), width: width, into: &expected)
            XCTAssertEqual(Wrap.lines(text, width: width), expected, "width \(width): \(text.debugDescription)")
        }
        XCTAssertEqual(Wrap.lines("ab\r\ncd", width: 10), ["ab\r\ncd"], "CR LF is one character, not a paragraph break")
        XCTAssertEqual(Wrap.lines("ascii line\ncafé au lait", width: 4), ["asci", "i", "line", "café", "au", "lait"])
    }

    func testExtendingTextThatIsNotAPrefixWrapsWhole() {
        let old = Wrap.lines("hello world", width: 6)
        XCTAssertEqual(Wrap.extending(old, of: "hello world", to: "help wanted", width: 6), Wrap.lines("help wanted", width: 6))
    }
}
