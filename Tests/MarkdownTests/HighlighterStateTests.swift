import XCTest
@testable import Markdown

/// Fence names, and what one line leaves open for the next.
final class HighlighterStateTests: XCTestCase {
    func testFenceNamesAndAliases() {
        let expected: [String: CodeLanguage] = [
            "swift": .swift, "py": .python, "Python3": .python, "js": .javascript, "jsx": .javascript,
            "mjs": .javascript, "ts": .typescript, "tsx": .typescript, "json": .json, "jsonc": .json, "sh": .shell,
            "bash": .shell, "zsh": .shell, "shell": .shell, "console": .console, "shell-session": .console,
            "sql": .sql, "PostgreSQL": .sql, "c": .c, "h": .c, "cpp": .cpp, "c++": .cpp, "cc": .cpp, "hpp": .cpp,
            "go": .go, "golang": .go, "rust": .rust, "rs": .rust, "yaml": .yaml, "yml": .yaml, "toml": .toml,
            "diff": .diff, "patch": .diff, "python title=\"x.py\"": .python, "rust,ignore": .rust,
        ]
        for (name, language) in expected { XCTAssertEqual(CodeLanguage(fenceName: name), language, name) }
        for name in [nil, "", "   ", "cobol", "swiftly"] { XCTAssertNil(CodeLanguage(fenceName: name), name ?? "nil") }
        XCTAssertEqual(CodeLanguage.rust.fileExtension, "rs")
    }

    func testBlockCommentSpansLines() {
        let lines = Highlighter.tokens(code: "int a; /* one\ntwo\nthree */ int b;", language: "c")
        XCTAssertEqual(lines[1], [HighlightToken(.comment, "two")])
        XCTAssertEqual(lines[2].first, HighlightToken(.comment, "three */"))
        XCTAssertEqual(kind(of: "int", in: [lines[2]]), .type)
    }

    func testNestedBlockCommentsInSwiftAndRust() {
        for language in ["swift", "rust"] {
            let lines = Highlighter.tokens(code: "/* a /* b */\nstill */ let", language: language)
            XCTAssertEqual(lines[1].first, HighlightToken(.comment, "still */"), language)
            XCTAssertEqual(kind(of: "let", in: [lines[1]]), .keyword, language)
        }
        // C does not nest: the first `*/` ends the comment.
        let c = Highlighter.tokens(code: "/* a /* b */\nint", language: "c")
        XCTAssertEqual(c[1], [HighlightToken(.type, "int")])
    }

    func testMultilineStringsContinue() {
        let cases: [(String, String, String)] = [
            ("swift", "let s = \"\"\"\n  if let x\n  \"\"\" + y", "  if let x"),
            ("python", "s = '''\nimport os\n''' + x", "import os"),
            ("js", "const t = `a\nreturn b\n${c}` + 1", "return b"),
            ("go", "q := `a\nfunc x\n` + y", "func x"),
            ("rust", "let s = r##\"a\nfn \"# x\n\"##; let", "fn \"# x"),
            ("sh", "echo \"a\nif then\n\" fi", "if then"),
            ("toml", "a = \"\"\"\nb = 1\n\"\"\" # c", "b = 1"),
        ]
        for (language, code, middle) in cases {
            let lines = Highlighter.tokens(code: code, language: language)
            XCTAssertEqual(lines[1], [HighlightToken(.string, middle)], language)
            XCTAssertNotEqual(lines[2].last?.kind, .string, language)
            assertRoundTrip(code, language)
        }
    }

    func testSingleLineStringsEndWithTheirLine() {
        for language in ["c", "python", "js", "json", "swift", "go"] {
            let lines = Highlighter.tokens(code: "x = \"open\nreturn 1", language: language)
            XCTAssertEqual(lines[0].last?.kind, .string, language)
            XCTAssertEqual(kind(of: "1", in: [lines[1]]), .number, language)
        }
    }

    func testYAMLBlockScalarEndsAtTheParentIndent() {
        let lines = Highlighter.tokens(code: "a:\n  run: >-\n    x: 1\n\n    y\n  b: 2", language: "yaml")
        XCTAssertEqual(lines[2], [HighlightToken(.string, "    x: 1")])
        XCTAssertEqual(lines[3], [])
        XCTAssertEqual(kind(of: "b", in: [lines[5]]), .type)
        XCTAssertEqual(kind(of: "2", in: [lines[5]]), .number)
    }

    func testLineAtATimeMatchesTheWholeBlock() {
        let code = "/* a\nb */ let s = \"\"\"\nx\n\"\"\"\nfunc f() {}"
        var state = HighlightState.normal
        let perLine = code.split(separator: "\n", omittingEmptySubsequences: false).map {  // no "\r\n" here
            Highlighter.tokens(line: String($0), as: .swift, state: &state)
        }
        XCTAssertEqual(perLine, Highlighter.tokens(code: code, language: "swift"))
        XCTAssertEqual(state, .normal)
        var open = HighlightState.normal
        _ = Highlighter.tokens(line: "/* open", as: .c, state: &open)
        XCTAssertEqual(open, .blockComment(index: 0, depth: 1))
    }

    func testFinalNewlineAddsNoLine() {
        XCTAssertEqual(Highlighter.tokens(code: "a\n", language: "go").count, 1)
        XCTAssertEqual(Highlighter.tokens(code: "a\n\n", language: "go").count, 2)
        XCTAssertEqual(Highlighter.tokens(code: "", language: "go").count, 1)
        // "\r\n" is one Character in Swift; lines are still cut at its `\n`, the `\r` kept.
        XCTAssertEqual(Highlighter.tokens(code: "a\r\nb\r\n", language: "go"),
                       [[HighlightToken(.plain, "a"), HighlightToken(.plain, "\r")], [HighlightToken(.plain, "b"), HighlightToken(.plain, "\r")]].map(merged))
        XCTAssertEqual(Highlighter.tokens(code: "a\r\nb", language: nil).count, 2)
    }

    private func merged(_ runs: [HighlightToken]) -> [HighlightToken] { [HighlightToken(.plain, runs.map(\.text).joined())] }
}
