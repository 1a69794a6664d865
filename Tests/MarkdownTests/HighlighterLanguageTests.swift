import XCTest
@testable import Markdown

/// Per language, a snippet and the kinds of its key tokens.
final class HighlighterLanguageTests: XCTestCase {
    func testSwift() {
        let code = """
            @MainActor final class Model: Sendable {
                // a comment
                let count: Int = 0x1F_FF
                func greet(name: String) -> String { return "hi \\(name)" + #"raw "q" \\n"# + [1].map { $0 * 2 } }
            }
            #if DEBUG
            """
        assertKinds(code, "swift", [
            "@MainActor": .keyword, "final": .keyword, "Model": .type, "Sendable": .type, "// a comment": .comment,
            "let": .keyword, "Int": .type, "0x1F_FF": .number, "greet": .function, "\"hi \\(name)\"": .string,
            "#\"raw \"q\" \\n\"#": .string, "#if": .keyword, "{": .punctuation, "name:": nil, "$0": .plain,
        ])
    }

    func testPython() {
        let code = """
            @dataclass
            class Point(Base):
                def norm(self, x=1.5e-3):  # comment
                    return f"{x}" + b'\\x00' + r"\\d" + None
            """
        assertKinds(code, "python", [
            "@dataclass": .keyword, "class": .keyword, "Point": .type, "norm": .function, "self": .keyword,
            "1.5e-3": .number, "# comment": .comment, "f\"{x}\"": .string, "b'\\x00'": .string,
            "r\"\\d\"": .string, "None": .keyword,
        ])
    }

    func testJavaScriptAndTypeScript() {
        let js = "const $el = document.querySelector(`#${id}`); // find\nlet n = 10n; /* block */"
        assertKinds(js, "js", [
            "const": .keyword, "$el": .plain, "querySelector": .function, "`#${id}`": .string, "// find": .comment,
            "10n": .number, "/* block */": .comment,
        ])
        let ts = "interface User { name: string; age?: number }\nexport type Id = User | null"
        assertKinds(ts, "ts", [
            "interface": .keyword, "User": .type, "string": .type, "number": .type, "export": .keyword,
            "type": .keyword, "null": .keyword,
        ])
        // The TypeScript words stay out of JavaScript.
        XCTAssertEqual(kind(of: "interface", in: Highlighter.tokens(code: "interface", language: "javascript")), .plain)
    }

    func testJSON() {
        assertKinds(#"{"name": "Ada", "age": 36, "ok": true, "none": null, "pi": -3.14}"#, "json", [
            "\"name\"": .type, "\"Ada\"": .string, "36": .number, "true": .keyword, "null": .keyword,
            "3.14": .number, "{": .punctuation,
        ])
    }

    func testShell() {
        let code = "#!/bin/bash\nif [ -n \"$HOME\" ]; then echo 'it is' ${USER} $1 # note\nfi\nls a#b"
        assertKinds(code, "bash", [
            "#!/bin/bash": .comment, "if": .keyword, "\"$HOME\"": .string, "then": .keyword, "echo": .function,
            "'it is'": .string, "${USER}": .type, "$1": .type, "# note": .comment, "fi": .keyword,
        ])
        // `#` inside a word starts no comment.
        XCTAssertFalse(Highlighter.tokens(code: code, language: "sh")[3].contains { $0.kind == .comment })
    }

    func testConsolePromptsAndOutput() {
        let lines = Highlighter.tokens(code: "$ echo \"hi\" | wc -l\n1\n$ ls \\\n  -la\nif output", language: "console")
        XCTAssertEqual(lines[0].first, HighlightToken(.punctuation, "$"))
        XCTAssertEqual(kind(of: "echo", in: [lines[0]]), .function)
        XCTAssertEqual(kind(of: "\"hi\"", in: [lines[0]]), .string)
        XCTAssertEqual(lines[1], [HighlightToken(.plain, "1")])
        // A command continued with `\` goes on as shell; output after it is plain again.
        XCTAssertEqual(kind(of: "-la", in: [lines[3]]), .plain)
        XCTAssertEqual(lines[4], [HighlightToken(.plain, "if output")])
    }

    func testSQLKeywordsAnyCase() {
        let code = "SELECT name, COUNT(*) FROM users u -- all\nwhere u.id = 'it''s' AND age > 18 /* c */"
        assertKinds(code, "sql", [
            "SELECT": .keyword, "COUNT": .function, "FROM": .keyword, "-- all": .comment, "where": .keyword,
            "'it''s'": .string, "AND": .keyword, "18": .number, "/* c */": .comment, "name": .plain,
        ])
    }

    func testCAndCpp() {
        let c = "#include <stdio.h>\nint main(void) { char c = '\\n'; printf(\"%d\\n\", 42u); return 0; }"
        assertKinds(c, "c", [
            "#include": .keyword, "int": .type, "main": .function, "'\\n'": .string, "printf": .function,
            "\"%d\\n\"": .string, "42u": .number, "return": .keyword,
        ])
        let cpp = "template <typename T> class Box { std::unique_ptr<T> p = nullptr; };"
        assertKinds(cpp, "cpp", ["template": .keyword, "typename": .keyword, "class": .keyword, "unique_ptr": .type,
                                 "nullptr": .keyword])
        XCTAssertEqual(kind(of: "template", in: Highlighter.tokens(code: "template", language: "c")), .plain)
    }

    func testGo() {
        let code = "func (s *Server) Run() error {\n\tr := 'x'\n\tq := `raw \\n`\n\treturn fmt.Errorf(\"%v\", len(q))\n}"
        assertKinds(code, "go", [
            "func": .keyword, "Run": .function, "error": .type, "'x'": .string, "`raw \\n`": .string,
            "Errorf": .function, "len": .function, "return": .keyword,
        ])
    }

    func testRust() {
        let code = "fn longest<'a>(x: &'a str) -> Option<&'a str> { area(2)\n    let s = r#\"raw \"q\"\"#; let c = 'z'; 1_000u32\n}"
        assertKinds(code, "rs", [
            "fn": .keyword, "area": .function, "'a>": nil, "str": .type, "Option": .type,
            "r#\"raw \"q\"\"#": .string, "'z'": .string, "1_000u32": .number,
        ])
        // A lifetime's quote is punctuation, not the start of a string.
        let line = Highlighter.tokens(code: "&'a str", language: "rust")[0]
        XCTAssertEqual(line.first { $0.text.contains("'") }?.kind, .punctuation)
    }

    func testYAML() {
        let code = "# config\nname: \"app\"\nport: 8080\nlist:\n  - item one\n  - key: yes # c\nrun: |\n  echo: not a key\n  x\nnext: ~"
        assertKinds(code, "yml", [
            "# config": .comment, "name": .type, "\"app\"": .string, "8080": .number, "key": .type, "yes": .keyword,
            "# c": .comment, "echo: not a key": .string, "next": .type,
        ])
    }

    func testTOML() {
        let code = "[package]\nname = \"aihelper\" # n\n[[bin]]\nfast.opt = true\ndesc = '''\nline = 2\n'''\nn = 1_000"
        assertKinds(code, "toml", [
            "[package]": .keyword, "name": .type, "\"aihelper\"": .string, "# n": .comment, "[[bin]]": .keyword,
            "fast.opt": .type, "true": .keyword, "line = 2": .string, "1_000": .number,
        ])
    }

    func testDiff() {
        let code = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@ func\n-old\n+new\n context\n\\ No newline at end of file"
        let kinds = Highlighter.tokens(code: code, language: "patch").map { $0.map(\.kind) }
        XCTAssertEqual(kinds, [[.keyword], [.keyword], [.keyword], [.hunk], [.deleted], [.inserted], [.plain], [.comment]])
        assertRoundTrip(code, "diff")
    }

    func testUnknownAndNilLanguageArePlain() {
        let code = "let x = \"y\" // z\n\nend"
        for language in [nil, "brainfuck", ""] {
            XCTAssertEqual(Highlighter.tokens(code: code, language: language),
                           [[HighlightToken(.plain, "let x = \"y\" // z")], [], [HighlightToken(.plain, "end")]])
        }
    }
}
