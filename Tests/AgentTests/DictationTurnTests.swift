import XCTest
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// A spoken question (`Dictation`) is noted as the first step of its answer's timeline, stored
/// with the answer as every step is, and the turn runs as a typed one.
final class DictationTurnTests: XCTestCase {
    private func run(_ dictation: Dictation?) async throws -> (Message, [TimelineStep], [AgentEvent], AppDatabase) {
        let database = try AppDatabase.temporary()
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: ToolRegistry.builtIn(), database: database)
        let conversation = try database.createConversation(title: "t", provider: agent.provider.id, model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: "remind me to call mom tomorrow at 5pm",
                                       dictation: dictation)
        XCTAssertEqual(turn.dictation, dictation)
        let events = EventLog()
        let message = try await withDeadline(30) {
            await agent.run(turn, now: Date(timeIntervalSince1970: 1_795_392_000), timeZone: TimeZone(identifier: "UTC")!,
                            emit: { events.add($0) })
        }
        let steps = try database.timelineSteps(messageIds: [message.id!])[message.id!] ?? []
        return (message, steps, events.all, database)
    }

    func testTheDictatedStepComesFirstAndIsStored() async throws {
        let (message, steps, events, database) = try await run(Dictation(seconds: 2.86, endpoint: "OpenAI", transcriptionSeconds: 0.7))
        XCTAssertEqual(message.status, .complete)
        let first = try XCTUnwrap(steps.first)
        XCTAssertEqual(first.kind, .dictated)
        XCTAssertEqual(first.position, 0)
        XCTAssertEqual(first.title, "dictated")
        XCTAssertEqual(first.detail, "2.9 s · OpenAI")
        XCTAssertEqual(first.status, .done)
        XCTAssertEqual(first.duration ?? 0, 0.7, accuracy: 0.001)
        XCTAssertEqual(steps.filter { $0.kind == .dictated }.count, 1)
        guard case .step(let emitted) = events.first else { return XCTFail("the step is emitted first: \(events.first as Any)") }
        XCTAssertEqual(emitted.kind, .dictated)
        XCTAssertEqual(try database.tasks(on: CivilDate(year: 2026, month: 11, day: 24)).map(\.title), ["Call mom"])
    }

    func testATypedQuestionHasNoSuchStep() async throws {
        let (_, steps, _, _) = try await run(nil)
        XCTAssertFalse(steps.isEmpty)
        XCTAssertFalse(steps.contains { $0.kind == .dictated })
        XCTAssertNil(Dictation(seconds: nil, endpoint: "http://127.0.0.1:8000/v1").seconds)
        XCTAssertEqual(Dictation(seconds: nil, endpoint: "http://127.0.0.1:8000/v1").detail, "http://127.0.0.1:8000/v1")
    }
}
