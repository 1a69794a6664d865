import XCTest
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// Multi-step Reason-Act turns against the loopback peer's agent scenarios
/// (`[script:agent:NAME]`, Tests/Peers/peer_scripts.py), in the OpenAI and Anthropic formats,
/// through the real engine and the built-in tools on a real SQLite file.
final class AgentLoopTests: XCTestCase {
    private static let formats: [ProviderKind] = [.openai, .anthropic]

    private func agent(_ kind: ProviderKind, _ database: AppDatabase, stepLimit: Int = 6, offerAll: Bool = false,
                       filesFolder: URL? = nil, autoApprove: Bool = false) throws -> Agent {
        var config = AgentConfig(stepLimit: stepLimit)
        config.offerAllTools = offerAll
        config.filesFolder = filesFolder
        config.autoApprove = autoApprove
        return try PeerAgents.agent(kind, database: database, config: config)
    }

    private struct Outcome {
        var message: Message
        var database: AppDatabase
        var events: [AgentEvent]
        /// The steps as last emitted, by position.
        var steps: [TimelineStep] {
            var latest: [Int: TimelineStep] = [:]
            for case .step(let step) in events { latest[step.position] = step }
            return latest.keys.sorted().map { latest[$0]! }
        }
    }

    private func run(_ scenario: String, _ kind: ProviderKind, stepLimit: Int = 6, database: AppDatabase? = nil,
                     approve: Bool = false) async throws -> Outcome {
        try await run(text: "please [script:agent:\(scenario)]", kind, stepLimit: stepLimit, database: database, approve: approve)
    }

    private func run(text: String, _ kind: ProviderKind, stepLimit: Int = 6, database: AppDatabase? = nil,
                     approve: Bool = false) async throws -> Outcome {
        let database = try database ?? AppDatabase.temporary()
        let agent = try agent(kind, database, stepLimit: stepLimit)
        let conversation = try database.createConversation(title: "t", provider: agent.provider.id, model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: text)
        let events = EventLog()
        let message = try await withDeadline(30) {
            await agent.run(turn, now: Date(timeIntervalSince1970: 1_795_392_000), timeZone: TimeZone(identifier: "UTC")!,
                            approve: { _, _ in approve }, emit: { events.add($0) })
        }
        return Outcome(message: message, database: database, events: events.all)
    }

    /// The steps but the model calls (`testEachModelCallIsAStepWithItsTokens` checks those).
    private func summary(_ steps: [TimelineStep]) -> [String] {
        steps.filter { $0.kind != .modelCall }.map { "\($0.kind.rawValue) \($0.title) \($0.status.rawValue)" }
    }

    func testTwoStepToolUseStoresTheTaskAndAnswers() async throws {
        for kind in Self.formats {
            let o = try await run("two-step", kind)
            XCTAssertEqual(o.message.status, .complete, "\(kind)")
            XCTAssertEqual(o.message.content, "The dentist is on your calendar for Wednesday at 09:30.")
            let tasks = try o.database.tasks(on: CivilDate(year: 2026, month: 11, day: 25))
            XCTAssertEqual(tasks.map(\.title), ["Dentist"], "\(kind)")
            XCTAssertEqual(summary(o.steps), ["toolCall create_task done", "toolResult result done", "answer answer done"], "\(kind)")
            let calls = try o.database.toolCalls(messageId: o.message.id!)
            XCTAssertEqual(calls.map(\.name), ["create_task"])
            XCTAssertEqual(calls.first?.isError, false)
        }
    }

    func testParallelCallsInOneStepBothRunWithTheirOwnRows() async throws {
        for kind in Self.formats {
            let o = try await run("parallel", kind)
            XCTAssertEqual(o.message.status, .complete, "\(kind)")
            let titles = try o.database.tasks(from: CivilDate(year: 2026, month: 11, day: 25), to: CivilDate(year: 2026, month: 11, day: 26)).map(\.title)
            XCTAssertEqual(titles.sorted(), ["Dentist", "Gym"], "\(kind)")
            XCTAssertEqual(try o.database.toolCalls(messageId: o.message.id!).map(\.callId), ["call_1", "call_2"])
        }
    }

    func testAToolErrorGoesBackToTheModelWhichRecovers() async throws {
        for kind in Self.formats {
            let o = try await run("recover", kind)
            XCTAssertEqual(o.message.status, .complete, "\(kind)")
            XCTAssertEqual(summary(o.steps), ["toolCall create_task failed", "error error failed",
                                              "toolCall create_task done", "toolResult result done", "answer answer done"], "\(kind)")
            let calls = try o.database.toolCalls(messageId: o.message.id!)
            // The peer numbers calls from call_1 in every step: the second step's id is made unique.
            XCTAssertEqual(calls.map(\.callId), ["call_1", "call_1-2"], "\(kind)")
            XCTAssertEqual(calls.map(\.isError), [true, false])
            XCTAssertTrue(calls[0].result?.contains("title") == true, calls[0].result ?? "")
        }
    }

    func testThreeToolErrorsInARowStopWithAnExplanation() async throws {
        for kind in Self.formats {
            let o = try await run("errors", kind)
            XCTAssertNotEqual(o.message.status, .complete, "\(kind): a stop is no final answer")
            XCTAssertEqual(o.message.errorText, "Stopped after three tool errors in a row. Try rephrasing the request.")
            XCTAssertEqual(try o.database.message(id: o.message.id!)?.status, o.message.status, "stored as it ended")
            XCTAssertEqual(try o.database.toolCalls(messageId: o.message.id!).count, 3, "\(kind)")
            XCTAssertEqual(o.steps.last(where: { $0.kind == .error })?.title, "stopped")
        }
    }

    func testAModelThatKeepsCallingStopsAtTheStepLimit() async throws {
        for kind in Self.formats {
            let o = try await run("wander", kind, stepLimit: 3)
            XCTAssertNotEqual(o.message.status, .complete, "\(kind): a stop is no final answer")
            XCTAssertEqual(o.message.errorText, "Stopped at the step limit (3 model calls) before a final answer.")
            XCTAssertFalse(o.message.content.contains("Stopped"), "the reason is the error, not part of the answer: \(o.message.content)")
            XCTAssertEqual(o.steps.last(where: { $0.kind == .error })?.title, "stopped")
            XCTAssertEqual(o.steps.last(where: { $0.kind == .answer })?.status, .failed)
            XCTAssertEqual(try o.database.toolCalls(messageId: o.message.id!).map(\.callId), ["call_1", "call_1-2", "call_1-3"], "\(kind)")
        }
    }

    /// The same call with the same arguments a third time is not run: the turn stops and says why.
    func testAModelCallingTheSameToolAgainAndAgainIsStopped() async throws {
        for kind in Self.formats {
            let o = try await run("loop", kind)
            XCTAssertNotEqual(o.message.status, .complete)
            XCTAssertEqual(o.message.errorText, "Stopped: the model asked for list_tasks with the same arguments 3 times. Try rephrasing the request.")
            XCTAssertEqual(try o.database.toolCalls(messageId: o.message.id!).count, 2, "the third was not run")
            XCTAssertEqual(o.steps.last(where: { $0.kind == .error })?.status, .failed)
        }
    }

    func testADestructiveCallRunsOnlyWhenApproved() async throws {
        for kind in Self.formats {
            for approve in [false, true] {
                let database = try AppDatabase.temporary()
                _ = try database.insertTask(TaskItem(title: "Dentist", dueDate: CivilDate(year: 2026, month: 11, day: 25)))
                let o = try await run("delete", kind, database: database, approve: approve)
                XCTAssertEqual(o.message.status, .complete)
                let left = try database.tasks(on: CivilDate(year: 2026, month: 11, day: 25)).map(\.title)
                XCTAssertEqual(left, approve ? [] : ["Dentist"], "\(kind) approve=\(approve)")
                XCTAssertEqual(o.steps.first { $0.kind == .toolCall }?.status, approve ? .done : .cancelled)
                let asked = o.events.contains { if case .step(let s) = $0 { return s.status == .awaitingApproval } else { return false } }
                XCTAssertTrue(asked, "the step waited for the answer")
            }
        }
    }

    /// A stream that breaks off during the model's reasoning leaves no step spinning, live
    /// or stored; an answer left streaming by a killed process has its steps closed at start.
    func testNoStepIsLeftRunningWhenATurnEndsEarly() async throws {
        let o = try await run(text: "think [script:thinking] [fault:drop]", .anthropic)
        XCTAssertEqual(o.message.status, .interrupted)
        let thought = try XCTUnwrap(o.steps.first { $0.kind == .thought })
        XCTAssertEqual(thought.status, .failed)
        XCTAssertFalse(thought.detail.isEmpty, "the reasoning that arrived is kept")
        let stored = try o.database.timelineSteps(messageIds: [o.message.id!])[o.message.id!] ?? []
        XCTAssertFalse(stored.contains { $0.status == .running }, "\(stored.map(\.status))")
        XCTAssertEqual(stored.first { $0.kind == .thought }?.detail, thought.detail)

        let database = try AppDatabase.temporary()
        let conversation = try database.createConversation(title: "t", provider: "openai", model: "m")
        let answer = try database.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "", status: .streaming))
        _ = try database.insertTimelineStep(TimelineStep(messageId: answer.id!, position: 0, kind: .toolCall, title: "create_task",
                                                         detail: "", callId: "c", status: .running, startedAt: Date()))
        XCTAssertEqual(try database.markInterruptedMessages(), 1)
        XCTAssertEqual(try database.timelineSteps(messageIds: [answer.id!])[answer.id!]?.map(\.status), [.cancelled])
    }

    /// The file tools work in the agent's files folder and refuse to leave it.
    func testFileToolsStayInTheFilesFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agent-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "milk, eggs".write(to: folder.appendingPathComponent("shopping.txt"), atomically: true, encoding: .utf8)
        let database = try AppDatabase.temporary()
        let agent = try agent(.openai, database, filesFolder: folder)
        let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: "read my files [script:agent:files]")
        let message = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
        XCTAssertEqual(message.status, .complete)
        let calls = try database.toolCalls(messageId: message.id!)
        XCTAssertEqual(calls.map(\.name), ["list_files", "read_file"])
        XCTAssertEqual(calls.map(\.isError), [false, true])
        XCTAssertTrue(calls[0].result?.contains("shopping.txt") == true, calls[0].result ?? "")
        XCTAssertTrue(calls[1].result?.contains("outside") == true, calls[1].result ?? "")
    }

    /// Esc while a tool runs: the turn ends at once, interrupted, the tool's step cancelled.
    func testCancelDuringAToolEndsTheTurnAtOnce() async throws {
        let database = try AppDatabase.temporary()
        let agent = try PeerAgents.agent(database: database, tools: ToolRegistry.builtIn().adding([SlowTool()]))
        let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: "go [script:agent:slow]")
        let events = EventLog()
        let task = Task.detached { await agent.run(turn, emit: { events.add($0) }) }
        let started = ContinuousClock.now
        while !events.all.contains(where: { if case .step(let s) = $0 { return s.title == "slow_tool" } else { return false } }),
              ContinuousClock.now - started < .seconds(10) {
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        let message = try await withDeadline(5) { await task.value }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(8), "did not wait for the tool's 10 s")
        XCTAssertEqual(message.status, .interrupted)
        let stored = try database.timelineSteps(messageIds: [message.id!])[message.id!] ?? []
        XCTAssertEqual(stored.first { $0.kind == .toolCall }?.status, .cancelled)
        XCTAssertFalse(stored.contains { $0.status == .running })
    }

    /// The model is offered the tools the message is about, or all of them when configured.
    func testTheToolsOfferedFollowTheMessage() async throws {
        for offerAll in [false, true] {
            let database = try AppDatabase.temporary()
            let agent = try agent(.openai, database, offerAll: offerAll)
            let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
            let turn = try agent.startTurn(conversationId: conversation.id!, userText: "make a shopping list [script:text:3]")
            _ = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
            let tools = (try PeerAgents.lastRequestBody()["tools"] as? [[String: Any]]) ?? []
            let names = tools.compactMap { ($0["function"] as? [String: Any])?["name"] as? String }
            let todos = Toolset.todos.tools.map(\.definition.name)
            XCTAssertEqual(names, offerAll ? ToolRegistry.builtIn().definitions.map(\.name) : todos)
        }
    }

    /// With auto-approve a destructive call runs without asking.
    func testAutoApproveRunsDestructiveCallsWithoutAsking() async throws {
        let database = try AppDatabase.temporary()
        _ = try database.insertTask(TaskItem(title: "Dentist", dueDate: CivilDate(year: 2026, month: 11, day: 25)))
        let agent = try agent(.openai, database, autoApprove: true)
        let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: "delete it [script:agent:delete]")
        let asked = EventLog()
        _ = try await withDeadline(20) { await agent.run(turn, approve: { _, _ in asked.add(.modelCallEnded(messageId: 0)); return false },
                                                        emit: { _ in }) }
        XCTAssertTrue(asked.all.isEmpty, "never asked")
        XCTAssertEqual(try database.tasks(on: CivilDate(year: 2026, month: 11, day: 25)).count, 0)
    }

    /// Each model call is a step of its own with the tokens it took, in order with the rest.
    func testEachModelCallIsAStepWithItsTokens() async throws {
        let o = try await run("two-step", .openai)
        let calls = o.steps.filter { $0.kind == .modelCall }
        XCTAssertEqual(calls.map(\.title), ["model call 1", "model call 2"])
        XCTAssertEqual(calls.map(\.status), [.done, .done])
        XCTAssertTrue(calls.allSatisfy { $0.detail.hasPrefix("gpt-4.1-mini · ") && $0.detail.contains("tokens in · ") }, "\(calls.map(\.detail))")
        XCTAssertEqual(o.steps.map(\.kind), [.modelCall, .toolCall, .toolResult, .modelCall, .answer])
    }

    /// A reopened conversation shows the timeline exactly as it was emitted.
    func testTheStoredTimelineIsTheOneShownLive() async throws {
        let o = try await run("recover", .openai)
        let stored = try o.database.timelineSteps(messageIds: [o.message.id!])[o.message.id!] ?? []
        XCTAssertEqual(stored.map(\.position), o.steps.map(\.position))
        XCTAssertEqual(summary(stored), summary(o.steps))
        XCTAssertEqual(stored.map(\.detail), o.steps.map(\.detail))
    }
}

/// Takes ten seconds unless cancelled (it checks), for the cancel test.
private struct SlowTool: Tool {
    let definition = ToolDefinition(name: "slow_tool", description: "Waits.", inputSchema: ["type": "object"])
    func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        try await Task.sleep(for: .seconds(10))
        return ToolResult(text: "waited")
    }
}
