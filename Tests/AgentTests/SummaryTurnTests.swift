import XCTest
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// `/summarize` (a model's JSON through the loopback peer, its plain-text fallback, the Offline
/// assistant's extractive summary) and the automatic summary of older messages.
final class SummaryTurnTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_435_200)

    private func run(_ agent: Agent, conversation: Int64, _ text: String) async throws -> (Message, [AgentEvent]) {
        let turn = try agent.startTurn(conversationId: conversation, userText: text)
        let events = EventLog()
        let now = self.now
        let message = try await withDeadline(20) {
            await agent.run(turn, now: now, timeZone: TimeZone(identifier: "UTC")!, emit: { events.add($0) })
        }
        return (message, events.all)
    }

    private func seed(_ database: AppDatabase, _ pairs: [(String, String)]) throws -> Int64 {
        let id = try database.createConversation().id!
        for (question, answer) in pairs {
            _ = try database.appendMessage(Message(conversationId: id, role: .user, content: question))
            _ = try database.appendMessage(Message(conversationId: id, role: .assistant, content: answer))
        }
        return id
    }

    func testAModelsJSONBecomesTheStoredSummary() async throws {
        let database = try AppDatabase.temporary()
        let conversation = try seed(database, [("plan my trip to Lisbon [script:json:summary]", "Tuesday flights are cheaper.")])
        let (message, _) = try await run(try PeerAgents.agent(database: database), conversation: conversation, "/summarize")
        XCTAssertEqual(message.status, .complete, message.errorText ?? "")
        let stored = try XCTUnwrap(try database.summaries(shownBy: [message.id!])[message.id!])
        XCTAssertEqual(stored.summary.title, "Trip to Lisbon")
        XCTAssertEqual(stored.summary.actionItems, ["Book the Tuesday flight", "Renew the passport"])
        XCTAssertEqual(stored.kind, .manual)
        XCTAssertEqual(message.content, stored.summary.text(actionItemsHeading: SummaryTurn.actionItemsHeading), "the answer shows the summary built from the fields, not the JSON")
        let body = try PeerAgents.lastRequestBody()
        XCTAssertNil(body["tools"], "a summary offers no tools")
        let messages = body["messages"] as? [[String: Any]] ?? []
        XCTAssertTrue((messages.first?["content"] as? String)?.contains("\"key_insights\"") == true)
        XCTAssertTrue((messages.last?["content"] as? String)?.contains("Assistant: Tuesday flights are cheaper.") == true)
    }

    func testAReplyWithoutJSONIsKeptAsPlainText() async throws {
        let database = try AppDatabase.temporary()
        let conversation = try seed(database, [("tell me a story [script:text:3]", "Once upon a time.")])
        let (message, _) = try await run(try PeerAgents.agent(database: database), conversation: conversation, "/summarize")
        XCTAssertEqual(message.status, .complete)
        let stored = try XCTUnwrap(try database.summaries(shownBy: [message.id!])[message.id!])
        XCTAssertNotNil(stored.summary.plainText)
        XCTAssertTrue(message.content.hasPrefix("Summary\n\n"), message.content)
    }

    func testOfflineWritesAnExtractiveSummaryWithTheUsersActionItems() async throws {
        let database = try AppDatabase.temporary()
        let conversation = try seed(database, [
            ("I need to renew my passport before the trip.", "Passport renewal takes about three weeks, so start the passport form soon."),
            ("Also remind me to book the hotel", "The hotel near the river has rooms in May."),
        ])
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: .builtIn(), database: database)
        let (message, _) = try await run(agent, conversation: conversation, "/summarize")
        let summary = try XCTUnwrap(try database.summaries(shownBy: [message.id!])[message.id!]?.summary)
        XCTAssertEqual(summary.title, "I need to renew my passport before the trip.")
        XCTAssertEqual(summary.actionItems, ["Renew my passport before the trip", "Book the hotel"])
        XCTAssertTrue(summary.mainThemes.contains("passport"), "\(summary.mainThemes)")
        XCTAssertTrue(summary.keyInsights.contains("Passport renewal takes about three weeks, so start the passport form soon."))
        let again = try await run(agent, conversation: conversation, "/summarize").0
        let second = try XCTUnwrap(try database.summaries(shownBy: [again.id!])[again.id!]?.summary)
        XCTAssertEqual(second, summary, "a summary does not summarize the earlier /summarize")
    }

    func testNothingToSummarizeSaysWhatToDo() async throws {
        let database = try AppDatabase.temporary()
        let conversation = try database.createConversation().id!
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: .builtIn(), database: database)
        let (message, _) = try await run(agent, conversation: conversation, "/summarize")
        XCTAssertEqual(message.status, .error)
        XCTAssertEqual(message.errorText, "Nothing to summarize yet: write a few messages first, then /summarize.")
    }

    func testOlderMessagesThatDoNotFitAreSummarizedOnceAndGoIntoTheSystemPrompt() async throws {
        let database = try AppDatabase.temporary()
        // 30 long turns: far more than a third of the default 8,192-token window.
        let filler = String(repeating: "The garden needs water and the roses need pruning in spring. ", count: 20)
        let conversation = try seed(database, (1...30).map { ("question \($0) about the garden [script:text:2]", filler) })
        // A model the catalog does not know gets the default 8,192-token window.
        var config = AgentConfig(model: "small-local-model")
        config.autoSummaryThreshold = 0.3
        let agent = try PeerAgents.agent(database: database, config: config)
        let (first, events) = try await run(agent, conversation: conversation, "and the tulips? [script:text:2]")
        XCTAssertEqual(first.status, .complete, first.errorText ?? "")
        let stored = try XCTUnwrap(try database.latestAutoSummary(conversationId: conversation))
        let announced = events.contains { if case .summarized(conversation, stored.coversThroughId) = $0 { return true }; return false }
        XCTAssertTrue(announced)
        let system = ((try PeerAgents.lastRequestBody()["messages"] as? [[String: Any]])?.first?["content"] as? String) ?? ""
        XCTAssertTrue(system.contains("Summary of the earlier part of this conversation"), system)
        XCTAssertTrue(system.contains("garden"), "the summary is of the conversation")

        _ = try await run(agent, conversation: conversation, "and the lilies? [script:text:2]")
        let count = try await database.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM conversationSummary WHERE kind = 'auto'") }
        XCTAssertEqual(count, 1, "the stored summary is reused, not written again every turn")
    }

    /// After every turn, each message the model was not sent is covered by the summary it was
    /// sent: whether messages fall out of the 40-message history (here 6) or out of a small
    /// window, and though the summary is not rewritten every turn.
    func testEverythingLeftOutOfTheContextIsCoveredByTheSummarySent() async throws {
        let long = String(repeating: "The orchard needs pruning before the frost arrives this year. ", count: 30)
        for (historyLimit, answer, turns) in [(6, "Noted.", 8), (40, long, 6)] {
            let database = try AppDatabase.temporary()
            let conversation = try seed(database, (1...8).map { ("question \($0) about the orchard [script:text:2]", "\(answer) (\($0))") })
            var config = AgentConfig(model: "small-local-model", historyLimit: historyLimit)
            config.autoSummaryThreshold = 0.9
            let agent = try PeerAgents.agent(database: database, config: config)
            var written = Set<Int64>()
            for turn in 1...turns {
                let (message, _) = try await run(agent, conversation: conversation, "and turn \(turn)? [script:text:2]")
                XCTAssertEqual(message.status, .complete, message.errorText ?? "")
                let sent = try XCTUnwrap(try PeerAgents.lastRequestBody()["messages"] as? [[String: Any]])
                let system = sent.first?["content"] as? String ?? ""
                // The history before this turn's question, oldest first; the last `sent.count - 2` went to the model.
                let history = try database.messages(conversationId: conversation).filter { $0.id! < message.id! - 1 }
                let leftOut = history.dropLast(sent.count - 2)
                guard let newestLeftOut = leftOut.last?.id else { continue }
                let summary = try XCTUnwrap(try database.latestAutoSummary(conversationId: conversation), "limit \(historyLimit), turn \(turn)")
                XCTAssertGreaterThanOrEqual(summary.coversThroughId, newestLeftOut,
                                            "limit \(historyLimit), turn \(turn): message \(newestLeftOut) left the context uncovered")
                XCTAssertTrue(system.contains(String(summary.summary.text.prefix(200))), "the stored summary is the one sent")
                written.insert(summary.id)
            }
            XCTAssertLessThan(written.count, turns, "limit \(historyLimit): not rewritten every turn")
        }
    }

    func testAShortConversationIsNotSummarized() async throws {
        let database = try AppDatabase.temporary()
        let conversation = try seed(database, [("hi [script:text:2]", "Hello.")])
        _ = try await run(try PeerAgents.agent(database: database), conversation: conversation, "how are you [script:text:2]")
        XCTAssertNil(try database.latestAutoSummary(conversationId: conversation))
        let system = ((try PeerAgents.lastRequestBody()["messages"] as? [[String: Any]])?.first?["content"] as? String) ?? ""
        XCTAssertFalse(system.contains("Summary of the earlier part"))
    }
}
