import XCTest
import TestSupport
@testable import Markdown

/// `MarkdownStream` fed token by token gives, at every step, the blocks of a whole parse.
final class MarkdownStreamTests: XCTestCase {
    /// Feeds `text` in pieces and checks each step: stable + tail equal the whole parse, and
    /// the stable blocks only grow. Returns the stream after the last piece.
    @discardableResult
    private func feed(_ text: String, pieceLengths: () -> Int, file: StaticString = #filePath, line: UInt = #line) -> MarkdownStream {
        var stream = MarkdownStream()
        var end = text.startIndex
        while end < text.endIndex {
            end = text.index(end, offsetBy: pieceLengths(), limitedBy: text.endIndex) ?? text.endIndex
            let soFar = String(text[..<end])
            let previousStable = stream.stable
            stream.update(soFar)
            let whole = MarkdownParser.parse(String(decoding: soFar.utf8.dropLast(stream.heldBack), as: UTF8.self)).blocks
            guard stream.blocks == whole else {
                XCTFail("differs after \(soFar.utf8.count) bytes:\n\(soFar.debugDescription)\nstable \(stream.stable)\ntail \(stream.tail)\nwhole \(whole)", file: file, line: line)
                return stream
            }
            if !stream.holdsWholeText {
                XCTAssertEqual(Array(stream.stable.prefix(previousStable.count)), previousStable, "stable blocks changed", file: file, line: line)
            }
        }
        return stream
    }

    /// "|" alone after a table is a paragraph; "| 1" is the next row: the lone pipe is held.
    func testALonePipeBeginningARowIsHeldUntilItHasACell() throws {
        let table = "| a | b |\n|---|---|\n| x | y |\n"
        var stream = MarkdownStream()
        for (text, held, rows) in [(table + "|", 1, 1), (table + " | \t", 4, 1), (table + "| 1", 0, 2), (table + "|\n", 0, 1)] {
            stream.update(text)
            XCTAssertEqual(stream.heldBack, held, text.debugDescription)
            guard case .table(let t)? = stream.blocks.first else { return XCTFail("no table for \(text.debugDescription)") }
            XCTAssertEqual(t.rows.count, rows, text.debugDescription)
            XCTAssertEqual(stream.blocks.count, text.hasSuffix("|\n") ? 2 : 1, text.debugDescription)
        }
        stream = MarkdownStream()
        stream.update("a paragraph\n|")
        XCTAssertEqual(stream.heldBack, 0, "a pipe under a paragraph is text")
    }

    func testLongAnswerCharacterByCharacter() {
        let stream = feed(RecordedAnswers.long, pieceLengths: { 1 })
        let final = MarkdownParser.parse(RecordedAnswers.long).blocks
        XCTAssertGreaterThan(final.count, 20)
        XCTAssertEqual(stream.stable.count, final.count - 1, "all but the last block are finished")
        XCTAssertFalse(stream.holdsWholeText)
    }

    func testLongAnswerInTokensOfOneToSevenCharacters() {
        var generator = SeededGenerator(seed: 15)
        feed(RecordedAnswers.long, pieceLengths: { Int(generator.next() % 7) + 1 })
        let crlf = RecordedAnswers.long.replacingOccurrences(of: "\n", with: "\r\n")
        feed(crlf, pieceLengths: { 1 })
    }

    func testRandomAnswers() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<150 {
            let count = Int(generator.next() % 14) + 2
            let text = (0..<count).map { _ in RecordedAnswers.pieces[Int(generator.next() % UInt64(RecordedAnswers.pieces.count))] }.joined()
            feed(text, pieceLengths: { 1 })
        }
    }

    /// The point of the split: a long answer streamed in 8-byte tokens costs far less than
    /// parsing the whole text at every token.
    func testStreamingWorkFollowsTheTailNotTheWholeText() {
        let text = String(repeating: RecordedAnswers.long + "\n\n", count: 6)
        let ends = Array(stride(from: 8, to: text.utf8.count, by: 8)) + [text.utf8.count]
        let prefixes = ends.map { String(decoding: text.utf8.prefix($0), as: UTF8.self) }
        var stream = MarkdownStream()
        let streamed = ContinuousClock().measure { for prefix in prefixes { stream.update(prefix) } }
        let whole = ContinuousClock().measure { for prefix in prefixes.suffix(prefixes.count / 4) { _ = MarkdownParser.parse(prefix) } }
        XCTAssertEqual(stream.blocks, MarkdownParser.parse(text).blocks)
        XCTAssertLessThan(streamed * 2, whole, "every token vs whole parses of only the last quarter of the tokens")
    }

    func testTheTailIsParsedAloneWhileEarlierBlocksStay() {
        var stream = MarkdownStream()
        stream.update("# Title\n\nFirst paragraph.\n\n```swift\nlet x = 1\n")
        XCTAssertEqual(stream.stable, [.heading(level: 1, [.text("Title")]), .paragraph([.text("First paragraph.")])])
        XCTAssertEqual(stream.tail, [.codeBlock(language: "swift", code: "let x = 1")], "an open fence is code")
        stream.update("# Title\n\nFirst paragraph.\n\n```swift\nlet x = 1\n```\n\n| a |\n|--")
        XCTAssertEqual(stream.stable.count, 3)
        XCTAssertEqual(stream.tail, [.table(MarkdownTable(alignments: [.none], header: [[.text("a")]], rows: []))])
    }

    func testAHalfTypedLineDoesNotFinishTheBlockBeforeIt() {
        var stream = MarkdownStream()
        stream.update("Foo\n***")
        XCTAssertEqual(stream.stable, [], "`***` could still become `***a`, a line of Foo's paragraph")
        XCTAssertEqual(stream.tail, [.paragraph([.text("Foo")]), .thematicBreak])
        stream.update("Foo\n***a")
        XCTAssertEqual(stream.tail, [.paragraph([.text("Foo"), .softBreak, .text("***a")])])
    }

    func testReferenceDefinitionKeepsTheWholeTextInTheTail() {
        let text = "See [the guide][g].\n\n- item\n\nMore text.\n\n[g]: https://x.y\n\nAfter [g].\n"
        let stream = feed(text, pieceLengths: { 1 })
        XCTAssertTrue(stream.holdsWholeText)
        XCTAssertEqual(stream.stable, [])
        XCTAssertEqual(stream.blocks.first, .paragraph([.text("See "), .link(destination: "https://x.y", [.text("the guide")]), .text(".")]))
        // A definition-like line inside a quote or list also stops the split.
        XCTAssertTrue(feed("a\n\nb\n\n> - [x]: /u\n\n[x]\n", pieceLengths: { 1 }).holdsWholeText)
        // Brackets that define nothing do not.
        XCTAssertFalse(feed("[link](https://a) text\n\nmore\n\nfor x in a[1:]:\n", pieceLengths: { 1 }).holdsWholeText)
    }

    func testATextThatDoesNotExtendThePreviousOneStartsOver() {
        var stream = MarkdownStream()
        stream.update("# One\n\npara\n\nlast\n")
        XCTAssertEqual(stream.stable.count, 2)
        stream.update("# Two\n\nother\n")
        XCTAssertEqual(stream.blocks, MarkdownParser.parse("# Two\n\nother\n").blocks)
        XCTAssertEqual(stream.stable, [.heading(level: 1, [.text("Two")])])
    }
}
