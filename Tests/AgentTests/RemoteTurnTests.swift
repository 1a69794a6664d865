import XCTest
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// Whole turns against the loopback peer through the real engine: what ends up in the database.
final class RemoteTurnTests: XCTestCase {
    private func agent(_ database: AppDatabase) throws -> Agent { try PeerAgents.agent(database: database) }

    private func runTurn(_ text: String) async throws -> (Message, AppDatabase, [AgentEvent]) {
        let database = try AppDatabase.temporary()
        let agent = try agent(database)
        let conversation = try database.createConversation(title: "t", provider: agent.provider.id, model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: text)
        let events = EventLog()
        let message = try await withDeadline(20) { await agent.run(turn, emit: { events.add($0) }) }
        return (message, database, events.all)
    }

    func testAnswerIsStoredWithUsageAndCost() async throws {
        let (message, database, events) = try await runTurn("hi")
        XCTAssertEqual(message.status, .complete)
        // The end of the model's stream is announced after its last words and before the (stored) end of the turn.
        let kinds = events.map { event -> String in
            switch event {
            case .textDelta: return "text"
            case .modelCallEnded(let id): return id == message.id ? "ended" : "ended elsewhere"
            case .finished: return "finished"
            default: return "other"
            }
        }.filter { $0 != "other" }
        XCTAssertEqual(kinds.suffix(2), ["ended", "finished"])
        XCTAssertEqual(kinds.first, "text")
        let stored = try XCTUnwrap(try database.message(id: message.id!))
        XCTAssertEqual(stored.content, "Hello from the loopback server: café, naïve, 日本語 and 🙂 — all in one answer.")
        XCTAssertEqual(stored.provider, "openai")
        XCTAssertEqual(stored.outputTokens, 19, "the peer counts one token per piece")
        let input = try XCTUnwrap(stored.inputTokens)
        XCTAssertGreaterThan(input, 0)
        let expectedCost = (Double(input) * 0.40 + 19 * 1.60) / 1_000_000   // gpt-4.1-mini's price per million
        XCTAssertEqual(stored.cost ?? 0, expectedCost, accuracy: 1e-12)
        let totals = try database.usageTotals(conversationId: stored.conversationId)
        XCTAssertEqual(totals, UsageTotals(inputTokens: input, outputTokens: 19, cost: stored.cost!, answers: 1))
        let rows = try database.usageByDay()
        XCTAssertEqual(rows.map(\.provider), ["openai"])
        XCTAssertEqual(rows.first?.model, "gpt-4.1-mini")
    }

    /// The TUI holds the turn there until the last words are on screen: by then every word was
    /// emitted and the answer is not stored yet; once the hook returns, it is.
    func testBeforeStoringRunsAfterTheLastWordsAndBeforeTheAnswerIsStored() async throws {
        let database = try AppDatabase.temporary()
        let agent = try agent(database)
        let conversation = try database.createConversation(title: "t", provider: agent.provider.id, model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: "hi")
        let events = EventLog()
        let hook = HookRecord()
        let message = try await withDeadline(20) {
            await agent.run(turn, emit: { events.add($0) }, beforeStoring: {
                hook.record(emitted: events.all, stored: try? database.message(id: turn.assistant.id!))
            })
        }
        XCTAssertEqual(message.status, .complete)
        let calls = hook.calls
        XCTAssertEqual(calls.count, 1, "one model call, one wait")
        let (emitted, stored) = try XCTUnwrap(calls.first)
        XCTAssertEqual(stored?.status, .streaming, "not stored before the hook returns")
        guard case .modelCallEnded? = emitted.last else { return XCTFail("the end of the model call is the last event before it") }
        let after = events.all.dropFirst(emitted.count)
        XCTAssertTrue(after.allSatisfy { if case .step = $0 { return true }; if case .finished = $0 { return true }; return false },
                      "after it come only the closing steps (stored now) and .finished: \(after)")
        guard case .finished? = after.last else { return XCTFail("the turn ends with .finished") }
        XCTAssertEqual(try database.message(id: message.id!)?.status, .complete)
    }

    private final class HookRecord: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [([AgentEvent], Message?)] = []
        func record(emitted: [AgentEvent], stored: Message?) { lock.withLock { items.append((emitted, stored)) } }
        var calls: [([AgentEvent], Message?)] { lock.withLock { items } }
    }

    func testDropMidStreamKeepsPartialTextMarkedInterrupted() async throws {
        let (message, database, _) = try await runTurn("hi [fault:drop]")
        XCTAssertEqual(message.status, .interrupted)
        let stored = try XCTUnwrap(try database.message(id: message.id!))
        XCTAssertEqual(stored.status, .interrupted)
        XCTAssertFalse(stored.content.isEmpty)
        let sentence = "Hello from the loopback server: café, naïve, 日本語 and 🙂 — all in one answer."
        XCTAssertTrue(sentence.hasPrefix(stored.content) && stored.content != sentence, stored.content)
        XCTAssertTrue(stored.errorText?.contains("partial answer is kept") == true, stored.errorText ?? "")
    }

    func testRejectedKeyBeforeOutputIsAnErrorThatSaysWhatToDo() async throws {
        let (message, _, _) = try await runTurn("hi [fault:401]")
        XCTAssertEqual(message.status, .error)
        XCTAssertEqual(message.content, "")
        XCTAssertTrue(message.errorText?.contains("OPENAI_API_KEY") == true, message.errorText ?? "")
    }

    /// The front end's words for asking again follow a failure worth another try (the TUI's
    /// "Press r …"), never one that needs a fix first; without them (`ask`) none are added.
    func testTheRetryHintFollowsOnlyFailuresWorthAskingAgain() async throws {
        for (text, hinted) in [("hi [fault:500]", true), ("hi [fault:drop]", true), ("hi [fault:401]", false), ("hi [fault:400]", false)] {
            let database = try AppDatabase.temporary()
            let agent = try agent(database)
            let conversation = try database.createConversation(title: "t", provider: agent.provider.id, model: agent.model)
            for hint in ["HINT.", nil] {
                let turn = try agent.startTurn(conversationId: conversation.id!, userText: text)
                let message = try await withDeadline(20) { await agent.run(turn, emit: { _ in }, retryHint: hint) }
                let errorText = try XCTUnwrap(message.errorText, text)
                XCTAssertEqual(errorText.hasSuffix(" HINT."), hint != nil && hinted, "\(text): \(errorText)")
                XCTAssertEqual(try database.message(id: message.id!)?.errorText, errorText, "stored as shown")
            }
        }
        let database = try AppDatabase.temporary()
        let agent = try agent(database)
        let turn = try agent.startTurn(conversationId: try database.createConversation().id!, userText: "go [script:long:2000:50]")
        let task = Task { await agent.run(turn, emit: { _ in }, retryHint: "HINT.") }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let cancelled = try await withDeadline(10) { await task.value }
        XCTAssertEqual(cancelled.errorText, "Cancelled. HINT.")
    }

    func testRetryWaitReachesTheCaller() async throws {
        let (message, _, events) = try await runTurn("hi [script:text:3] [fault:429-once:0]")
        XCTAssertEqual(message.status, .complete)
        XCTAssertEqual(message.content, "Hello from the")
        let waits = events.compactMap { if case .waiting(let s, let r) = $0 { return (s, r) } else { return nil } }
        XCTAssertEqual(waits.map(\.0), [0])
        XCTAssertTrue(waits.first?.1.contains("rate limiting") == true, waits.first?.1 ?? "")
    }
}
