import Foundation
import XCTest
import Core
import Providers
import TestSupport

/// llm-mock-api (PyPI, somebody else's mock of the OpenAI and Anthropic APIs) replays the
/// scripted replies of `Tests/Peers/llm-mock-api-rules.json5`: its streams must come out of our
/// parsers as exactly the scripted text and tool calls. Chunks of 3 characters split the
/// accented and CJK text into many deltas.
final class LLMMockAPITests: XCTestCase {
    static let server = SharedServer {
        try RealServers.llmMockAPI(rules: PeerServer.peersFolder.appendingPathComponent("llm-mock-api-rules.json5"),
                                   latency: 0, chunkSize: 3)
    }
    override class func tearDown() { server.stop() }

    static let helloText = "Hello from the scripted mock. Ünïcödé and 漢字 survive chunking."
    static let weather = ToolSchema(name: "get_weather", description: "The weather in a city",
                                    inputSchema: ["type": "object", "properties": ["city": ["type": "string"], "unit": ["type": "string"]],
                                                  "required": ["city"]])
    static let addTask = ToolSchema(name: "add_task", description: "Add a task",
                                    inputSchema: ["type": "object", "properties": ["title": ["type": "string"]]])

    func openAI() throws -> ProviderSettings {
        .loopback(.openai, try Self.server.get().baseURL + "/v1", model: "gpt-4.1-mini")
    }
    func anthropic() throws -> ProviderSettings {
        .loopback(.anthropic, try Self.server.get().baseURL, model: "claude-sonnet-4-5")
    }
    func ask(_ text: String, tools: [ToolSchema] = []) -> ChatRequest {
        ChatRequest(messages: [ChatMessage(role: .user, content: text)], tools: tools, maxTokens: 100)
    }

    func testOpenAIScriptedTextStreamsExactly() async throws {
        let answer = try await Pipeline.run(ask("please say hello"), settings: try openAI())
        XCTAssertNil(answer.error, answer.summary)
        XCTAssertEqual(answer.text, Self.helloText)
        XCTAssertGreaterThan(answer.textDeltaCount, 10, "3-character chunks should arrive as many deltas")
        XCTAssertEqual(answer.stop, .endTurn)
        XCTAssertTrue(answer.toolCalls.isEmpty)
        XCTAssertEqual(answer.events.last, .done(.endTurn))
    }

    func testOpenAIScriptedToolCallAfterText() async throws {
        let answer = try await Pipeline.run(ask("what is the weather in Paris?", tools: [Self.weather]), settings: try openAI())
        let call = assertOneWeatherCall(answer)
        XCTAssertFalse(call?.id.isEmpty ?? true)
        XCTAssertEqual(jsonObject(call?.arguments ?? "")?["unit"] as? String, "celsius")
    }

    func testOpenAIScriptedTwoToolCallsKeepTheirOrderAndIds() async throws {
        let answer = try await Pipeline.run(ask("two tools please", tools: [Self.addTask]), settings: try openAI())
        XCTAssertNil(answer.error, answer.summary)
        assertTwoTasks(answer)
    }

    func testAnthropicScriptedTextStreamsExactly() async throws {
        let answer = try await Pipeline.run(ask("please say hello"), settings: try anthropic())
        XCTAssertNil(answer.error, answer.summary)
        XCTAssertEqual(answer.text, Self.helloText)
        XCTAssertGreaterThan(answer.textDeltaCount, 10)
        XCTAssertEqual(answer.stop, .endTurn)
        XCTAssertEqual(answer.events.last, .done(.endTurn))
    }

    func testAnthropicScriptedToolCallAfterText() async throws {
        let answer = try await Pipeline.run(ask("what is the weather in Paris?", tools: [Self.weather]), settings: try anthropic())
        let call = assertOneWeatherCall(answer)
        XCTAssertTrue(call?.id.hasPrefix("toolu_") ?? false, "\(answer.toolCalls)")
    }

    func testAnthropicScriptedTwoToolCallsKeepTheirOrderAndIds() async throws {
        let answer = try await Pipeline.run(ask("two tools please", tools: [Self.addTask]), settings: try anthropic())
        XCTAssertNil(answer.error, answer.summary)
        assertTwoTasks(answer)
    }

    /// "Let me check." then one finished `get_weather` call for Paris; the call, for the
    /// provider's own checks.
    private func assertOneWeatherCall(_ answer: Answer, file: StaticString = #filePath, line: UInt = #line) -> Answer.Call? {
        XCTAssertNil(answer.error, answer.summary, file: file, line: line)
        XCTAssertEqual(answer.text, "Let me check.", file: file, line: line)
        XCTAssertEqual(answer.stop, .toolUse, file: file, line: line)
        let calls = answer.toolCalls
        XCTAssertEqual(calls.count, 1, answer.summary, file: file, line: line)
        XCTAssertEqual(calls.first?.name, "get_weather", file: file, line: line)
        XCTAssertTrue(calls.first?.ended ?? false, file: file, line: line)
        XCTAssertEqual(jsonObject(calls.first?.arguments ?? "")?["city"] as? String, "Paris", file: file, line: line)
        return calls.first
    }

    private func assertTwoTasks(_ answer: Answer, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(answer.stop, .toolUse, file: file, line: line)
        let calls = answer.toolCalls
        XCTAssertEqual(calls.map(\.name), ["add_task", "add_task"], answer.summary, file: file, line: line)
        XCTAssertEqual(Set(calls.map(\.id)).count, 2, "the two calls need distinct ids: \(calls)", file: file, line: line)
        XCTAssertTrue(calls.allSatisfy(\.ended), file: file, line: line)
        guard calls.count == 2 else { return }
        XCTAssertEqual(jsonObject(calls[0].arguments, file: file, line: line)?["title"] as? String, "Buy milk", file: file, line: line)
        XCTAssertEqual(jsonObject(calls[1].arguments, file: file, line: line)?["tags"] as? [String], ["home", "phone"], file: file, line: line)
    }
}
