import XCTest
import Core
import Storage
import Markdown
import Terminal
@testable import App

/// `c` and `o` on a selected message, key by key through `update`: no code says so, one block
/// acts at once, several open a picker whose numbers are the ones drawn on the blocks.
final class CodeBlockActionTests: XCTestCase {
    private static let threeBlocks = """
        Here is the plan.

        ```python
        def greet(name):
        \treturn f"hi {name}"  # a tab \u{1B}[31mred\u{1B}[0m
        ```

        - a step with its own code:

          ```sh
          echo step
          ```

        > quoted
        > ```
        > plain text
        > ```
        """

    private func state(answer: String) -> AppState {
        var s = SnapshotFixture.state(width: 100, height: 40)
        s.chat.messages[3].content = answer
        s.chat.messages[3].status = .complete
        s.chat.messages[3].errorText = nil
        s.chat.selectedMessageId = 4
        return s
    }

    func testAMessageWithoutCodeSaysSo() {
        var s = state(answer: "Just words, `inline code` is not a block.")
        XCTAssertEqual(update(&s, .key(.text("c"))), [])
        XCTAssertEqual(update(&s, .key(.text("o"))), [])
        XCTAssertNil(s[overlay: Picker.self])
        XCTAssertEqual(s.notice?.text, "This message has no code block (c copies one, o opens one).")
        XCTAssertEqual(s.chat.selectedMessageId, 4, "the selection stays")
    }

    func testOneBlockIsCopiedAtOnceCleanedWithItsTabs() {
        var s = state(answer: "Try:\n\n```go\nfunc main() {\n\tfmt.Println(\"\u{1B}]52;c;ZXZpbA==\u{07}hi\")\n}\n```\n\nDone.")
        XCTAssertEqual(update(&s, .key(.text("c"))), [.copyText("func main() {\n\tfmt.Println(\"hi\")\n}")])
        XCTAssertNil(s[overlay: Picker.self])
        XCTAssertEqual(update(&s, .key(.text("o"))), [.openCode("func main() {\n\tfmt.Println(\"hi\")\n}", fileExtension: "go")])
        XCTAssertEqual(update(&s, .key(.text("y"))), [.copyText(Sanitizer.clean(s.chat.messages[3].content))],
                       "y still copies the whole message's Markdown source")
    }

    func testSeveralBlocksOpenAPickerAndItsNumberChooses() throws {
        var s = state(answer: Self.threeBlocks)
        XCTAssertEqual(update(&s, .key(.text("c"))), [])
        let picker = try XCTUnwrap(s[overlay: Picker.self])
        XCTAssertEqual(picker.title, "Copy which code block?")
        XCTAssertEqual(picker.items.map(\.label), ["[1] def greet(name):", "[2] echo step", "[3] plain text"])
        XCTAssertEqual(picker.items.map(\.detail), ["python · 2 lines", "sh · 1 line", "1 line"])
        let text = screenText(s)
        XCTAssertTrue(text.contains("Copy which code block?") && text.contains("[2] echo step") && text.contains("its number"), text)

        XCTAssertEqual(update(&s, .key(.text("2"))), [.copyText("echo step")])
        XCTAssertNil(s[overlay: Picker.self])

        _ = update(&s, .key(.text("o")))
        XCTAssertEqual(s[overlay: Picker.self]?.title, "Open which code block?")
        XCTAssertEqual(update(&s, .key(.text("1"))), [.openCode("def greet(name):\n\treturn f\"hi {name}\"  # a tab red", fileExtension: "py")])
    }

    func testThePickerMovesWithArrowsChoosesWithEnterAndEscCloses() {
        var s = state(answer: Self.threeBlocks)
        _ = update(&s, .key(.text("o")))
        XCTAssertEqual(update(&s, .key(.down)), [])
        XCTAssertEqual(update(&s, .key(.down)), [])
        XCTAssertEqual(update(&s, .key(.enter)), [.openCode("plain text", fileExtension: "txt")])
        _ = update(&s, .key(.text("c")))
        XCTAssertEqual(update(&s, .key(.text("9"))), [], "no block 9")
        XCTAssertNotNil(s[overlay: Picker.self])
        XCTAssertEqual(update(&s, .key(.escape)), [])
        XCTAssertNil(s[overlay: Picker.self])
        XCTAssertEqual(s.chat.selectedMessageId, 4, "Esc closes the picker only")
    }

    /// With ten blocks or more, `1` could be 1 or 10–19: it waits for the next digit or Enter.
    func testANumberThatOthersStartWithWaits() {
        let answer = (1...12).map { "```\nblock \($0)\n```" }.joined(separator: "\n\n")
        var s = state(answer: answer)
        _ = update(&s, .key(.text("c")))
        XCTAssertEqual(s[overlay: Picker.self]?.items.count, 12)
        XCTAssertEqual(update(&s, .key(.text("1"))), [])
        XCTAssertEqual(update(&s, .key(.text("2"))), [.copyText("block 12")])
        _ = update(&s, .key(.text("c")))
        _ = update(&s, .key(.text("1")))
        XCTAssertEqual(update(&s, .key(.enter)), [.copyText("block 1")], "Enter takes the first that matches")
        _ = update(&s, .key(.text("c")))
        XCTAssertEqual(update(&s, .key(.text("7"))), [.copyText("block 7")])
    }

    /// The numbers on the screen are the picker's: the lines the transcript draws under `[n]`
    /// are the code that n copies, nested blocks included.
    func testTheNumbersDrawnAreThePickersNumbers() {
        var s = state(answer: Self.threeBlocks)
        let text = screenText(s)
        for label in ["python", "[1]", "sh", "[2]", "[3]"] { XCTAssertTrue(text.contains(label), "\(label):\n\(text)") }
        XCTAssertTrue(text.contains("c: copy code · o: open it"), "the selected answer says how:\n\(text)")
        let lines = MarkdownLayout.lines(MarkdownParser.parse(Self.threeBlocks), width: 80)
        _ = update(&s, .key(.text("c")))
        for n in 1...3 {
            let drawn = lines.compactMap { $0.code?.block == n - 1 ? $0.code?.line : nil }.joined(separator: "\n")
            var copy = s
            let copied = update(&copy, .key(.text(String(n))))
            guard case .copyText(let code)? = copied.first else { return XCTFail("block \(n): \(copied)") }
            XCTAssertEqual(Sanitizer.clean(code), drawn, "block \(n)")
            let first = lines.firstIndex { $0.code?.block == n - 1 } ?? 0
            XCTAssertTrue(first > 0 && lines[first - 1].code == nil && lines[first - 1].text.hasSuffix("[\(n)] "),
                          "block \(n)'s label line: \(first > 0 ? lines[first - 1].text : "none")")
        }
    }

    func testAnAnswerWithoutCodeHasNoCodeHint() {
        let s = state(answer: "No code here.")
        XCTAssertFalse(screenText(s).contains("c: copy code"))
    }

    func testFileExtensionsComeFromTheLanguageAndNeverMakeAPath() {
        func ext(_ language: String?) -> String { MarkdownCodeBlock(language: language, code: "").fileExtension }
        XCTAssertEqual(ext("python"), "py")
        XCTAssertEqual(ext("Rust"), "rs")
        XCTAssertEqual(ext("console"), "sh")
        XCTAssertEqual(ext("html"), "html", "a fence name the highlighter does not know, used as it is")
        XCTAssertEqual(ext("Kotlin"), "kotlin")
        XCTAssertEqual(ext(nil), "txt")
        XCTAssertEqual(ext("../../etc/passwd"), "txt")
        XCTAssertEqual(ext("a.b"), "txt")
        XCTAssertEqual(ext("averyverylongname"), "txt")
        XCTAssertEqual(ext("\u{1B}[31m"), "txt")
    }

    func testCodeBlocksAreListedInReadingOrderAtAnyDepth() {
        let doc = MarkdownParser.parse("```a\n1\n```\n\n- x\n  - y\n\n    ```b\n    2\n    ```\n\n> > ```c\n> > 3\n> > ```\n\n    indented 4\n")
        XCTAssertEqual(doc.codeBlocks.map(\.code), ["1", "2", "3", "indented 4"])
        XCTAssertEqual(doc.codeBlocks.map(\.language), ["a", "b", "c", nil])
    }
}

/// `o`'s effect carried out by the runtime: the code goes to a temporary file named with the
/// language's extension, which $PAGER (else $VISUAL / $EDITOR) is run on, then removed.
final class CodeBlockRuntimeTests: XCTestCase {
    private var saved: [String: String?] = [:]

    override func setUp() {
        for name in ["PAGER", "VISUAL", "EDITOR"] { saved[name] = ProcessInfo.processInfo.environment[name]; unsetenv(name) }
    }

    override func tearDown() {
        for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } }
    }

    /// A "pager" that copies the file it is given, and its name, to `folder`.
    private func recorder(_ folder: String) -> String {
        "sh -c 'cp \"$0\" \(folder)/seen; echo \"$0\" > \(folder)/name'"
    }

    func testThePagerGetsTheCodeInAFileWithTheLanguagesExtension() throws {
        let folder = NSTemporaryDirectory() + "aih-open-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try AppTestHarness().app
        setenv("PAGER", recorder(folder), 1)
        setenv("EDITOR", "false", 1)
        app.perform(.openCode("def f():\n\treturn 1", fileExtension: "py"))
        XCTAssertEqual(try String(contentsOfFile: folder + "/seen", encoding: .utf8), "def f():\n\treturn 1\n")
        let name = try String(contentsOfFile: folder + "/name", encoding: .utf8).trimmingCharacters(in: .newlines)
        XCTAssertTrue(name.hasSuffix("-code.py"), name)
        XCTAssertFalse(FileManager.default.fileExists(atPath: name), "the temporary file is removed")
        XCTAssertNil(app.state.notice)

        unsetenv("PAGER")
        setenv("EDITOR", recorder(folder), 1)
        app.perform(.openCode("fn main() {}", fileExtension: "rs"))
        XCTAssertEqual(try String(contentsOfFile: folder + "/seen", encoding: .utf8), "fn main() {}\n", "no $PAGER: $EDITOR")
        XCTAssertTrue(try String(contentsOfFile: folder + "/name", encoding: .utf8).contains("-code.rs"))

        setenv("PAGER", "false", 1)
        app.perform(.openCode("x", fileExtension: "txt"))
        XCTAssertEqual(app.state.notice?.text, "'false' did not run cleanly. Set $PAGER (for example to less) or $EDITOR.")
        XCTAssertEqual(app.state.notice?.kind, .error)
    }
}
