import XCTest
import Markdown
import Terminal
@testable import App

/// `aihelper ask` on a terminal: Markdown drawn with SGR styles (docs/markdown.md, In `aihelper ask`).
final class TerminalMarkdownTests: XCTestCase {
    private let esc = "\u{1B}"
    private func dark(_ width: Int = 40, depth: ColorDepth = .ansi16) -> TerminalMarkdown {
        TerminalMarkdown(theme: Theme.dark.adapted(to: depth), width: width)
    }
    private func draw(_ source: String, _ markdown: TerminalMarkdown) -> String {
        markdown.text(MarkdownParser.parse(source).blocks)
    }
    /// The text without its SGR sequences.
    private func plain(_ s: String) -> String { s.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }

    func testAHeadingIsItsStyleWithoutHashes() {
        // dark: heading1 = bright-cyan, bold
        XCTAssertEqual(draw("# Plan", dark()), "\(esc)[0;1;96mPlan\(esc)[0m\n\(esc)[0;1;96m════\(esc)[0m\n")
    }

    func testBoldAndEmphasisAreSetAndResetAroundTheirWords() {
        XCTAssertEqual(draw("Take **three** and *one*", dark()),
                       "Take \(esc)[0;1mthree\(esc)[0m and \(esc)[0;3mone\(esc)[0m\n")
    }

    func testACodeBlockHasItsBackgroundAcrossTheWidthAndItsTokensColored() {
        let out = draw("```sh\necho hi\n```", dark(12))
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.map(plain), [" sh         ", " echo hi    ", ""])
        // code_block: white on black; the language label italic cyan; `echo` a function (bright blue).
        XCTAssertEqual(lines[0], "\(esc)[0;3;36;40m sh\(esc)[0;37;40m         \(esc)[0m")
        XCTAssertTrue(lines[1].hasPrefix("\(esc)[0;37;40m \(esc)[0;94;40mecho\(esc)[0;37;40m"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("\(esc)[0m"))
    }

    func testATableHasBordersAndABoldHeader() {
        let out = draw("| A | B |\n|---|--:|\n| x | 12 |", dark())
        XCTAssertEqual(plain(out), """
            ┌───┬────┐
            │ A │  B │
            ├───┼────┤
            │ x │ 12 │
            └───┴────┘

            """)
        XCTAssertTrue(out.hasPrefix("\(esc)[0;90m┌───┬────┐\(esc)[0m\n\(esc)[0;90m│\(esc)[0m \(esc)[0;1mA\(esc)[0m "), out)
    }

    func testALinkIsStyledAndItsURLWrittenAfterIt() {
        XCTAssertEqual(draw("See [the guide](https://example.com/g).", dark()),
                       "See \(esc)[0;4;94mthe guide\(esc)[0m (\(esc)[0;90mhttps://example.com/g\(esc)[0m).\n")
    }

    /// Only the SGR sequences built here are escapes: the model's own are cleaned out by the layout.
    func testTheModelsEscapesNeverComeOut() {
        let out = draw("a\u{1B}]0;title\u{07}b **c\u{1B}[2Jd**\n\n```\nx\u{1B}[31my\u{9B}1m\n```", dark())
        XCTAssertEqual(plain(out).filter { $0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) } }, "")
        XCTAssertFalse(out.contains("]0;"))
        XCTAssertTrue(plain(out).hasPrefix("ab cd\n"), out)
    }

    /// The terminal's own colors stay: the `text` style's background is never painted, nor
    /// its foreground where no other background is; a code block keeps the theme's colors.
    func testTheTextStylesColorsAreTheTerminals() throws {
        let theme = try ThemeCatalog(userFolder: nil).load("solarized-dark").get()
        XCTAssertNotEqual(theme[.text].bg, .terminalDefault, "the test needs a theme that paints its background")
        let markdown = TerminalMarkdown(theme: theme.adapted(to: .trueColor), width: 20)
        XCTAssertEqual(markdown.style([.text]), .plain)
        XCTAssertEqual(markdown.style([.text, .emphasis]), Style(italic: true))
        XCTAssertEqual(markdown.style([.text, .strong]), Style(fg: theme[.strong].fg, bold: true), "a color of its own stays")
        XCTAssertEqual(markdown.style([.codeBlock]).bg, theme[.codeBlock].bg)
        XCTAssertTrue(draw("plain words", markdown) == "plain words\n")
    }

    /// A terminal cannot scroll sideways: a top-level code line wider than it is written whole
    /// (the terminal wraps it); narrower lines keep the background to the width.
    func testAWideCodeLineIsWrittenWhole() {
        let long = "let total = items.map { $0.price }.reduce(0, +) // sum"
        let lines = plain(draw("```\n\(long)\nshort\n```", dark(30))).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [" " + long, " short" + String(repeating: " ", count: 24)])
    }

    /// What `StreamedMarkdown` writes as the answer arrives, piece by piece, adds up to the
    /// whole answer drawn at once; finished blocks come out before the answer ends.
    func testStreamingWritesFinishedBlocksAndAddsUpToTheWhole() {
        let answer = TranscriptMarkdownTests.answer + "\n\n[ref]: https://example.com/ref\n\nA [ref] link."
        for (width, size) in [(40, 1), (80, 3), (120, 7)] {
            let markdown = dark(width, depth: .trueColor)
            var stream = StreamedMarkdown(markdown)
            var out = "", before = ""
            var i = answer.startIndex
            while i < answer.endIndex {
                let end = answer.index(i, offsetBy: size, limitedBy: answer.endIndex) ?? answer.endIndex
                out += stream.append(String(answer[i..<end]))
                i = end
            }
            before = out
            out += stream.finish()
            XCTAssertTrue(plain(before).hasPrefix("Plan\n════\n\nSome bold"), "the first blocks come out while streaming")
            XCTAssertEqual(plain(out), plain(draw(answer, markdown)), "width \(width)")
        }
        let markdown = dark(80)
        for answer in [TranscriptMarkdownTests.answer, "", "one line", "```\nunclosed"] {
            var stream = StreamedMarkdown(markdown)
            var out = ""
            for c in answer { out += stream.append(String(c)) }
            out += stream.finish()
            XCTAssertEqual(out, draw(answer, markdown), answer)
        }
    }

    func testTheSourceIsWrittenToAPipeAndWithRawOrNoColor() {
        let tty = ["TERM": "xterm-256color"]
        XCTAssertTrue(TerminalMarkdown.applies(toTerminal: true, raw: false, environment: tty))
        XCTAssertFalse(TerminalMarkdown.applies(toTerminal: false, raw: false, environment: tty), "a pipe or a file")
        XCTAssertFalse(TerminalMarkdown.applies(toTerminal: true, raw: true, environment: tty), "--raw")
        XCTAssertFalse(TerminalMarkdown.applies(toTerminal: true, raw: false, environment: tty.merging(["NO_COLOR": "1"]) { $1 }))
        XCTAssertTrue(TerminalMarkdown.applies(toTerminal: true, raw: false, environment: tty.merging(["NO_COLOR": ""]) { $1 }),
                      "NO_COLOR counts when it is not empty")
        XCTAssertFalse(TerminalMarkdown.applies(toTerminal: true, raw: false, environment: ["TERM": "dumb"]))
        XCTAssertFalse(TerminalMarkdown.applies(toTerminal: true, raw: false, environment: [:]))
    }

    func testTheColorDepthComesFromTheTerminalsName() {
        XCTAssertEqual(TerminalMarkdown.colorDepth(environment: ["TERM": "xterm-256color"]), .palette256)
        XCTAssertEqual(TerminalMarkdown.colorDepth(environment: ["TERM": "tmux-256color", "COLORTERM": "truecolor"]), .trueColor)
        XCTAssertEqual(TerminalMarkdown.colorDepth(environment: ["TERM": "xterm-direct"]), .trueColor)
        XCTAssertEqual(TerminalMarkdown.colorDepth(environment: ["TERM": "xterm-16color"]), .ansi16)
        XCTAssertEqual(TerminalMarkdown.colorDepth(environment: ["TERM": "linux"]), .ansi8)
        // Terminals whose own entries may be missing here (issue 19): 256 by name, as in the TUI's fallback.
        for term in ["xterm-kitty", "alacritty", "foot", "wezterm", "xterm-ghostty"] {
            XCTAssertEqual(TerminalMarkdown.colorDepth(environment: ["TERM": term]), .palette256, term)
        }
        // At 256 colors an rgb theme color is written as a palette index, never as 24-bit.
        let theme = try! ThemeCatalog(userFolder: nil).load("solarized-dark").get().adapted(to: .palette256)
        let out = TerminalMarkdown(theme: theme, width: 20).text(MarkdownParser.parse("# Title").blocks)
        XCTAssertTrue(out.contains("38;5;"), out)
        XCTAssertFalse(out.contains("38;2;"), out)
    }
}
