import Foundation
import XCTest
import Core
import Providers
import Storage
import TestSupport
@testable import Agent

/// A turn with pictures against the loopback peer: the question's pictures are sent, those of
/// the newest earlier message with pictures again, and older ones only named (docs/images.md).
final class ImageTurnTests: XCTestCase {
    func image(_ name: String, _ data: Data) throws -> ImageAttachment {
        try ImageAttachment(name: name, data: data, maxBytes: 1 << 20)
    }

    func userContent(_ body: [String: Any]) -> [Any] {
        (body["messages"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "user" }.map { $0["content"] ?? "" }
    }

    func testTheNewestPicturesAreSentAgainAndOlderOnesNamed() async throws {
        let database = try AppDatabase.temporary()
        let agent = try PeerAgents.agent(database: database)
        let conversation = try database.createConversation().id!
        let first = TestImages.png(width: 2, height: 2), second = TestImages.gif(width: 3, height: 3), third = TestImages.jpeg()
        for (text, data, name) in [("one", first, "first.png"), ("two", second, "second.gif"), ("three", third, "third.jpg")] {
            let turn = try agent.startTurn(conversationId: conversation, userText: "image turn \(text)", images: [try image(name, data)])
            let answer = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
            XCTAssertEqual(answer.status, .complete, answer.errorText ?? "")
        }
        let contents = userContent(try PeerAgents.lastRequestBody())
        XCTAssertEqual(contents.count, 3)
        XCTAssertEqual(contents[0] as? String, "image turn one\n[image first.png, 2×2, not sent again]")
        let urls = contents.dropFirst().map { content in
            (content as? [[String: Any]] ?? []).compactMap { ($0["image_url"] as? [String: Any])?["url"] as? String }
        }
        XCTAssertEqual(urls, [["data:image/gif;base64," + second.base64EncodedString()],
                              ["data:image/jpeg;base64," + third.base64EncodedString()]])
    }

    func testAMessageOfPicturesAloneIsSent() async throws {
        let database = try AppDatabase.temporary()
        let agent = try PeerAgents.agent(.anthropic, database: database)
        let conversation = try database.createConversation().id!
        let turn = try agent.startTurn(conversationId: conversation, userText: "", images: [try image("p.png", TestImages.png())])
        let answer = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
        XCTAssertEqual(answer.status, .complete, answer.errorText ?? "")
        let blocks = userContent(try PeerAgents.lastRequestBody()).last as? [[String: Any]]
        XCTAssertEqual(blocks?.map { $0["type"] as? String }, ["image"])
    }
}
