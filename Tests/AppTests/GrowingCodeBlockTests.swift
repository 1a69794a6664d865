import XCTest
@testable import App

/// A code block streamed a character at a time, laid out on from its last line, must equal the
/// block laid out whole after every character (docs/markdown.md, Streaming).
final class GrowingCodeBlockTests: XCTestCase {
    private func assertGrowingEqualsWhole(_ code: String, language: String?, width: Int, file: StaticString = #filePath, line: UInt = #line) {
        var block = GrowingCodeBlock.extending(nil, language: language, width: width, number: 3)
        for end in code.indices + [code.endIndex] {
            let prefix = String(code[..<end])
            block = GrowingCodeBlock.extending(block, language: language, width: width, number: 3)
            let grown = block.lines(prefix)
            let whole = CodeBlockLayout.lines(language: language, code: prefix, width: width, number: 3)
            XCTAssertEqual(grown, whole, "\(language ?? "plain") at \(width) after \(prefix.count) characters", file: file, line: line)
            if grown != whole { return }
        }
    }

    func testStatesThatSpanLinesCarryOn() {
        let python = "def f(x):\n    \"\"\"A docstring\n    over lines\"\"\"\n    return x + 1  # one\n\nprint(f(2))\n"
        assertGrowingEqualsWhole(python, language: "python", width: 30)
        let c = "/* a comment\n   that goes on */\nint main(void) {\n  return 0; // done\n}\n"
        assertGrowingEqualsWhole(c, language: "c", width: 12)
    }

    func testUnknownLanguageWideTextCutLinesAndEmptyLines() {
        let text = "第一行 漢字とかな 🙂 and a line far too long for the width given here\n\n\nlast"
        assertGrowingEqualsWhole(text, language: nil, width: 16)
        assertGrowingEqualsWhole(text, language: "klingon", width: 9)
    }

    func testEscapesInCodeAreCleanedTheSameWay() {
        assertGrowingEqualsWhole("echo \u{1B}[31mred\u{1B}[0m\nls\r\n", language: "sh", width: 40)
    }

    func testCodeThatDoesNotContinueTheOldIsLaidOutAfresh() {
        var block = GrowingCodeBlock.extending(nil, language: "swift", width: 40, number: 0)
        _ = block.lines("let a = 1\nlet b = 2\n")
        XCTAssertEqual(block.lines("var c = 3\n"), CodeBlockLayout.lines(language: "swift", code: "var c = 3\n", width: 40, number: 0))
    }
}
