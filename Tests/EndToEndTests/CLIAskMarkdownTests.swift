import Foundation
import XCTest
import TestSupport

/// `aihelper ask` draws the answer as Markdown on a terminal (in tmux) and writes its source
/// to a pipe, with `--raw` and with `NO_COLOR` (docs/markdown.md, In `aihelper ask`).
final class CLIAskMarkdownTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }
    private let question = "pack [script:md-ask]"

    private func environment() throws -> [String: String] {
        ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"]
    }

    /// The answer the peer sent for the last request, as it sent it.
    private func lastAnswer() throws -> String {
        let reply = try XCTUnwrap(try Self.peer.get().control("/_last_request")["reply"] as? [String: Any])
        return try XCTUnwrap(reply["text"] as? String)
    }

    func testAPipeGetsTheMarkdownSourceUnchanged() throws {
        let cli = CLIRunner(home: home)
        for extra in [[], ["--raw"]] {
            let result = try cli.run(["ask", "--provider", "openai"] + extra + [question],
                                     environment: try environment().merging(["TERM": "xterm-256color"]) { $1 })
            XCTAssertEqual(result.status, 0, result.err)
            let source = try lastAnswer()
            XCTAssertTrue(source.contains("**three**") && source.contains("| --- |") && source.contains("```python"), source)
            XCTAssertEqual(result.out, source + "\n", "\(extra)")
        }
    }

    /// Runs `ask` in a tmux terminal 60 columns wide; returns the screen as text and with its styles.
    private func askInTmux(_ extra: [String] = [], environment more: [String: String] = [:]) throws -> (text: String, styled: String) {
        let session = TmuxSession(home: home)
        let env = try environment().merging(["AIHELPER_HOME": home, "HOME": home, "LANG": "C.UTF-8", "TERM": "xterm-256color"]) { $1 }
            .merging(more) { $1 }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        let ask = ([TmuxSession.binary, "ask", "--provider", "openai"] + extra + [question]).map(TmuxSession.quote).joined(separator: " ")
        // The pause lets tmux size the pane before anything is written; the shell stays to be read.
        // NO_COLOR and COLORTERM of the test run itself (`swift test` may set NO_COLOR) are not passed on.
        try session.tmux(["new-session", "-d", "-x", "60", "-y", "40", "-s", "main",
                          "sleep 0.3; env -u NO_COLOR -u COLORTERM \(assignments) \(ask); echo \"[exit $?]\"; sleep 60"])
        let text = session.waitFor(text: "[exit 0]", timeout: 30)
        let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", "main"])
        _ = try? session.tmux(["kill-server"])
        return (text, styled)
    }

    func testATerminalShowsTheAnswerDrawn() throws {
        let (screen, styled) = try askInTmux()
        for drawn in ["Packing list\n════════════", "Take three things and one spare:", "• passport", "┌───────┬───────┐",
                      "│ socks │     4 │", "See the guide (https://example.com/guide)."] {
            XCTAssertTrue(screen.contains(drawn), "\(drawn)\n\(screen)")
        }
        for raw in ["**", "# Packing", "```", "| --- |", "[the guide]"] {
            XCTAssertFalse(screen.contains(raw), "\(raw)\n\(screen)")
        }
        // The code line is wider than the terminal: written whole, wrapped by the terminal.
        XCTAssertTrue(screen.contains(" print(\"ok\")  # a comment that is long enough to be wider th\nan forty columns"), screen)
        XCTAssertTrue(styled.contains("\u{1B}[1mthree"), "bold: \(styled)")
    }

    func testRawAndNoColorShowTheSourceOnATerminal() throws {
        for (extra, env) in [(["--raw"], [String: String]()), ([], ["NO_COLOR": "1"])] {
            let (screen, _) = try askInTmux(extra, environment: env)
            XCTAssertTrue(screen.contains("Take **three** things and *one* spare:"), screen)
            XCTAssertTrue(screen.contains("| --- | ---: |"), screen)
            XCTAssertFalse(screen.contains("┌"), screen)
        }
    }

    func testRenderMarkdownFalseShowsTheSourceOnATerminal() throws {
        try "render_markdown = false\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let (screen, _) = try askInTmux()
        XCTAssertTrue(screen.contains("Take **three** things and *one* spare:"), screen)
        XCTAssertFalse(screen.contains("┌"), screen)
    }
}
