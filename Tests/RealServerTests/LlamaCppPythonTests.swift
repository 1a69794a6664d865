import Foundation
import XCTest
import Core
import Providers
import TestSupport

/// Real tool calls from a real model: llama-cpp-python's OpenAI-compatible server with
/// `--chat_format chatml-function-calling` and SmolLM2. A named `tool_choice` forces a call
/// (grammar-constrained), and its stream has the quirks our OpenAI parser must take: every
/// chunk repeats the call's id and name, fields come as explicit nulls, and each chunk also
/// carries the legacy `function_call` delta next to `tool_calls`.
final class LlamaCppPythonTests: XCTestCase {
    static let server = SharedServer { try RealServers.llamaCppPython() }
    override class func tearDown() { server.stop() }

    static let weather = ToolSchema(
        name: "get_weather", description: "Get the current weather in a city",
        inputSchema: ["type": "object",
                      "properties": ["city": ["type": "string", "description": "The city"],
                                     "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]]],
                      "required": ["city", "unit"]])
    static let time = ToolSchema(name: "get_time", description: "Get the time in a city",
                                 inputSchema: ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]])

    let request = ChatRequest(messages: [ChatMessage(role: .user, content: "What is the weather like in Paris today?")],
                              tools: [LlamaCppPythonTests.weather, LlamaCppPythonTests.time],
                              model: "smollm2", maxTokens: 96, temperature: 0)

    func settings() throws -> ProviderSettings {
        .loopback(.openaiCompatible, try Self.server.get().baseURL + "/v1", model: "smollm2", key: nil)
    }

    /// `ChatRequest` has no tool choice: the test names the tool in the body, as a caller forcing one would.
    func forced(_ name: String) -> @Sendable (inout [String: JSONValue]) -> Void {
        { body in body["tool_choice"] = ["type": "function", "function": ["name": .string(name)]] }
    }

    func testNamedToolChoiceGivesExactlyOneCompleteToolCall() async throws {
        let answer = try await Pipeline.run(request, settings: try settings(), body: forced("get_weather"))
        XCTAssertNil(answer.error, answer.summary)
        XCTAssertEqual(answer.status, 200)
        let starts = answer.events.filter { if case .toolCallStart = $0 { return true } else { return false } }
        XCTAssertEqual(starts.count, 1, "repeated ids and names must not start new calls: \(answer.events)")
        let calls = answer.toolCalls
        XCTAssertEqual(calls.count, 1, answer.summary)
        let call = try XCTUnwrap(calls.first)
        XCTAssertEqual(call.name, "get_weather")
        XCTAssertFalse(call.id.isEmpty)
        XCTAssertTrue(call.ended, "the call is closed before .done")
        let arguments = try XCTUnwrap(jsonObject(call.arguments), "arguments: \(call.arguments.debugDescription)")
        XCTAssertNotNil(arguments["city"] as? String, "the grammar forces the schema's required fields: \(arguments)")
        XCTAssertEqual(answer.stop, .toolUse)
        XCTAssertEqual(answer.events.last, .done(.toolUse))
        XCTAssertEqual(answer.text.trimmingCharacters(in: .whitespacesAndNewlines), "", "a forced call has no text")
    }

    /// The quirks are really in the stream (otherwise the test above would prove nothing).
    func testTheStreamHasTheQuirksTheParserMustTake() async throws {
        let answer = try await Pipeline.run(request, settings: try settings(), body: forced("get_weather"))
        XCTAssertNil(answer.error, answer.summary)
        let chunks = String(decoding: answer.body, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("data: {") }
            .compactMap { (try? JSONSerialization.jsonObject(with: Data($0.dropFirst(6).utf8))) as? [String: Any] }
        let deltas = chunks.compactMap { (($0["choices"] as? [[String: Any]])?.first?["delta"]) as? [String: Any] }
        let withCalls = deltas.filter { $0["tool_calls"] is [Any] }
        XCTAssertGreaterThan(withCalls.count, 1, "arguments come in several chunks")
        let ids = withCalls.compactMap { (($0["tool_calls"] as? [[String: Any]])?.first?["id"]) as? String }
        XCTAssertEqual(ids.count, withCalls.count, "every chunk repeats the call id")
        XCTAssertEqual(Set(ids).count, 1, "and it is the same id")
        XCTAssertTrue(deltas.contains { $0["function_call"] is [String: Any] }, "legacy function_call deltas")
        XCTAssertTrue(deltas.contains { $0.values.contains { $0 is NSNull } }, "explicit nulls")
    }

    /// The other tool, named: the choice is the caller's, not the model's.
    func testNamingTheOtherToolCallsThatOne() async throws {
        let answer = try await Pipeline.run(request, settings: try settings(), body: forced("get_time"))
        XCTAssertNil(answer.error, answer.summary)
        XCTAssertEqual(answer.toolCalls.map(\.name), ["get_time"], answer.summary)
        XCTAssertNotNil(jsonObject(answer.toolCalls.first?.arguments ?? "")?["city"])
    }
}
