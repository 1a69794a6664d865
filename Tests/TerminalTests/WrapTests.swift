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
}
