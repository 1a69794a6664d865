import Foundation
import XCTest
@testable import Markdown

/// Pathological Markdown parses in bounded time and into values of bounded depth. Each case
/// runs on a thread with a 512 KB stack (a secondary thread's size, where a detached Task
/// runs), so unbounded recursion would crash the test instead of passing on the main stack.
final class MarkdownBadInputTests: XCTestCase {
    /// Per two parses, generous for a debug build on a shared 2-core machine: the worst case
    /// here (a megabyte of `~a`, a million text nodes) takes 2 s; quadratic behaviour (a 250,000-
    /// cell table row) would take minutes.
    private let budget: TimeInterval = 8

    func testTenThousandNestedListLevelsOnOneLine() {
        let document = parseWithinBudget(String(repeating: "- ", count: 10_000) + "x")
        XCTAssertEqual(containerDepth(document.blocks), MarkdownParser.maxDepth)
        XCTAssertEqual(leafTexts(document.blocks), ["x"])
    }

    func testThousandNestedListLevelsByIndentation() {
        let text = (0..<1_000).map { String(repeating: " ", count: 2 * $0) + "- level \($0)" }.joined(separator: "\n")
        let document = parseWithinBudget(text)
        XCTAssertEqual(containerDepth(document.blocks), MarkdownParser.maxDepth)
        XCTAssertEqual(leafTexts(document.blocks), (0..<1_000).map { "level \($0)" }, "every item kept, in order")
    }

    func testTenThousandQuoteMarkers() {
        for text in [String(repeating: ">", count: 10_000) + " deep", String(repeating: "> ", count: 10_000) + "deep"] {
            let document = parseWithinBudget(text)
            XCTAssertEqual(containerDepth(document.blocks), MarkdownParser.maxDepth)
            XCTAssertEqual(leafTexts(document.blocks), ["deep"])
        }
    }

    func testDeepInlineNestingIsFlattenedPastTheCap() {
        let stars = String(repeating: "*", count: 10_000)
        let spans = String(repeating: "*a ", count: 5_000) + "x" + String(repeating: " b*", count: 5_000)
        let links = String(repeating: "[", count: 10_000) + "x" + String(repeating: "](u)", count: 10_000)
        let images = String(repeating: "![a ", count: 5_000) + "x" + String(repeating: "](u)", count: 5_000)
        for text in [stars + "x" + stars, spans, links, images, String(repeating: "~~", count: 5_000)] {
            let document = parseWithinBudget(text)
            XCTAssertLessThanOrEqual(inlineDepth(document.blocks), MarkdownParser.maxDepth)
        }
        let document = parseWithinBudget(spans)
        XCTAssertEqual(plain(document.blocks).filter { $0 == "a" }.count, 5_000, "text past the cap is kept")
    }

    func testOneMegabyteSingleLine() {
        let words = parseWithinBudget(String(repeating: "word ", count: 200_000))
        XCTAssertEqual(plain(words.blocks).count, 999_999)  // the final space is trimmed
        for unit in ["*_[`<a ", "a@", "~a", "_a", "[", "<a ", "www.a", "http://a.b/"] {
            _ = parseWithinBudget(String(repeating: unit, count: 1_000_000 / unit.utf8.count))
        }
    }

    /// cmark-gfm 0.29.0.gfm.6 splits table rows in quadratic time: a line with more than
    /// `maxMarksPerLine` pipes turns the table extension off for that text.
    func testOneMegabyteTableRowIsText() {
        let header = parseWithinBudget(String(repeating: "| a ", count: 250_000) + "|\n|" + String(repeating: "-|", count: 3))
        XCTAssertEqual(header.blocks.count, 1)
        let body = parseWithinBudget("| a | b |\n|---|---|\n" + String(repeating: "| a ", count: 250_000) + "|")
        guard case .paragraph? = body.blocks.first else { return XCTFail("a table of 250,000 cells") }
        let justUnder = "|" + String(repeating: " a |", count: MarkdownParser.maxMarksPerLine - 1)
        guard case .table? = parseWithinBudget(justUnder + "\n" + justUnder.replacingOccurrences(of: "a", with: "-")).blocks.first
        else { return XCTFail("a table at the limit") }
    }

    func testTableWithFiveHundredColumns() {
        let row = "|" + (0..<500).map { " c\($0) |" }.joined()
        let text = ([row, "|" + String(repeating: ":-:|", count: 500)] + Array(repeating: row, count: 20)).joined(separator: "\n")
        guard case .table(let table)? = parseWithinBudget(text).blocks.first else { return XCTFail("no table") }
        XCTAssertEqual(table.alignments, Array(repeating: .center, count: 500))
        XCTAssertEqual(table.header.count, 500)
        XCTAssertEqual(table.rows.count, 20)
        XCTAssertEqual(table.rows[19][499], [.text("c499")])
    }

    func testUnterminatedFenceAndEmphasis() {
        XCTAssertEqual(parseWithinBudget("```python\ndef f():\n    **x").blocks,
                       [.codeBlock(language: "python", code: "def f():\n    **x")])
        XCTAssertEqual(parseWithinBudget("**bold _and ~~more `code").blocks, [.paragraph([.text("**bold _and ~~more `code")])])
        let fences = String(repeating: "```\n", count: 10_001)
        XCTAssertEqual(parseWithinBudget(fences).blocks.count, 5_001)
    }

    func testManyHTMLBlocksStayText() {
        let text = String(repeating: "<div><script>x</script>\n\n", count: 10_000) + String(repeating: "<!--", count: 10_000)
        let blocks = parseWithinBudget(text).blocks
        XCTAssertEqual(blocks.count, 10_001)
        XCTAssertEqual(blocks.first, .html("<div><script>x</script>"))
    }

    // MARK: Helpers

    /// Parses on a small-stack thread, failing when it takes longer than the budget; the parsed
    /// value is also compared with itself and freed there, as both recurse.
    private func parseWithinBudget(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> MarkdownDocument {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let thread = Thread {
            let started = Date()
            let document = MarkdownParser.parse(text)
            let copy = MarkdownParser.parse(text)
            box.set(document, equal: document == copy, seconds: Date().timeIntervalSince(started))
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        guard done.wait(timeout: .now() + budget * 4) == .success, let (document, equal, seconds) = box.get() else {
            XCTFail("did not finish", file: file, line: line)
            return MarkdownDocument(blocks: [])
        }
        XCTAssertTrue(equal, file: file, line: line)
        XCTAssertLessThan(seconds, budget, "two parses of \(text.utf8.count) bytes", file: file, line: line)
        return document
    }

    private final class ResultBox: @unchecked Sendable {  // written once before the semaphore, read after
        private var value: (MarkdownDocument, Bool, TimeInterval)?
        func set(_ document: MarkdownDocument, equal: Bool, seconds: TimeInterval) { value = (document, equal, seconds) }
        func get() -> (MarkdownDocument, Bool, TimeInterval)? { value }
    }
}

/// Measures of parsed values, shared by the Markdown tests.
func containerDepth(_ blocks: [MarkdownBlock]) -> Int {
    blocks.map { block in
        switch block {
        case .blockQuote(let inner): return 1 + containerDepth(inner)
        case .list(let list): return 1 + (list.items.map { containerDepth($0.blocks) }.max() ?? 0)
        default: return 0
        }
    }.max() ?? 0
}

func inlineDepth(_ blocks: [MarkdownBlock]) -> Int {
    func depth(_ inlines: [MarkdownInline]) -> Int {
        inlines.map { inline in
            switch inline {
            case .emphasis(let inner), .strong(let inner), .strikethrough(let inner), .link(_, let inner): return 1 + depth(inner)
            default: return 0
            }
        }.max() ?? 0
    }
    return blocks.map { block in
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return depth(inlines)
        case .blockQuote(let inner): return inlineDepth(inner)
        case .list(let list): return list.items.map { inlineDepth($0.blocks) }.max() ?? 0
        default: return 0
        }
    }.max() ?? 0
}

/// The text of each paragraph or heading, depth first.
func leafTexts(_ blocks: [MarkdownBlock]) -> [String] {
    blocks.flatMap { block -> [String] in
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return [plain(inlines)]
        case .blockQuote(let inner): return leafTexts(inner)
        case .list(let list): return list.items.flatMap { leafTexts($0.blocks) }
        default: return []
        }
    }
}

func plain(_ blocks: [MarkdownBlock]) -> String { leafTexts(blocks).joined() }

func plain(_ inlines: [MarkdownInline]) -> String {
    inlines.map { inline in
        switch inline {
        case .text(let text), .code(let text), .html(let text): return text
        case .emphasis(let inner), .strong(let inner), .strikethrough(let inner), .link(_, let inner): return plain(inner)
        case .image(_, let alt): return alt
        case .softBreak, .lineBreak: return " "
        }
    }.joined()
}
