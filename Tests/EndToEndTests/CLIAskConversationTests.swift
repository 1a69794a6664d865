import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// `aihelper ask --conversation ID`: the binary continues a stored conversation against the
/// loopback peer: its history goes as context, its model answers unless the flags say
/// otherwise, and the question and answer are added to it.
final class CLIAskConversationTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }
    private var cli: CLIRunner { CLIRunner(home: home) }

    private func environment() throws -> [String: String] {
        ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"]
    }

    private func lastBody() throws -> [String: Any] {
        try XCTUnwrap(try Self.peer.get().control("/_last_request")["body"] as? [String: Any])
    }

    func testAskContinuesAStoredConversationWithItsModel() throws {
        let first = try cli.run(["ask", "--provider", "openai", "--model", "model-a", "first question"], environment: environment())
        XCTAssertEqual(first.status, 0, first.err)
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let conversation = try XCTUnwrap(db.latestConversation())
        XCTAssertEqual(conversation.model, "model-a")

        // No flags: the conversation's own provider and model, its history as context.
        let next = try cli.run(["ask", "--conversation", "\(conversation.id!)", "second question"], environment: environment())
        XCTAssertEqual(next.status, 0, next.err)
        var body = try lastBody()
        XCTAssertEqual(body["model"] as? String, "model-a")
        let contents = (body["messages"] as? [[String: Any]] ?? []).compactMap { $0["content"] as? String }
        XCTAssertTrue(contents.contains("first question"), "the history goes as context: \(contents)")
        XCTAssertEqual(contents.last, "second question")
        let messages = try db.messages(conversationId: conversation.id!)
        XCTAssertEqual(messages.filter { $0.role == .user }.map(\.content), ["first question", "second question"])
        XCTAssertEqual(messages.last?.status, .complete)
        XCTAssertEqual(try db.conversations(limit: 10).count, 1, "no new conversation")

        // --model chooses for it from now on.
        let other = try cli.run(["ask", "--conversation", "\(conversation.id!)", "--model", "model-b", "third"], environment: environment())
        XCTAssertEqual(other.status, 0, other.err)
        body = try lastBody()
        XCTAssertEqual(body["model"] as? String, "model-b")
        XCTAssertEqual(try db.conversation(id: conversation.id!)?.model, "model-b")
    }

    func testAConversationThatDoesNotExistIsExitCodeTwo() throws {
        let result = try cli.run(["ask", "--conversation", "42", "hello"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("there is no conversation #42"), result.err)
    }
}
