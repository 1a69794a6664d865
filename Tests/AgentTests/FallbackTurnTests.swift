import XCTest
import Synchronization
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// A turn with `fallback = true`: the chain is walked once, and the provider that answered
/// answers the turn's later model calls and is recorded with the answer.
final class FallbackTurnTests: XCTestCase {
    /// A provider that is never reachable, counting how often it is asked.
    final class Unreachable: ChatProvider {
        let asked = Mutex(0)
        var id: String { "openai" }
        var displayName: String { "OpenAI" }
        var defaultModel: String { "gpt-4.1-mini" }
        func stream(_ request: ChatRequest) -> AsyncThrowingStream<StreamEvent, Error> {
            asked.withLock { $0 += 1 }
            return AsyncThrowingStream { $0.finish(throwing: ProviderError(.network, "Could not reach OpenAI: refused.")) }
        }
    }

    func testATurnKeepsToTheProviderThatAnsweredAndSaysSoOnce() async throws {
        let database = try AppDatabase.temporary()
        let down = Unreachable()
        let missing = ProviderError(.missingKey, "No API key for Anthropic.")
        let chain = FallbackProvider(chain: [down, OfflineProvider(wordDelay: .zero)], skipped: [("Anthropic", missing)])
        let agent = Agent(provider: chain, tools: .builtIn(), database: database)
        let conversation = try database.createConversation().id!

        let events = EventLog()
        let turn = try agent.startTurn(conversationId: conversation, userText: "what's on this week")
        let message = try await withDeadline(20) { await agent.run(turn, emit: { events.add($0) }) }
        XCTAssertEqual(message.status, .complete, message.errorText ?? "")
        let modelCalls = events.all.filter { if case .modelCallEnded = $0 { return true } else { return false } }.count
        XCTAssertEqual(modelCalls, 2, "a tool call, then the answer")
        XCTAssertEqual(down.asked.withLock { $0 }, 1, "the chain is walked once a turn, not once a model call")
        XCTAssertEqual(message.content.components(separatedBy: "is unavailable").count - 1, 2,
                       "each note once (Anthropic skipped, OpenAI down): \(message.content)")
        let answering = events.all.compactMap { if case .answering(let id, _) = $0 { return id } else { return nil } }
        XCTAssertEqual(answering.first, "openai")
        XCTAssertEqual(answering.last, "offline", "the screen is told who answers")
        let stored = try XCTUnwrap(try database.message(id: message.id!))
        XCTAssertEqual(stored.provider, "offline", "the answer records who answered")
        XCTAssertEqual(stored.model, "offline-assistant")

        // The next turn tries the chosen provider again: it may be back.
        let next = try agent.startTurn(conversationId: conversation, userText: "help")
        _ = try await withDeadline(20) { await agent.run(next, emit: { _ in }) }
        XCTAssertEqual(down.asked.withLock { $0 }, 2)
    }
}
