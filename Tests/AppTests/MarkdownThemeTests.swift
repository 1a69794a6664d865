import XCTest
import Markdown
import Terminal
@testable import App

/// Laid-out Markdown drawn on a canvas in two themes: the same text, each run in its theme's style.
final class MarkdownThemeTests: XCTestCase {
    private let doc: [MarkdownBlock] = [
        .heading(level: 2, [MD.t("Plan")]),
        MD.p(MD.t("Use "), .strong([MD.t("bold")]), MD.t(" and "), .link(destination: "https://a.io", [MD.t("a link")])),
        .codeBlock(language: "sh", code: "echo hi\n"),
        .table(MarkdownTable(alignments: [.none], header: [[MD.t("K")]], rows: [[[MD.t("中")]]])),
    ]

    private func draw(_ theme: Theme, width: Int) -> Canvas {
        let lines = MD.lines(doc, width: width)
        var canvas = Canvas(width: width, height: lines.count, style: theme[.text])
        for (y, line) in lines.enumerated() {
            var x = 0
            for segment in line.styled(theme).segments { x += canvas.put(segment.text, x: x, y: y, style: segment.style) }
        }
        return canvas
    }

    func testDrawnInTwoThemes() throws {
        let light = try ThemeCatalog(userFolder: nil).load("light").get()
        for theme in [Theme.dark, light] {
            for width in [80, 120] {
                let canvas = draw(theme, width: width)
                XCTAssertEqual(canvas.text(), """
                    Plan
                    ────

                    Use bold and a link (https://a.io)

                    \(" sh" + String(repeating: " ", count: width - 7) + "[1]")
                     echo hi

                    ┌────┐
                    │ K  │
                    ├────┤
                    │ 中 │
                    └────┘
                    """, theme.name)
                XCTAssertEqual(canvas[0, 0].style, theme[.heading2])
                XCTAssertEqual(canvas[4, 3].style, theme.style(nested: [.text, .strong]))
                XCTAssertTrue(canvas[4, 3].style.bold)
                XCTAssertEqual(canvas[13, 3].style.fg, theme[.linkText].fg)
                XCTAssertTrue(canvas[13, 3].style.underline)
                XCTAssertEqual(canvas[21, 3].style.fg, theme[.linkUrl].fg)
                // `echo` wears its token's style over the block's background; the margin is the block's.
                let echo = try XCTUnwrap(Highlighter.tokens(code: "echo hi", language: "sh").first?.first)
                XCTAssertEqual(echo.text, "echo")
                XCTAssertEqual(canvas[1, 6].style, theme.style(nested: [.codeBlock, try XCTUnwrap(CodeBlockLayout.style(echo.kind))]), "code")
                XCTAssertEqual(canvas[0, 6].style, theme[.codeBlock])
                XCTAssertEqual(canvas[width - 1, 6].style.bg, theme[.codeBlock].bg, "the background reaches the edge")
                XCTAssertEqual(canvas[1, 5].style.fg, theme[.codeLanguage].fg)
                XCTAssertEqual(canvas[1, 5].style.bg, theme[.codeBlock].bg)
                XCTAssertEqual(canvas[width - 3, 5].style.fg, theme[.codeLanguage].fg, "the block's number, [1]")
                XCTAssertEqual(canvas[0, 8].style, theme[.tableBorder])
            }
        }
        XCTAssertNotEqual(draw(.dark, width: 80), draw(light, width: 80))
    }
}
