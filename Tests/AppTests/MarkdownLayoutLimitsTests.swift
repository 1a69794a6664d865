import XCTest
import Markdown
import Terminal
@testable import App

/// Pathological documents lay out in bounded time and size (issue 15, Bad input). The budgets
/// are for a debug build on a busy machine; the layouts take a fraction of them.
final class MarkdownLayoutLimitsTests: XCTestCase {
    private func timed<T>(_ budget: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line, _ body: () -> T) -> T {
        let start = ContinuousClock.now
        let result = body()
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        XCTAssertLessThan(seconds, budget, what, file: file, line: line)
        print("\(what): \(String(format: "%.3f", seconds)) s")
        return result
    }

    func testTenThousandNestedListLevels() {
        var block = MD.p(MD.t("bottom"))
        for i in 0..<10_000 { block = MD.bullets(MD.item(MD.p(MD.t("level \(i)")), block)) }
        let lines = timed(3, "10,000 nested lists") { MD.lines([block], width: 80) }
        MD.assertFits(lines, 80)
        XCTAssertEqual(lines.count, 10_001, "one line an item, nothing lost")
        XCTAssertEqual(lines.last?.text.trimmingCharacters(in: .whitespaces), "bottom")
        XCTAssertLessThanOrEqual(lines.map { $0.text.prefix { $0 == " " }.count }.max() ?? 0, MarkdownLayout.maxIndent(80))
    }

    func testTenThousandNestedQuotes() {
        var block = MD.p(MD.t("deep words"))
        for _ in 0..<10_000 { block = .blockQuote([block]) }
        let lines = timed(3, "10,000 nested quotes") { MD.lines([block], width: 80) }
        XCTAssertEqual(lines.map(\.text), ["│ │ │ │ │ │ │ │ │ │ │ │ deep words"], "bars up to the indent cap (24 columns at 80)")
    }

    func testAMegabyteLineWraps() {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 1_000_000 / 27)
        let lines = timed(5, "1 MB paragraph") { MD.lines([MD.p(MD.t(words))], width: 80) }
        MD.assertFits(lines, 80)
        XCTAssertGreaterThan(lines.count, 12_000)

        let word = String(repeating: "x", count: 1_000_000)
        let cut = timed(5, "1 MB word") { MD.lines([MD.p(.strong([MD.t(word)]))], width: 80) }
        XCTAssertEqual(cut.count, 12_500)
        XCTAssertEqual(Set(cut.map(\.width)), [80])

        let han = String(repeating: "中文", count: 150_000)  // 900 KB, 600,000 columns
        let wide = timed(10, "900 KB of Han") { MD.lines([MD.p(MD.t(han))], width: 80) }
        XCTAssertEqual(wide.count, 7_500)
        MD.assertFits(wide, 80)
    }

    func testAMegabyteCodeLineIsCutNotWrapped() {
        let code = String(repeating: "abc ", count: 250_000) + "\n" + String(repeating: "字", count: 300_000)
        let lines = timed(5, "1 MB code lines") { MD.lines([.codeBlock(language: "txt", code: code)], width: 80) }
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines.map(\.width), [80, 80, 80])
        XCTAssertEqual(lines[1].code?.line.utf8.count, 1_000_000, "kept whole")
        XCTAssertTrue(lines[2].text.hasSuffix(CodeBlockLayout.cutMark))
    }

    func testATableOfFiveHundredColumnsStaysInTheWidth() {
        let header = (0..<500).map { [MD.t("column \($0)")] }
        let rows = (0..<100).map { r in (0..<500).map { [MD.t("r\(r)c\($0) 中文 👩‍💻")] } }
        let table = MarkdownTable(alignments: Array(repeating: .center, count: 500), header: header, rows: rows)
        for width in [40, 80, 120] {
            let lines = timed(5, "500 columns at \(width)") { MD.lines([.table(table)], width: width) }
            MD.assertFits(lines, width)
            XCTAssertEqual(Set(lines.map(\.width)).count, 1, "borders line up")
            XCTAssertTrue(lines[1].text.contains("…"), "says columns were left out")
            XCTAssertLessThan(lines.count, 3_000)
        }
        let huge = timed(5, "a 1 MB cell") {
            MD.lines([.table(MarkdownTable(alignments: [.none, .none], header: [[MD.t("a")], [MD.t("b")]],
                                           rows: [[[MD.t(String(repeating: "y", count: 1_000_000))], [MD.t("z")]]]))], width: 80)
        }
        MD.assertFits(huge, 80)
    }

    func testTinyWidthsStayInside() {
        let doc: [MarkdownBlock] = [
            .heading(level: 1, [MD.t("Heading")]), MD.p(MD.t("中文 words")), MD.bullets(MD.item(MD.p(MD.t("item")), checked: true)),
            .blockQuote([MD.p(MD.t("q"))]), .codeBlock(language: "swift", code: "let x = 1"), .thematicBreak,
            .table(MarkdownTable(alignments: [.none, .none], header: [[MD.t("a")], [MD.t("b")]], rows: [[[MD.t("c")], [MD.t("d")]]])),
        ]
        for width in 2...12 { MD.assertFits(MD.lines(doc, width: width), width) }
    }
}
