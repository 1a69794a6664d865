import XCTest
import Core
import Providers
import Storage
import TestSupport
@testable import Agent

/// The model's title after the first exchange, against the loopback peer.
final class ConversationTitlerTests: XCTestCase {
    func testTheModelsAnswerBecomesTheTitle() async throws {
        let agent = try PeerAgents.agent(database: try AppDatabase.temporary())
        let title = try await withDeadline(20) {
            await ConversationTitler.suggest(provider: agent.provider, model: agent.model,
                                             question: "plan a trip to Japan [script:text:3]", answer: "Sure: Kyoto first.")
        }
        XCTAssertEqual(title, "Hello from the")
        let body = try PeerAgents.lastRequestBody()
        let messages = try XCTUnwrap(body["messages"] as? [[String: Any]])
        XCTAssertTrue((messages.first?["content"] as? String)?.contains("at most six words") ?? false, "the instruction goes first: \(messages)")
        XCTAssertTrue((messages.last?["content"] as? String)?.contains("Answer: Sure: Kyoto first.") ?? false)
        XCTAssertNil(body["tools"], "no tools for a title")
    }

    func testAFailureOrTheOfflineAssistantKeepsTheHeuristicTitle() async throws {
        let agent = try PeerAgents.agent(database: try AppDatabase.temporary())
        let failed = try await withDeadline(20) {
            await ConversationTitler.suggest(provider: agent.provider, model: agent.model, question: "hi [fault:401]", answer: "x")
        }
        XCTAssertNil(failed)
        let offline = await ConversationTitler.suggest(provider: OfflineProvider(wordDelay: .zero), model: "offline-assistant",
                                                       question: "hi", answer: "Hello")
        XCTAssertNil(offline)
    }

    /// A fallback chain is not walked for a title: its first provider failing leaves the
    /// heuristic title, not the Offline assistant's note.
    func testAFallbackChainIsNotWalkedForATitle() async throws {
        let agent = try PeerAgents.agent(database: try AppDatabase.temporary())
        let chain = FallbackProvider(chain: [agent.provider, OfflineProvider(wordDelay: .zero)])
        let failed = try await withDeadline(20) {
            await ConversationTitler.suggest(provider: chain, model: agent.model, question: "hi [fault:401]", answer: "x")
        }
        XCTAssertNil(failed)
        let title = try await withDeadline(20) {
            await ConversationTitler.suggest(provider: chain, model: agent.model, question: "trip [script:text:3]", answer: "x")
        }
        XCTAssertEqual(title, "Hello from the")
    }
}
