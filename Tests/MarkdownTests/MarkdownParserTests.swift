import XCTest
@testable import Markdown

/// Each construct as `MarkdownParser` reads it.
final class MarkdownParserTests: XCTestCase {
    private func blocks(_ text: String) -> [MarkdownBlock] { MarkdownParser.parse(text).blocks }

    func testHeadingsOneToSixAndSetext() {
        let text = (1...6).map { String(repeating: "#", count: $0) + " Level \($0)" }.joined(separator: "\n")
        XCTAssertEqual(blocks(text), (1...6).map { .heading(level: $0, [.text("Level \($0)")]) })
        XCTAssertEqual(blocks("Title\n=====\n\nSub\n---"), [.heading(level: 1, [.text("Title")]), .heading(level: 2, [.text("Sub")])])
        XCTAssertEqual(blocks("####### seven"), [.paragraph([.text("####### seven")])])
    }

    func testEmphasisStrongStrikethroughAndInlineCode() {
        XCTAssertEqual(blocks("*a* **b** ~~c~~ `d` ***e***"), [.paragraph([
            .emphasis([.text("a")]), .text(" "), .strong([.text("b")]), .text(" "),
            .strikethrough([.text("c")]), .text(" "), .code("d"), .text(" "),
            .emphasis([.strong([.text("e")])]),
        ])])
        XCTAssertEqual(blocks("_x_ __y__ ~z~"), [.paragraph([.emphasis([.text("x")]), .text(" "), .strong([.text("y")]),
                                                             .text(" "), .strikethrough([.text("z")])])])
        XCTAssertEqual(blocks("`` a`b ``"), [.paragraph([.code("a`b")])])
    }

    func testNestedListsOrderedBulletAndTaskWithStarts() {
        let text = """
        3. three
        4. four
           - [ ] open
           - [x] done
             1) seven
        """
        // (An ordered list interrupts a paragraph only when it starts at 1.)
        let inner = MarkdownList(ordered: true, start: 1, items: [MarkdownListItem(blocks: [.paragraph([.text("seven")])])])
        let tasks = MarkdownList(ordered: false, items: [
            MarkdownListItem(checked: false, blocks: [.paragraph([.text("open")])]),
            MarkdownListItem(checked: true, blocks: [.paragraph([.text("done")]), .list(inner)]),
        ])
        XCTAssertEqual(blocks(text), [.list(MarkdownList(ordered: true, start: 3, items: [
            MarkdownListItem(blocks: [.paragraph([.text("three")])]),
            MarkdownListItem(blocks: [.paragraph([.text("four")]), .list(tasks)]),
        ]))])
    }

    func testLooseListAndBulletKinds() {
        XCTAssertEqual(blocks("* a\n\n* b"), [.list(MarkdownList(ordered: false, tight: false, items: [
            MarkdownListItem(blocks: [.paragraph([.text("a")])]), MarkdownListItem(blocks: [.paragraph([.text("b")])]),
        ]))])
        // A new bullet character starts a new list.
        XCTAssertEqual(blocks("- a\n+ b").count, 2)
    }

    func testNestedBlockQuotes() {
        XCTAssertEqual(blocks("> outer\n>> inner\n> > > third"), [.blockQuote([
            .paragraph([.text("outer")]),
            .blockQuote([.paragraph([.text("inner")]), .blockQuote([.paragraph([.text("third")])])]),
        ])])
    }

    func testFencedAndIndentedCode() {
        XCTAssertEqual(blocks("```swift title=x\nlet a = 1\n\n```"), [.codeBlock(language: "swift", code: "let a = 1\n")])
        XCTAssertEqual(blocks("~~~\nplain\n~~~"), [.codeBlock(language: nil, code: "plain")])
        XCTAssertEqual(blocks("    indented\n      more"), [.codeBlock(language: nil, code: "indented\n  more")])
        // Markdown inside code stays text.
        XCTAssertEqual(blocks("```md\n**not bold** <b>\n```"), [.codeBlock(language: "md", code: "**not bold** <b>")])
    }

    func testThematicBreakAndBreaks() {
        XCTAssertEqual(blocks("a\n\n***\n\n- - -"), [.paragraph([.text("a")]), .thematicBreak, .thematicBreak])
        XCTAssertEqual(blocks("soft\nhard  \nback\\\nend"), [.paragraph([
            .text("soft"), .softBreak, .text("hard"), .lineBreak, .text("back"), .lineBreak, .text("end"),
        ])])
    }

    func testTableWithAlignmentsAndInlineCells() {
        let text = """
        | Name | Left | Mid | Right |
        |------|:-----|:---:|------:|
        | **b** | `c` | [l](https://x.y) | ~~s~~ |
        | short |
        | 1 | 2 | 3 | 4 | 5 |
        """
        XCTAssertEqual(blocks(text), [.table(MarkdownTable(
            alignments: [.none, .left, .center, .right],
            header: [[.text("Name")], [.text("Left")], [.text("Mid")], [.text("Right")]],
            rows: [
                [[.strong([.text("b")])], [.code("c")], [.link(destination: "https://x.y", [.text("l")])], [.strikethrough([.text("s")])]],
                [[.text("short")], [], [], []],
                [[.text("1")], [.text("2")], [.text("3")], [.text("4")]],
            ]))], "short rows padded, extra cells dropped")
    }

    func testTableCellsWithCJKAndEmojiAndEscapedPipe() {
        let text = "| 名前 | 😀 |\n|---|---|\n| 東京 👍🏽 | a \\| b |"
        XCTAssertEqual(blocks(text), [.table(MarkdownTable(
            alignments: [.none, .none], header: [[.text("名前")], [.text("😀")]],
            rows: [[[.text("東京 👍🏽")], [.text("a | b")]]]))])
    }

    func testLinksAndAutolinks() {
        XCTAssertEqual(blocks("[text *em*](https://a.b \"t\") <https://c.d> www.e.f and g@h.ij"), [.paragraph([
            .link(destination: "https://a.b", [.text("text "), .emphasis([.text("em")])]), .text(" "),
            .link(destination: "https://c.d", [.text("https://c.d")]), .text(" "),
            .link(destination: "http://www.e.f", [.text("www.e.f")]), .text(" and "),
            .link(destination: "mailto:g@h.ij", [.text("g@h.ij")]),
        ])])
        XCTAssertEqual(blocks("[r][1]\n\n[1]: /u"), [.paragraph([.link(destination: "/u", [.text("r")])])])
    }

    func testImagesFlattenTheirAltText() {
        XCTAssertEqual(blocks("![a *b* `c`\nd](p.png)"), [.paragraph([.image(source: "p.png", alt: "a b c d")])])
        XCTAssertEqual(blocks("[![logo](l.svg)](https://x)"),
                       [.paragraph([.link(destination: "https://x", [.image(source: "l.svg", alt: "logo")])])])
    }

    func testHTMLIsKeptAsText() {
        XCTAssertEqual(blocks("<div>\n<script>alert(1)</script>\n</div>\n\ntext <b>bold</b>"), [
            .html("<div>\n<script>alert(1)</script>\n</div>"),
            .paragraph([.text("text "), .html("<b>"), .text("bold"), .html("</b>")]),
        ])
    }

    func testEscapeSequencesInCodeStayAsText() {
        let escape = "\u{1B}[31mred\u{1B}[0m\u{07}"
        XCTAssertEqual(blocks("```\n\(escape)\n```\n`\(escape)`"),
                       [.codeBlock(language: nil, code: escape), .paragraph([.code(escape)])])
    }

    func testNULDoesNotCutTheText() {
        XCTAssertEqual(blocks("a\u{0}b"), [.paragraph([.text("a\u{FFFD}b")])])
    }

    func testEmptyText() {
        XCTAssertEqual(blocks(""), [])
        XCTAssertEqual(blocks("\n \n"), [])
    }
}
