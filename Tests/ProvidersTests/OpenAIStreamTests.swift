import XCTest
import Core
@testable import Providers

final class OpenAIStreamTests: XCTestCase {
    func testTextStreamWithUsageChunk() throws {
        var parser = OpenAIStreamParser()
        let events = try runSSE(&parser, OpenAIFixtures.text)
        XCTAssertEqual(events, [
            .textDelta("Hello"), .textDelta(", wörld ☕"), .textDelta(" é😀\n"),
            .usage(inputTokens: 9, outputTokens: 12), .done(.endTurn),
        ])
        XCTAssertEqual(parser.usage, TokenUsage(inputTokens: 9, outputTokens: 12))
    }

    func testParallelToolCallsSplitInsideEscapesAndGraphemes() throws {
        var parser = OpenAIStreamParser()
        let events = try runSSE(&parser, OpenAIFixtures.parallelToolCalls)
        let a = assemble(events)
        XCTAssertEqual(a.text, "")
        XCTAssertEqual(a.calls.map(\.id), ["call_DdmO9pD3xa9XTPNJ32zg2hcA", "call_XxA6rzLQxGZ3Lq2jUw0Vxkqa"])
        XCTAssertEqual(a.calls.map(\.name), ["create_task", "list_tasks"])
        XCTAssertEqual(a.calls[0].arguments, #"{"title":"Buy \"oat\" milk ☕ e\u0301","due":"2025-05-02"}"#)
        XCTAssertEqual(a.argumentsJSON[0]?["title"]?.stringValue, "Buy \"oat\" milk ☕ e\u{301}")
        XCTAssertEqual(a.argumentsJSON[1]?["filter"]?.stringValue, "👍🏽")
        XCTAssertEqual(a.usage, [.init(input: 90, output: 40)])
        XCTAssertEqual(a.done, .toolUse)
        XCTAssertEqual(parser.usage?.cachedInputTokens, 64)
        XCTAssertEqual(parser.usage?.reasoningTokens, 16)
        // Both calls end when the finish reason arrives, before usage and done.
        let ends = events.enumerated().filter { if case .toolCallEnd = $0.element { return true }; return false }.map(\.offset)
        let usageAt = events.firstIndex(of: .usage(inputTokens: 90, outputTokens: 40))!
        XCTAssertEqual(ends.count, 2)
        XCTAssertTrue(ends.allSatisfy { $0 < usageAt })
    }

    func testLlamaCppPythonRepeatsIdNameNullsAndLegacyField() throws {
        let a = assemble(try runSSE(OpenAIStreamParser(provider: .llamacpp), OpenAIFixtures.llamaCppPython))
        XCTAssertEqual(a.calls, [.init(id: "call__0_create_task_cmpl-7f2c", name: "create_task",
                                       arguments: #"{"title": "Buy milk"}"#, ended: true)])
        XCTAssertEqual(a.done, .toolUse)
        XCTAssertEqual(a.usage, [])
    }

    func testLegacyFunctionCallOnly() throws {
        let a = assemble(try runSSE(OpenAIStreamParser(), OpenAIFixtures.legacyFunctionCall))
        XCTAssertEqual(a.calls, [.init(id: "call_0", name: "create_task", arguments: #"{"title":"Tea"}"#, ended: true)])
        XCTAssertEqual(a.done, .toolUse)
    }

    func testReasoningContentAndLengthStop() throws {
        let events = try runSSE(OpenAIStreamParser(), OpenAIFixtures.reasoning)
        XCTAssertEqual(events, [.reasoningDelta("The user wants"), .reasoningDelta(" a greeting."), .textDelta("Hi"),
                                .usage(inputTokens: 5, outputTokens: 3), .done(.maxTokens)])
    }

    func testEveryCallAtIndexZeroWithNewIdsBecomesTwoCalls() throws {
        let a = assemble(try runSSE(OpenAIStreamParser(provider: .ollama), OpenAIFixtures.everyCallAtIndexZero))
        XCTAssertEqual(a.calls.map(\.id), ["call_a1", "call_b2"])
        XCTAssertEqual(a.calls.map(\.arguments), [#"{"title":"A"}"#, "{}"])
        XCTAssertEqual(a.done, .toolUse)
    }

    func testNameArrivingAfterArgumentsStillStartsTheCallFirst() throws {
        var p = OpenAIStreamParser()
        XCTAssertEqual(try p.consume(data: #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\""}}]}}]}"#), [])
        XCTAssertEqual(try p.consume(data: #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"x","function":{"name":"f","arguments":":1}"}}]}}]}"#),
                       [.toolCallStart(index: 0, id: "x", name: "f"), .toolCallArgumentsDelta(index: 0, #"{"a":1}"#)])
    }

    func testEventsFedOneByOneMatchTheWholeStream() throws {
        // Every prefix of the stream yields exactly the events of that prefix: nothing is held back
        // past the event that completes it, except usage and done which wait for the end.
        var p = OpenAIStreamParser()
        var seen: [StreamEvent] = []
        for e in sseEvents(OpenAIFixtures.text) {
            let out = try p.consume(event: e.event, data: e.data)
            if e.data.contains("\"Hello\"") { XCTAssertEqual(out, [.textDelta("Hello")]) }
            seen += out
        }
        XCTAssertEqual(try p.finish(), [])
        XCTAssertEqual(seen.last, .done(.endTurn))
    }

    func testStreamCutBeforeFinishIsANetworkErrorAndCompleteStreamWithoutDoneIsFine() throws {
        var cut = OpenAIStreamParser()
        _ = try cut.consume(data: #"{"choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}"#)
        _ = XCTAssertThrowsProviderError(.network) { _ = try cut.finish() }

        var noDone = OpenAIStreamParser()
        _ = try noDone.consume(data: #"{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}"#)
        XCTAssertEqual(try noDone.finish(), [.done(.endTurn)])
    }

    func testMalformedDataThrows() {
        var p = OpenAIStreamParser()
        let e = XCTAssertThrowsProviderError(.malformedStream) { _ = try p.consume(data: #"{"choices":[{"index":0,"#) }
        XCTAssertTrue(e?.message.contains("OpenAI") == true)
    }

    func testErrorObjectMidStream() {
        var p = OpenAIStreamParser(provider: .openrouter)
        let e = XCTAssertThrowsProviderError(.serverError) {
            _ = try p.consume(data: #"{"error":{"code":502,"message":"Upstream provider returned an error"}}"#)
        }
        XCTAssertTrue(e?.message.contains("Upstream provider returned an error") == true)
        var q = OpenAIStreamParser()
        _ = XCTAssertThrowsProviderError(.rateLimited) {
            _ = try q.consume(data: #"{"error":{"message":"slow down","type":"rate_limit_exceeded","code":null}}"#)
        }
    }

    func testOnlyFirstChoiceIsRead() throws {
        var p = OpenAIStreamParser()
        let out = try p.consume(data: #"{"choices":[{"index":1,"delta":{"content":"B"}},{"index":0,"delta":{"content":"A"}}]}"#)
        XCTAssertEqual(out, [.textDelta("A")])
    }
}

final class OpenAIRequestTests: XCTestCase {
    func testBodyHeadersAndURL() throws {
        let r = OpenAIRequestBuilder(apiKey: "sk-test").build(sampleConversation)
        XCTAssertEqual(r.method, "POST")
        XCTAssertEqual(r.url.absoluteString, "https://api.openai.com/v1/chat/completions")
        XCTAssertEqual(r.headers["authorization"], "Bearer sk-test")
        XCTAssertEqual(r.headers["content-type"], "application/json")
        let body = try XCTUnwrap(r.json)
        XCTAssertEqual(body["stream"], true)
        XCTAssertEqual(body["stream_options"], ["include_usage": true])
        XCTAssertEqual(body["max_completion_tokens"], 500)
        XCTAssertEqual(body["temperature"], .number(0.5))
        XCTAssertEqual(body["tools"]?.arrayValue?.first, [
            "type": "function",
            "function": ["name": "create_task", "description": "Create a task.", "parameters": sampleTools[0].inputSchema],
        ])
        let messages = try XCTUnwrap(body["messages"]?.arrayValue)
        XCTAssertEqual(messages.count, 6)
        XCTAssertEqual(messages[0], ["role": "system", "content": "You are terse."])
        XCTAssertEqual(messages[1], ["role": "user", "content": "Add milk and list tasks"])
        XCTAssertEqual(messages[2], ["role": "assistant", "content": "On it.", "tool_calls": [
            ["id": "call_a", "type": "function", "function": ["name": "create_task", "arguments": #"{"title":"Buy milk"}"#]],
            ["id": "call_b", "type": "function", "function": ["name": "list_tasks", "arguments": "{}"]],
        ]])
        XCTAssertEqual(messages[3], ["role": "tool", "tool_call_id": "call_a", "content": #"{"id":7}"#])
        XCTAssertEqual(messages[4], ["role": "tool", "tool_call_id": "call_b", "content": "database locked"])
        // The body bytes are that JSON.
        XCTAssertEqual(JSONValue(parsing: String(decoding: r.body!, as: UTF8.self)), body)
    }

    func testAssistantWithOnlyToolCallsHasNullContent() {
        let req = ChatRequest(messages: [ChatMessage(role: .assistant, content: "", toolCalls: [
            ToolCallRequest(id: "c", name: "f", arguments: "{}")])], model: "gpt-4.1")
        let m = OpenAIRequestBuilder.messages(req)
        XCTAssertEqual(m[0]["content"], .null)
    }

    func testCompatibleServerWithoutKeyUsesMaxTokensAndNoAuthHeader() {
        let b = OpenAIRequestBuilder(provider: .ollama, baseURL: URL(string: "http://127.0.0.1:11434/v1/")!)
        let r = b.build(sampleConversation)
        XCTAssertEqual(r.url.absoluteString, "http://127.0.0.1:11434/v1/chat/completions")
        XCTAssertNil(r.headers["authorization"])
        XCTAssertEqual(r.json?["max_tokens"], 500)
        XCTAssertNil(r.json?["max_completion_tokens"])
    }

    func testReasoningModelsGetNoTemperature() {
        var req = sampleConversation
        req.model = "o4-mini"
        XCTAssertNil(OpenAIRequestBuilder().build(req).json?["temperature"])
        req.model = "gpt-4.1"
        XCTAssertEqual(OpenAIRequestBuilder().build(req).json?["temperature"], .number(0.5))
    }
}

final class OpenAIThroughputTests: XCTestCase {
    /// 5,000 one-token chunks: every token arrives once, in order (the benchmark's answer, without the network).
    func testFiveThousandChunksNoDropNoDuplicate() throws {
        var p = OpenAIStreamParser()
        var text = ""
        var expected = ""
        let start = Date()
        for i in 0..<5000 {
            let token = "t\(i)é "
            expected += token
            let data = #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"\#(token)"},"logprobs":null,"finish_reason":null}],"usage":null}"#
            for case .textDelta(let t) in try p.consume(event: nil, data: data) { text += t }
        }
        _ = try p.consume(data: #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#)
        XCTAssertEqual(try p.consume(data: "[DONE]"), [.done(.endTurn)])
        let perChunk = Date().timeIntervalSince(start) / 5000 * 1e6
        print("OpenAIStreamParser: \(Int(perChunk)) µs per chunk (debug build)")
        XCTAssertEqual(text, expected)
    }
}
