import XCTest
import Core
import Markdown
import Terminal
import TestSupport
@testable import App

/// Answers drawn as Markdown in the transcript (docs/markdown.md, In the chat).
final class TranscriptMarkdownTests: XCTestCase {
    static let answer = """
    # Plan

    Some **bold** and *italic* text with `code` and a [link](https://example.com).

    - first item
    - second item
      1. nested one
      2. nested two

    ```swift
    let x = 1 // a comment
    print(x)
    ```

    | Name | Qty |
    |:-----|----:|
    | Apple | 3 |
    | 苹果 | 12 |

    > a quote

    Done. This last paragraph is long enough to wrap at eighty columns, and its ~~old~~ words *keep* their styles.
    """

    /// The text a streaming answer shows: all of it but a lone `|` just begun under a table row.
    static func shown(_ text: String) -> String {
        var stream = MarkdownStream()
        stream.update(text)
        return String(decoding: text.utf8.dropLast(stream.heldBack), as: UTF8.self)
    }

    private func state(_ content: String, width: Int, height: Int, streaming: Bool = false) -> AppState {
        var state = SnapshotFixture.state(width: width, height: height)
        let t0 = Date(timeIntervalSince1970: 1_795_428_000)
        state.chat.messages = [
            Message(id: 1, conversationId: 1, role: .user, content: "plan __it__", createdAt: t0),
            Message(id: 2, conversationId: 1, role: .assistant, content: content, status: streaming ? .streaming : .complete,
                    provider: "offline", createdAt: t0.addingTimeInterval(1)),
        ]
        state.chat.steps = [:]
        state.chat.turn = streaming ? RunningTurn(id: 1, messageId: 2) : nil
        return state
    }

    /// The transcript alone, drawn by `view` (spinner frame 4: the blinking cursor is a blank).
    private func transcript(_ state: inout AppState, _ view: TranscriptView, width: Int, height: Int) -> String {
        var canvas = Canvas(width: width, height: height), scroll = ChatViewState()
        view.draw(state.chat, view: &scroll, spinnerFrame: 4, timeZone: SnapshotFixture.utc, in: Rect(x: 0, y: 0, width: width, height: height),
                  theme: .dark, into: &canvas)
        return canvas.text()
    }

    func testAMarkdownAnswerShowsNoRawMarkers() {
        for width in [80, 120] {
            var s = state(Self.answer, width: width, height: 60)
            let text = transcript(&s, TranscriptView(), width: width, height: 60)
            for raw in ["**", "# Plan", "```", "|:---", "| Name", "](https"] {
                XCTAssertFalse(text.contains(raw), "\(raw) at \(width):\n\(text)")
            }
            for drawn in ["Plan", "═", "• first item", "1. nested one", "swift", "let x = 1", "┌", "│ Apple", "苹果", "│ a quote", "(https://example.com)"] {
                XCTAssertTrue(text.contains(drawn), "\(drawn) at \(width):\n\(text)")
            }
            XCTAssertTrue(text.contains("plan __it__"), "the user's message stays plain")
            assertSnapshot(text, named: "chat-markdown-\(width)")
        }
    }

    /// The user's pasted code is drawn as a code block (numbered, so `c` and `o` act on it);
    /// the user's other messages keep their `*`, `_` and `#` as typed.
    func testAUsersMessageWithPastedCodeIsMarkdownOthersStayAsTyped() {
        var s = state("Here it is.", width: 80, height: 30)
        let t0 = Date(timeIntervalSince1970: 1_795_428_100)
        s.chat.messages += [
            Message(id: 3, conversationId: 1, role: .user, content: "why does this fail?\n\n```python\nprint(1/0)\n```", createdAt: t0),
            Message(id: 4, conversationId: 1, role: .user, content: "# not a heading, 2*3*4 = 24", createdAt: t0),
        ]
        let view = TranscriptView()
        let text = transcript(&s, view, width: 80, height: 30)
        XCTAssertFalse(text.contains("```"), text)
        XCTAssertTrue(text.contains(" python") && text.contains("[1]") && text.contains("print(1/0)"), text)
        XCTAssertTrue(text.contains("# not a heading, 2*3*4 = 24"), text)
        XCTAssertTrue(text.contains("plan __it__"), text)
        let plain = s
        var canvas = Canvas(width: 80, height: 30), scroll = ChatViewState()
        view.draw(plain.chat, view: &scroll, spinnerFrame: 4, timeZone: SnapshotFixture.utc, in: Rect(x: 0, y: 0, width: 80, height: 30),
                  theme: .dark, markdown: false, into: &canvas)
        XCTAssertTrue(canvas.text().contains("```python"), "render_markdown = false: the source")
    }

    func testAStreamedAnswerEndsAsTheFinishedAnswerDraws() {
        let answers = [Self.answer, "Intro with [a ref][r].\n\n```\nopen fence\n\n- x\n\n[r]: https://example.com\n\n## After\n\ntext"]
        for (n, answer) in answers.enumerated() {
            for width in [80, 120] {
                var random = SeededGenerator(seed: UInt64(n * 1000 + width))
                let view = TranscriptView()
                var s = state("", width: width, height: 60, streaming: true)
                let bytes = Array(answer.utf8)
                var end = 0
                var last = ""
                while end < bytes.count {
                    end = min(bytes.count, end + Int.random(in: 1...7, using: &random))
                    guard let prefix = String(bytes: bytes[..<end], encoding: .utf8) else { continue }
                    s.chat.messages[1].content = prefix
                    last = transcript(&s, view, width: width, height: 60)
                    // Every frame equals a fresh layout of the text so far (but a lone `|` begun under a row).
                    var fresh = state(Self.shown(prefix), width: width, height: 60)
                    let finished = transcript(&fresh, TranscriptView(), width: width, height: 60)
                    XCTAssertEqual(last, finished, "after \(end) bytes at \(width)")
                }
                s.chat.messages[1].status = .complete
                s.chat.turn = nil
                XCTAssertEqual(transcript(&s, view, width: width, height: 60), last, "answer \(n) at \(width) once finished")
            }
        }
    }

    func testStreamedLinesEqualTheFinishedLayoutStylesAndCodeNumbersToo() {
        let layouts = AnswerLayouts()
        let answer = Self.answer + "\n\n- item\n\n  ```\n  nested code\n  ```\n\n```py\nsecond = 2\n```\n"
        var m = Message(id: 7, conversationId: 1, role: .assistant, content: "")
        for end in answer.indices {
            m.content = String(answer[..<end])
            let streamed = layouts.lines(m, streaming: true, width: 60)
            let whole = MarkdownLayout.lines(MarkdownParser.parse(Self.shown(m.content)), width: 60, base: .assistantText)
            XCTAssertEqual(streamed, whole, "after \(m.content.count) characters")
        }
        XCTAssertEqual(Set(layouts.lines(m, streaming: true, width: 60).compactMap { $0.code?.block }), [0, 1, 2])
    }

    /// The Markdown-heavy answer the benchmarks stream (Tests/Peers/fixtures), in the peer's
    /// tokens of four characters, at 80 and 120 columns: after every token, every line above
    /// the open block is the finished answer's line, and once finished the answer draws as a
    /// whole layout does.
    func testTheHeavyAnswerStreamedTokenByTokenNeverRedrawsAFinishedBlockDifferently() throws {
        let answer = try String(contentsOf: PeerServer.peersFolder.appendingPathComponent("fixtures/markdown-heavy.md"), encoding: .utf8)
        let characters = Array(answer)
        for width in [78, 118] {
            let final = MarkdownLayout.lines(MarkdownParser.parse(answer), width: width, base: .assistantText)
            let layouts = AnswerLayouts()
            var m = Message(id: 9, conversationId: 1, role: .assistant, content: "")
            var start = 0
            while start < characters.count {
                start = min(characters.count, start + 4)
                m.content = String(characters[..<start])
                let streamed = layouts.lines(m, streaming: true, width: width)
                // The open block is the last one: all lines before the last blank line are finished.
                let finished = streamed.lastIndex(where: { $0.text.isEmpty }) ?? 0
                XCTAssertEqual(Array(streamed[..<finished]), Array(final[..<min(finished, final.count)]), "at \(width), after \(start) characters")
                if streamed[..<finished] != final[..<min(finished, final.count)] { return }
            }
            XCTAssertEqual(layouts.lines(m, streaming: false, width: width), final)
            XCTAssertEqual(MarkdownLayout.lines(MarkdownParser.parse(m.content), width: width, base: .assistantText), final)
        }
    }
}
