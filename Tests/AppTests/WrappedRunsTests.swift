import XCTest
import Markdown
@testable import App

/// A streaming paragraph's wrapping, kept and extended token by token, must equal wrapping the
/// whole text afresh after every token (docs/markdown.md, Streaming).
final class WrappedRunsTests: XCTestCase {
    private func runs(_ text: String) -> [MarkdownRun] {
        guard case .paragraph(let inlines)? = MarkdownParser.parse(text).blocks.first else { return [] }
        return InlineLayout.runs(inlines, base: [.text])
    }

    private func assertExtendingEqualsFresh(_ text: String, widths: [Int], step: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        for width in widths {
            var kept: WrappedRuns?
            var end = text.startIndex
            while end < text.endIndex {
                end = text.index(end, offsetBy: step, limitedBy: text.endIndex) ?? text.endIndex
                let runs = runs(String(text[..<end]))
                let extended = WrappedRuns.extending(kept, to: runs, width: width)
                let fresh = WrappedRuns(runs, width: width)
                XCTAssertEqual(extended.lines, fresh.lines, "width \(width) after \(text.distance(from: text.startIndex, to: end)) characters",
                               file: file, line: line)
                if extended.lines != fresh.lines { return }
                kept = extended
            }
        }
    }

    func testPlainWordsAtManyWidths() {
        let text = (0..<300).map { "t\($0)" }.joined(separator: " ")
        assertExtendingEqualsFresh(text, widths: [1, 2, 3, 7, 13, 40, 117])
    }

    func testStylesOpenedAndClosedLaterChangeEarlierRunsAndAreWrappedAfresh() {
        let text = "Some **bold words that go on** and *emphasis over a break* then `code spans with spaces` and "
            + "a [link text](https://example.com/a/long/path) ~~struck out~~ and *an unclosed star that never closes "
            + String(repeating: "more words ", count: 20)
        assertExtendingEqualsFresh(text, widths: [5, 11, 30, 64])
    }

    func testLongWordsCutAcrossLinesAndHardBreaks() {
        let text = "short " + String(repeating: "x", count: 95) + " after  two  spaces \\\nhard break line two  \nthree "
            + String(repeating: "abcdefghij", count: 12) + " end"
        assertExtendingEqualsFresh(text, widths: [4, 9, 20, 33])
    }

    func testWideCharactersAndEmoji() {
        let text = "日本語のテキストと English words 混在 🙂🙂 emoji 👩‍👩‍👧 family, café naïve — "
            + String(repeating: "漢字", count: 40) + " done"
        assertExtendingEqualsFresh(text, widths: [2, 3, 10, 25])
    }

    func testAParagraphOfThousandsOfWordsGrownByOneWord() {
        let words = (0..<2_000).map { "w\($0)" }.joined(separator: " ")
        let old = WrappedRuns(runs(words), width: 60)
        let grown = WrappedRuns.extending(old, to: runs(words + " more"), width: 60)
        XCTAssertEqual(grown.lines, WrappedRuns(runs(words + " more"), width: 60).lines)
        XCTAssertEqual(grown.lines.last?.map(\.text).joined(), "w1994 w1995 w1996 w1997 w1998 w1999 more")
    }
}
