import XCTest
import Markdown
import Terminal
@testable import App

/// Shared by the Markdown layout tests: documents built by hand, and the lines as text.
enum MD {
    static func p(_ inlines: MarkdownInline...) -> MarkdownBlock { .paragraph(inlines) }
    static func t(_ s: String) -> MarkdownInline { .text(s) }
    static func item(_ blocks: MarkdownBlock..., checked: Bool? = nil) -> MarkdownListItem { MarkdownListItem(checked: checked, blocks: blocks) }
    static func bullets(_ items: MarkdownListItem..., tight: Bool = true) -> MarkdownBlock { .list(MarkdownList(ordered: false, tight: tight, items: items)) }
    static func numbered(_ items: MarkdownListItem..., start: Int = 1) -> MarkdownBlock { .list(MarkdownList(ordered: true, start: start, items: items)) }

    static func lines(_ blocks: [MarkdownBlock], width: Int) -> [MarkdownLine] {
        MarkdownLayout.lines(MarkdownDocument(blocks: blocks), width: width)
    }
    /// The lines as text, trailing spaces (code and table padding) removed for reading.
    static func text(_ blocks: [MarkdownBlock], width: Int) -> String {
        lines(blocks, width: width).map { line in
            var s = line.text
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }.joined(separator: "\n")
    }
    /// Every line at most `width` columns.
    static func assertFits(_ lines: [MarkdownLine], _ width: Int, file: StaticString = #filePath, line: UInt = #line) {
        for l in lines where l.width > width { XCTFail("\(l.width) > \(width): \(l.text.prefix(200))", file: file, line: line); return }
    }
}

/// The layout of each construct at 40, 80 and 120 columns: text and the styles of the key runs.
final class MarkdownLayoutTests: XCTestCase {
    private func run(_ lines: [MarkdownLine], _ text: String) -> MarkdownRun? {
        lines.lazy.flatMap(\.runs).first { $0.text == text }
    }

    func testHeadingsShowTheirLevelWithoutHashes() {
        let doc: [MarkdownBlock] = [.heading(level: 1, [MD.t("Big")]), .heading(level: 2, [MD.t("Middle")]),
                                    .heading(level: 3, [MD.t("Small")]), .heading(level: 5, [MD.t("Tiny")])]
        for width in [40, 80, 120] {
            XCTAssertEqual(MD.text(doc, width: width), "Big\n═══\n\nMiddle\n──────\n\nSmall\n\nTiny")
            let lines = MD.lines(doc, width: width)
            XCTAssertEqual(run(lines, "Big")?.styles, [.heading1])
            XCTAssertEqual(run(lines, "═══")?.style, .heading1)
            XCTAssertEqual(run(lines, "Middle")?.style, .heading2)
            XCTAssertEqual(run(lines, "Small")?.style, .heading3)
            XCTAssertEqual(run(lines, "Tiny")?.style, .heading3)
        }
    }

    func testParagraphsWrapByColumnsAndKeepStylesAcrossTheWrap() {
        let doc = [MD.p(MD.t("Plain words then "), .strong([MD.t("a bold phrase that crosses the edge")]), MD.t(" and "),
                        .emphasis([MD.t("italic")]), MD.t(", "), .strikethrough([MD.t("gone")]), MD.t(", "), .code("f(x)"), MD.t("."))]
        XCTAssertEqual(MD.text(doc, width: 40), """
            Plain words then a bold phrase that
            crosses the edge and italic, gone, f(x).
            """)
        XCTAssertEqual(MD.text(doc, width: 39), """
            Plain words then a bold phrase that
            crosses the edge and italic, gone,
            f(x).
            """)
        let lines = MD.lines(doc, width: 40)
        XCTAssertEqual(lines[0].runs.last, MarkdownRun("a bold phrase that", [.text, .strong]))
        XCTAssertEqual(lines[1].runs.first, MarkdownRun("crosses the edge", [.text, .strong]))
        XCTAssertEqual(run(lines, "italic")?.styles, [.text, .emphasis])
        XCTAssertEqual(run(lines, "gone")?.styles, [.text, .strikethrough])
        XCTAssertEqual(run(lines, "f(x)")?.styles, [.text, .inlineCode])
        for width in [80, 120] {
            XCTAssertEqual(MD.text(doc, width: width), "Plain words then a bold phrase that crosses the edge and italic, gone, f(x).")
        }
    }

    func testSoftBreaksAreSpacesAndHardBreaksNewLines() {
        let doc = [MD.p(MD.t("one"), .softBreak, MD.t("two"), .lineBreak, MD.t("three"))]
        for width in [40, 80, 120] { XCTAssertEqual(MD.text(doc, width: width), "one two\nthree") }
    }

    func testWideCharactersTakeTwoColumnsAndBreakAnywhere() {
        let doc = [MD.p(MD.t("中文字符很宽每个占两列"), .strong([MD.t("加粗👩‍💻表情")]))]
        let lines = MD.lines(doc, width: 10)
        XCTAssertEqual(lines.map(\.text), ["中文字符很", "宽每个占两", "列加粗👩‍💻表", "情"])
        XCTAssertEqual(lines.map(\.width), [10, 10, 10, 2])
        XCTAssertEqual(lines[2].runs, [MarkdownRun("列", [.text]), MarkdownRun("加粗👩‍💻表", [.text, .strong])])
    }

    func testLinksShowTheURLWhenItDiffersAndImagesAsText() {
        let doc = [MD.p(.link(destination: "https://swift.org", [MD.t("Swift "), .strong([MD.t("site")])]), MD.t(" "),
                        .link(destination: "https://a.io", [MD.t("https://a.io")]), MD.t(" "),
                        .link(destination: "mailto:me@a.io", [MD.t("me@a.io")]), MD.t(" "),
                        .image(source: "https://a.io/cat.png", alt: "a cat"))]
        XCTAssertEqual(MD.text(doc, width: 120),
                       "Swift site (https://swift.org) https://a.io me@a.io [image: a cat](https://a.io/cat.png)")
        let lines = MD.lines(doc, width: 120)
        XCTAssertEqual(run(lines, "Swift ")?.styles, [.text, .linkText])
        XCTAssertEqual(run(lines, "site")?.styles, [.text, .linkText, .strong])
        XCTAssertEqual(run(lines, "https://swift.org")?.styles, [.text, .linkUrl])
        XCTAssertEqual(run(lines, "[image: a cat]")?.style, .linkText)
        XCTAssertEqual(run(lines, "https://a.io/cat.png")?.style, .linkUrl)
    }

    func testTheImageWordIsInTheInterfacesLanguage() {
        defer { Strings.use(.english) }
        Strings.use(.simplifiedChinese)
        XCTAssertEqual(MD.text([MD.p(.image(source: "https://a.io/c.png", alt: "猫"))], width: 80), "[图片：猫](https://a.io/c.png)")
    }

    func testListsHangTheirTextUnderTheMarkerAtEveryDepth() {
        let doc = [
            MD.bullets(MD.item(MD.p(MD.t("First item, long enough to wrap inside its hanging indent.")),
                               MD.bullets(MD.item(MD.p(MD.t("nested item that wraps as well, under its own marker"))),
                                          MD.item(MD.numbered(MD.item(MD.p(MD.t("deep")))))) ),
                       MD.item(MD.p(MD.t("Second")))),
            MD.numbered(MD.item(MD.p(MD.t("nine"))), MD.item(MD.p(MD.t("ten, and then some more words to wrap here"))), start: 9),
        ]
        XCTAssertEqual(MD.text(doc, width: 40), """
            • First item, long enough to wrap inside
              its hanging indent.
              ◦ nested item that wraps as well,
                under its own marker
              ◦ 1. deep
            • Second

             9. nine
            10. ten, and then some more words to
                wrap here
            """)
        let wide = """
            • First item, long enough to wrap inside its hanging indent.
              ◦ nested item that wraps as well, under its own marker
              ◦ 1. deep
            • Second

             9. nine
            10. ten, and then some more words to wrap here
            """
        XCTAssertEqual(MD.text(doc, width: 80), wide)
        XCTAssertEqual(MD.text(doc, width: 120), wide)
        XCTAssertEqual(run(MD.lines(doc, width: 80), "• ")?.style, .listMarker)
        MD.assertFits(MD.lines(doc, width: 40), 40)
    }

    func testTaskItemsShowBoxes() {
        let doc = [MD.bullets(MD.item(MD.p(MD.t("to do")), checked: false), MD.item(MD.p(MD.t("done")), checked: true),
                              MD.item(MD.p(MD.t("plain"))))]
        for width in [40, 80, 120] { XCTAssertEqual(MD.text(doc, width: width), "☐ to do\n☑ done\n• plain") }
        XCTAssertEqual(run(MD.lines(doc, width: 80), "☑ ")?.style, .taskBox)
    }

    func testLooseListsKeepABlankLineBetweenItems() {
        let doc = [MD.bullets(MD.item(MD.p(MD.t("a")), MD.p(MD.t("a2"))), MD.item(MD.p(MD.t("b"))), tight: false)]
        XCTAssertEqual(MD.text(doc, width: 80), "• a\n\n  a2\n\n• b")
    }

    func testDeepNestingStopsIndentingAtTheCap() {
        var block = MD.p(MD.t("the innermost words, which still wrap within the width"))
        for _ in 0..<40 { block = MD.bullets(MD.item(MD.p(MD.t("level")), block)) }
        for width in [40, 80] {
            let lines = MD.lines([block], width: width)
            MD.assertFits(lines, width)
            let indents = lines.map { $0.text.prefix { $0 == " " }.count }
            XCTAssertLessThanOrEqual(indents.max() ?? 0, MarkdownLayout.maxIndent(width))
            XCTAssertEqual(lines.filter { $0.text.contains("level") }.count, 40, "every item's text is there")
            XCTAssertTrue(MD.text([block], width: width).contains("innermost"))
        }
        // Past the indent cap (12 columns at 40) a marker leads its text; past maxDepth the text comes flat.
        let texts = MD.lines([block], width: 40).map(\.text)
        XCTAssertEqual(texts[5], "          ▪ level")
        XCTAssertEqual(texts[6], "            • level")
        XCTAssertEqual(texts[7], "            ◦ level")
        XCTAssertEqual(texts[MarkdownLayout.maxDepth], "            level")
    }

    func testQuotesDrawABarPerLevel() {
        let doc: [MarkdownBlock] = [.blockQuote([MD.p(MD.t("outer words that wrap at forty columns, under the bar")),
                                                 .blockQuote([MD.p(MD.t("inner"))])])]
        XCTAssertEqual(MD.text(doc, width: 40), """
            │ outer words that wrap at forty
            │ columns, under the bar
            │
            │ │ inner
            """)
        let lines = MD.lines(doc, width: 40)
        XCTAssertEqual(lines[0].runs.first, MarkdownRun("│ ", [.quoteBar]))
        XCTAssertEqual(run(lines, "inner")?.styles, [.text, .quoteText])
        XCTAssertEqual(MD.text([.blockQuote([MD.bullets(MD.item(MD.p(MD.t("x"))))])], width: 40), "│ • x", "a list in a quote starts at •")
        for width in [80, 120] { XCTAssertEqual(MD.text(doc, width: width).split(separator: "\n").count, 3) }
    }

    func testRuleSpansTheWidth() {
        for width in [40, 80, 120] {
            let lines = MD.lines([MD.p(MD.t("a")), .thematicBreak, .blockQuote([.thematicBreak])], width: width)
            XCTAssertEqual(lines[2].text, String(repeating: "─", count: width))
            XCTAssertEqual(lines[2].runs[0].style, .rule)
            XCTAssertEqual(lines[4].width, width, "inside a quote: the rest of the width")
        }
    }

    func testCodeBlocksAreNotWrappedButCutAndKeptWhole() {
        let long = "let answer = compute(\"a line of code longer than any narrow pane is wide, kept whole\")"
        let doc: [MarkdownBlock] = [.codeBlock(language: "swift", code: "func f() {\n    \(long)\n}\n"),
                                    .codeBlock(language: nil, code: "plain")]
        XCTAssertEqual(MD.text(doc, width: 40), """
             swift                              [1]
             func f() {
                 let answer = compute("a line of co→
             }

                                                [2]
             plain
            """)
        for width in [40, 80, 120] {
            let lines = MD.lines(doc, width: width)
            XCTAssertEqual(lines.count, 7, "nothing wrapped")
            for line in lines where line.code != nil || line.text.contains("[") {
                XCTAssertEqual(line.width, width, "the background spans the width: \(line.text)")
                XCTAssertTrue(line.runs.allSatisfy { $0.styles.first == .codeBlock })
            }
            XCTAssertEqual(lines[2].code?.line, "    " + long, "the whole line, for scrolling and copying")
            XCTAssertEqual(lines[2].code?.block, 0)
            XCTAssertEqual(lines[6].code?.block, 1)
            XCTAssertEqual(lines[6].code?.line, "plain")
            XCTAssertNil(lines[5].code, "the label line is not code")
            XCTAssertEqual(run(lines, "[2] ")?.styles, [.codeBlock, .codeLanguage], "a block without a language is numbered too")
            XCTAssertEqual(lines[2].text.hasSuffix(CodeBlockLayout.cutMark), width < 100, "cut only when it does not fit")
            XCTAssertEqual(run(lines, " swift")?.styles, [.codeBlock, .codeLanguage])
        }
    }

    /// Code wears its highlighter's token styles over the block's background, in a cut line too.
    func testCodeIsHighlightedByItsLanguage() {
        let doc: [MarkdownBlock] = [.codeBlock(language: "swift", code: "let n = 42 // the answer, said at some length here\n")]
        for width in [20, 80] {
            let lines = MD.lines(doc, width: width)
            XCTAssertEqual(run(lines, "let")?.styles, [.codeBlock, .codeKeyword], "width \(width)")
            XCTAssertEqual(run(lines, "42")?.styles, [.codeBlock, .codeNumber], "width \(width)")
            XCTAssertEqual(lines[1].width, width)
            XCTAssertTrue(lines[1].runs.first { $0.text.hasPrefix("//") }?.styles == [.codeBlock, .codeComment], "\(lines[1].runs)")
        }
        XCTAssertTrue(MD.lines(doc, width: 20)[1].text.hasSuffix(CodeBlockLayout.cutMark))
        XCTAssertEqual(MD.lines(doc, width: 20)[1].text, " let n = 42 // the →")
        let unknown = MD.lines([.codeBlock(language: "no-such-language", code: "let n = 42")], width: 40)
        XCTAssertTrue(unknown[1...].flatMap(\.runs).allSatisfy { $0.styles == [.codeBlock] }, "an unknown language is plain")
    }

    func testTablesWithCJKCellsAndAlignment() {
        let table = MarkdownTable(alignments: [.left, .center, .right],
                                  header: [[MD.t("名字")], [MD.t("City")], [MD.t("Count")]],
                                  rows: [[[MD.t("张三")], [MD.t("北京")], [MD.t("12")]],
                                         [[MD.t("Ann 👩‍💻")], [.emphasis([MD.t("Paris")])], [MD.t("3")]]])
        let expected = """
            ┌────────┬───────┬───────┐
            │ 名字   │ City  │ Count │
            ├────────┼───────┼───────┤
            │ 张三   │ 北京  │    12 │
            │ Ann 👩‍💻 │ Paris │     3 │
            └────────┴───────┴───────┘
            """
        for width in [40, 80, 120] {
            XCTAssertEqual(MD.text([.table(table)], width: width), expected)
            let lines = MD.lines([.table(table)], width: width)
            XCTAssertEqual(Set(lines.map(\.width)), [26], "every row as wide as the borders")
            XCTAssertEqual(run(lines, "名字")?.styles, [.text, .tableHeader])
            XCTAssertEqual(run(lines, "Paris")?.styles, [.text, .emphasis])
            XCTAssertEqual(lines[0].runs.first?.style, .tableBorder)
        }
    }

    func testTablesShrinkToFitAndWrapTheirCells() {
        let words = "a cell with enough words in it to need wrapping when the table is narrow"
        let table = MarkdownTable(alignments: [.none, .right],
                                  header: [[MD.t("Key")], [MD.t("Description")]],
                                  rows: [[[MD.t("short")], [MD.t(words)]], [[MD.t("长长的中文单元格内容")], [MD.t("x")]]])
        XCTAssertEqual(MD.text([.table(table)], width: 40), """
            ┌──────────────────┬───────────────────┐
            │ Key              │       Description │
            ├──────────────────┼───────────────────┤
            │ short            │       a cell with │
            │                  │   enough words in │
            │                  │        it to need │
            │                  │ wrapping when the │
            │                  │   table is narrow │
            │ 长长的中文单元格 │                 x │
            │ 内容             │                   │
            └──────────────────┴───────────────────┘
            """)
        for width in [40, 80, 120] {
            let lines = MD.lines([.table(table)], width: width)
            MD.assertFits(lines, width)
            XCTAssertEqual(Set(lines.map(\.width)).count, 1)
        }
        XCTAssertEqual(MD.lines([.table(table)], width: 120).count, 6, "wide enough: one line a row")
    }

    func testHTMLIsShownAsText() {
        let doc: [MarkdownBlock] = [.html("<div class=\"x\">\n<b>hi</b>\n</div>\n"), MD.p(MD.t("a "), .html("<br/>"), MD.t(" b"))]
        XCTAssertEqual(MD.text(doc, width: 80), "<div class=\"x\">\n<b>hi</b>\n</div>\n\na <br/> b")
    }

    /// Escape sequences from the model never reach the terminal, wherever they hide.
    func testEveryTextIsCleaned() {
        let esc = "\u{1B}[31mred\u{1B}]0;title\u{07}\u{9B}2J\u{202E}"
        let doc: [MarkdownBlock] = [
            .heading(level: 1, [MD.t(esc)]), MD.p(MD.t(esc), .code(esc), .link(destination: "http://x/\(esc)", [MD.t("l")]),
                                             .image(source: esc, alt: esc), .html(esc)),
            .codeBlock(language: esc, code: esc + "\n"), .html(esc),
            .table(MarkdownTable(alignments: [.none], header: [[MD.t(esc)]], rows: [[[MD.t(esc)]]])),
            MD.bullets(MD.item(MD.p(MD.t(esc)))), .blockQuote([MD.p(MD.t(esc))]),
        ]
        for line in MD.lines(doc, width: 80) {
            for scalar in line.text.unicodeScalars {
                XCTAssertFalse(scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value),
                               "\(line.text.debugDescription)")
            }
            XCTAssertFalse(line.code?.line.contains("\u{1B}") ?? false)
        }
    }

    /// Styles worn one inside another: attributes add up, colors come from the innermost that sets one.
    func testNestedStylesCombine() {
        let theme = Theme.dark
        let boldLink = theme.style(nested: [.text, .linkText, .strong])
        XCTAssertEqual(boldLink.fg, theme[.linkText].fg)
        XCTAssertTrue(boldLink.bold && boldLink.underline)
        let keyword = theme.style(nested: [.codeBlock, .codeKeyword])
        XCTAssertEqual(keyword.bg, theme[.codeBlock].bg, "a token keeps the code block's background")
        XCTAssertEqual(keyword.fg, theme[.codeKeyword].fg)
        for name in ShippedThemes.files.map(\.name) {
            guard case .success(let t) = ThemeCatalog(userFolder: nil).load(name) else { return XCTFail(name) }
            for depth in ColorDepth.allCases {
                let a = t.adapted(to: depth)
                for token in [StyleName.codeKeyword, .codeString, .codeComment, .codeNumber, .codeLanguage] {
                    let s = a.style(nested: [.codeBlock, token])
                    if s.fg != .terminalDefault { XCTAssertNotEqual(s.fg, s.bg, "\(name) \(token) at \(depth)") }
                }
            }
        }
    }
}
