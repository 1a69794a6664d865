import Foundation
import XCTest
import TestSupport

/// Each conversation answers with its own model, across a restart: the binary in tmux against
/// the loopback peer, whose received requests show the model of each question.
final class TUIConversationModelTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    private func start() throws -> TmuxSession {
        let session = TmuxSession(home: home)
        try session.start(width: 140, height: 30, environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"])
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        return session
    }

    /// Asks and waits for this answer: one more on the screen than before (a reopened
    /// conversation already shows an earlier one), and nothing streaming.
    private func ask(_ session: TmuxSession, _ text: String) throws {
        let answer = "Hello from the loopback"
        let before = session.screen().components(separatedBy: answer).count
        try session.type(text)
        try session.press("Enter")
        session.waitFor("the answer to \(text)", timeout: 15) {
            $0.components(separatedBy: answer).count > before && !$0.contains("Esc cancel")
        }
    }

    /// The model of the request whose last user message is `text`.
    private func model(askedWith text: String) throws -> String? {
        let bodies = try Self.peer.get().requests().compactMap { $0["body"] as? [String: Any] }
        let body = bodies.last { body in
            ((body["messages"] as? [[String: Any]])?.last?["content"] as? String) == text
        }
        return body?["model"] as? String
    }

    func testTwoConversationsKeepTheirModelsAcrossARestart() throws {
        try "provider = \"openai\"\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        var session = try start()
        try session.type("/model model-a")
        try session.press("Enter")
        try ask(session, "tmux question for A")
        try session.press("C-n")
        session.waitFor("the default model again") { $0.contains(" gpt-4.1-mini ") }
        try session.type("/model model-b")
        try session.press("Enter")
        try ask(session, "tmux question for B")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        // Reopened at start: the last one, B, with its model; then A from the list, with its own.
        session = try start()
        session.waitFor("B's model in the status bar") { $0.contains(" model-b ") }
        try ask(session, "tmux B after the restart")
        try session.press("C-o")
        session.waitFor("the list") { $0.contains("Ctrl-N new · Esc close") }
        try session.press("Down")
        try session.press("Enter")
        session.waitFor("A's model in the status bar") { $0.contains(" model-a ") && !$0.contains("Conversations") }
        try ask(session, "tmux A after the restart")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        XCTAssertEqual(try model(askedWith: "tmux question for A"), "model-a")
        XCTAssertEqual(try model(askedWith: "tmux question for B"), "model-b")
        XCTAssertEqual(try model(askedWith: "tmux B after the restart"), "model-b")
        XCTAssertEqual(try model(askedWith: "tmux A after the restart"), "model-a")
    }
}
