import XCTest
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// `toolsets` in config.toml: a turned-off toolset's tools are never offered (not even with
/// offer_all_tools), and a model that calls one anyway gets a refusal in the timeline.
final class ToolsetsTests: XCTestCase {
    private let noCalendar = Set(Toolset.builtInNames).subtracting(["calendar"])

    func testADisabledToolIsRefusedAndNothingIsStored() async throws {
        let database = try AppDatabase.temporary()
        let agent = try PeerAgents.agent(database: database, tools: .builtIn(enabled: noCalendar))
        let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
        // The peer's scripted model calls create_task whatever it was offered.
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: "please [script:agent:two-step]")
        let events = EventLog()
        let message = try await withDeadline(30) {
            await agent.run(turn, now: Date(timeIntervalSince1970: 1_795_392_000), timeZone: TimeZone(identifier: "UTC")!,
                            approve: { _, _ in true }, emit: { events.add($0) })
        }
        XCTAssertEqual(try database.tasks(on: CivilDate(year: 2026, month: 11, day: 25)), [])
        let calls = try database.toolCalls(messageId: message.id!)
        XCTAssertEqual(calls.map(\.name), ["create_task"])
        XCTAssertEqual(calls.first?.isError, true)
        let steps = try database.timelineSteps(messageIds: [message.id!])[message.id!] ?? []
        let failed = steps.first { $0.kind == .toolCall }
        XCTAssertEqual(failed?.status, .failed)
        let refusal = steps.map(\.detail).joined(separator: "\n")
        XCTAssertTrue(refusal.contains("create_task is turned off: the 'calendar' toolset is not enabled"), refusal)
    }

    func testDisabledToolsetsAreNotOfferedEvenWithOfferAll() async throws {
        for offerAll in [false, true] {
            let database = try AppDatabase.temporary()
            var config = AgentConfig()
            config.offerAllTools = offerAll
            let agent = try PeerAgents.agent(database: database, tools: .builtIn(enabled: noCalendar), config: config)
            let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
            let turn = try agent.startTurn(conversationId: conversation.id!, userText: "add a meeting to my calendar [script:text:3]")
            _ = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
            let tools = (try PeerAgents.lastRequestBody()["tools"] as? [[String: Any]]) ?? []
            let names = Set(tools.compactMap { ($0["function"] as? [String: Any])?["name"] as? String })
            XCTAssertTrue(names.isDisjoint(with: Toolset.calendar.tools.map(\.definition.name)), "offerAll \(offerAll): \(names)")
            if offerAll { XCTAssertEqual(names.count, ToolRegistry.builtIn().definitions.count - Toolset.calendar.tools.count) }
        }
    }
}
