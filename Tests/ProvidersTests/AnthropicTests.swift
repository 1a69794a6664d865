import XCTest
import Core
@testable import Providers

final class AnthropicStreamTests: XCTestCase {
    func testTextStream() throws {
        var p = AnthropicStreamParser()
        let events = try runSSE(&p, AnthropicFixtures.text)
        XCTAssertEqual(events, [.textDelta("Hello"), .textDelta(" wörld ☕!"), .usage(inputTokens: 25, outputTokens: 15), .done(.endTurn)])
    }

    func testThinkingTextAndTwoToolsWithAwkwardSplits() throws {
        var p = AnthropicStreamParser()
        let events = try runSSE(&p, AnthropicFixtures.thinkingAndTools)
        let a = assemble(events)
        XCTAssertEqual(a.reasoning, "The user wants a task")
        XCTAssertEqual(a.text, "Okay, adding it.")
        XCTAssertEqual(a.calls.map(\.id), ["toolu_01T1x1fJ34qAmk2tNTrN7Up6", "toolu_02"])
        XCTAssertEqual(a.calls.map(\.name), ["create_task", "list_tasks"])
        XCTAssertEqual(a.calls[0].arguments, #"{"title": "Call \"Ren\u00e9\" 📞"}"#)
        XCTAssertEqual(a.argumentsJSON[0]?["title"]?.stringValue, "Call \"René\" 📞")
        XCTAssertEqual(a.calls[1].arguments, "{}", "a tool without input deltas gets {}")
        XCTAssertEqual(a.done, .toolUse)
        // Input is normalized to include cache reads and writes.
        XCTAssertEqual(a.usage, [.init(input: 2572, output: 89)])
        XCTAssertEqual(p.usage, TokenUsage(inputTokens: 2572, outputTokens: 89, cachedInputTokens: 2000, cacheWriteTokens: 100))
        // The first tool starts before its first argument byte and ends at its block's stop.
        XCTAssertEqual(events.filter { if case .toolCallEnd = $0 { return true }; return false }, [.toolCallEnd(index: 0), .toolCallEnd(index: 1)])
    }

    func testOverloadedErrorMidStreamAfterPartialText() throws {
        var p = AnthropicStreamParser()
        var text = ""
        let e = XCTAssertThrowsProviderError(.overloaded) {
            for ev in sseEvents(AnthropicFixtures.overloadedMidStream) {
                for out in try p.consume(event: ev.event, data: ev.data) { if case .textDelta(let t) = out { text += t } }
            }
        }
        XCTAssertEqual(text, "Par")
        XCTAssertTrue(e?.message.contains("Overloaded") == true)
    }

    func testMidStreamErrorTypesMapToKinds() {
        let cases: [(String, ProviderError.Kind)] = [
            ("overloaded_error", .overloaded), ("rate_limit_error", .rateLimited), ("api_error", .serverError),
            ("invalid_request_error", .badRequest), ("authentication_error", .unauthorized),
            ("permission_error", .forbidden), ("billing_error", .quotaExceeded), ("timeout_error", .serverError),
        ]
        for (type, kind) in cases {
            var p = AnthropicStreamParser()
            _ = XCTAssertThrowsProviderError(kind) {
                _ = try p.consume(event: "error", data: #"{"type":"error","error":{"type":"\#(type)","message":"m"}}"#)
            }
        }
    }

    func testStopReasons() throws {
        for (wire, reason) in [("end_turn", StopReason.endTurn), ("max_tokens", .maxTokens), ("tool_use", .toolUse),
                               ("stop_sequence", .endTurn), ("refusal", .other)] {
            var p = AnthropicStreamParser()
            _ = try p.consume(data: #"{"type":"message_delta","delta":{"stop_reason":"\#(wire)"},"usage":{"output_tokens":3}}"#)
            XCTAssertEqual(try p.consume(data: #"{"type":"message_stop"}"#).last, .done(reason))
        }
    }

    func testCutBeforeMessageStopIsNetworkError() throws {
        var p = AnthropicStreamParser()
        let events = sseEvents(AnthropicFixtures.text)
        for e in events.prefix(4) { _ = try p.consume(event: e.event, data: e.data) }
        _ = XCTAssertThrowsProviderError(.network) { _ = try p.finish() }
    }

    func testUnknownEventsAndPingAreIgnored() throws {
        var p = AnthropicStreamParser()
        XCTAssertEqual(try p.consume(event: "ping", data: #"{"type": "ping"}"#), [])
        XCTAssertEqual(try p.consume(event: "future_thing", data: #"{"type": "future_thing", "x": 1}"#), [])
    }
}

final class AnthropicRequestTests: XCTestCase {
    func testBodyAndHeaders() throws {
        var req = sampleConversation
        req.model = "claude-sonnet-4-5"
        req.messages.insert(ChatMessage(role: .system, content: "Today is Friday."), at: 0)
        let r = AnthropicRequestBuilder(apiKey: "sk-ant-xyz").build(req)
        XCTAssertEqual(r.url.absoluteString, "https://api.anthropic.com/v1/messages")
        XCTAssertEqual(r.headers["x-api-key"], "sk-ant-xyz")
        XCTAssertEqual(r.headers["anthropic-version"], "2023-06-01")
        XCTAssertNil(r.headers["authorization"])
        let body = try XCTUnwrap(r.json)
        XCTAssertEqual(body["system"], "You are terse.\n\nToday is Friday.")
        XCTAssertEqual(body["max_tokens"], 500)
        XCTAssertEqual(body["stream"], true)
        XCTAssertEqual(body["tools"]?.arrayValue?[0], ["name": "create_task", "description": "Create a task.",
                                                      "input_schema": sampleTools[0].inputSchema])
        let messages = try XCTUnwrap(body["messages"]?.arrayValue)
        XCTAssertEqual(messages, [
            ["role": "user", "content": [["type": "text", "text": "Add milk and list tasks"]]],
            ["role": "assistant", "content": [
                ["type": "text", "text": "On it."],
                ["type": "tool_use", "id": "call_a", "name": "create_task", "input": ["title": "Buy milk"]],
                ["type": "tool_use", "id": "call_b", "name": "list_tasks", "input": [:]],
            ]],
            // Both results and the next user text share one user message.
            ["role": "user", "content": [
                ["type": "tool_result", "tool_use_id": "call_a", "content": #"{"id":7}"#],
                ["type": "tool_result", "tool_use_id": "call_b", "content": "database locked", "is_error": true],
                ["type": "text", "text": "Thanks"],
            ]],
        ])
    }

    func testMaxTokensIsAlwaysSentAndBaseURLWithV1() {
        let req = ChatRequest(messages: [ChatMessage(role: .user, content: "hi")], model: "claude-3-5-haiku-latest")
        let r = AnthropicRequestBuilder(baseURL: URL(string: "http://127.0.0.1:9000/v1")!).build(req)
        XCTAssertEqual(r.url.absoluteString, "http://127.0.0.1:9000/v1/messages")
        XCTAssertEqual(r.json?["max_tokens"], 8192)
        XCTAssertNil(r.json?["system"])
        let unknown = AnthropicRequestBuilder(defaultMaxTokens: 1000).build(ChatRequest(messages: [], model: "claude-future"))
        XCTAssertEqual(unknown.json?["max_tokens"], 1000)
    }

    func testEmptyTextIsLeftOut() {
        let m = AnthropicRequestBuilder.messages([ChatMessage(role: .user, content: "a"), ChatMessage(role: .assistant, content: ""),
                                                  ChatMessage(role: .user, content: "b")])
        XCTAssertEqual(m, [["role": "user", "content": [["type": "text", "text": "a"], ["type": "text", "text": "b"]]]])
    }
}
