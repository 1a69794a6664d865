import Foundation
import XCTest
import TestSupport

/// A Markdown answer streamed by the loopback peer in 3-character chunks, in the real binary in
/// tmux: drawn without raw markers, the table boxed, `c` copies the code (OSC 52 into tmux's
/// paste buffer), `o` hands it to $PAGER as a .py file; `render_markdown = false` shows the source.
final class TUIMarkdownTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }
    private static let code = "def greet(name):\n    return f\"Hello, {name}!\"\n\nprint(greet(\"world\"))"

    private func start(config: String = "", environment: [String: String] = [:]) throws -> TmuxSession {
        try ("provider = \"openai\"\nmodel = \"gpt-4.1-mini\"\n" + config).write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"]
            .merging(environment) { $1 })
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        try session.type("plan my week [script:markdown]")
        try session.press("Enter")
        return session
    }

    func testAStreamedMarkdownAnswerIsDrawnAndItsCodeCopiedAndOpened() throws {
        let seen = home + "/seen"
        let session = try start(environment: ["PAGER": "sh -c 'cp \"$0\" \(seen).tmp && echo \"$0\" >> \(seen).tmp && mv \(seen).tmp \(seen)'"])
        _ = try session.tmux(["set-option", "-g", "set-clipboard", "on"])
        let screen = session.waitFor("the whole answer", timeout: 15) { $0.contains("That is all.") && !$0.contains("Esc cancel") }
        for raw in ["**", "# Weekly", "```", "|:---", "| Day"] {
            XCTAssertFalse(screen.contains(raw), "\(raw) on the screen:\n\(screen)")
        }
        for drawn in ["Weekly plan", "═══", "Here is the plan for the week:", "• Tuesday: the dentist", "python", "[1]",
                      "def greet(name):", "┌─────┬", "│ Day │ Task", "│ Mon │ Groceries │     1 │", "└─────┴"] {
            XCTAssertTrue(screen.contains(drawn), "\(drawn) is not on the screen:\n\(screen)")
        }

        try session.press("Escape")
        session.waitFor(text: "▶ Assistant")
        session.waitFor(text: "c: copy code")
        try session.press("c")
        session.waitFor(text: "Copied")
        XCTAssertEqual(try session.tmux(["show-buffer"]), Self.code, "the code block as the model wrote it")

        try session.press("o")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: seen), Date() < deadline { usleep(50_000) }
        let opened = try String(contentsOfFile: seen, encoding: .utf8)
        XCTAssertTrue(opened.hasPrefix(Self.code + "\n"), opened)
        XCTAssertTrue(opened.hasSuffix("-code.py\n"), "a .py file for the pager: \(opened)")
        session.waitFor("the transcript back after the pager") { $0.contains("▶ Assistant") && $0.contains("┌─────┬") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    func testWithRenderMarkdownFalseTheSourceShows() throws {
        let session = try start(config: "render_markdown = false\n")
        let screen = session.waitFor("the whole answer", timeout: 15) { $0.contains("That is all.") && !$0.contains("Esc cancel") }
        for raw in ["# Weekly plan", "Here is **the plan** for the *week*:", "```python", "| Day | Task | Hours |", "|:----|"] {
            XCTAssertTrue(screen.contains(raw), "\(raw) is not on the screen:\n\(screen)")
        }
        XCTAssertFalse(screen.contains("┌─────┬") || screen.contains("[1]"), "no table box, no code label:\n\(screen)")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
