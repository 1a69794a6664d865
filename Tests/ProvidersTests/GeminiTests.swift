import XCTest
import Core
@testable import Providers

final class GeminiStreamTests: XCTestCase {
    func testTextStreamWithUsage() throws {
        var p = GeminiStreamParser()
        let events = try runSSE(&p, GeminiFixtures.text)
        // Thinking tokens are billed as output: 12 + 20.
        XCTAssertEqual(events, [.textDelta("Hello"), .textDelta(", wörld ☕"), .textDelta("!"),
                                .usage(inputTokens: 8, outputTokens: 32), .done(.endTurn)])
        XCTAssertEqual(p.usage, TokenUsage(inputTokens: 8, outputTokens: 32, cachedInputTokens: 4, reasoningTokens: 20))
    }

    func testTwoFunctionCallsWholeArgumentsWithSynthesizedIds() throws {
        let events = try runSSE(GeminiStreamParser(), GeminiFixtures.functionCalls)
        let a = assemble(events)
        XCTAssertEqual(a.reasoning, "Need a task and the list.")
        XCTAssertEqual(a.text, "")
        XCTAssertEqual(a.calls.map(\.id), ["call_1", "call_2"])
        XCTAssertEqual(a.calls.map(\.name), ["create_task", "list_tasks"])
        XCTAssertEqual(a.argumentsJSON[0], ["title": "Buy \"oat\" milk ☕", "due": "2025-05-02"])
        XCTAssertEqual(a.calls[1].arguments, "{}")
        XCTAssertEqual(a.usage, [.init(input: 120, output: 30)])
        XCTAssertEqual(a.done, .toolUse, "STOP with calls means the model wants the tools run")
        XCTAssertEqual(Array(events[1...3]), [.toolCallStart(index: 0, id: "call_1", name: "create_task"),
                                               events[2], .toolCallEnd(index: 0)])
    }

    func testMaxTokensAndIdsFromGemini() throws {
        XCTAssertEqual(try runSSE(GeminiStreamParser(), GeminiFixtures.maxTokens).last, .done(.maxTokens))
        var p = GeminiStreamParser()
        let out = try p.consume(data: #"{"candidates":[{"content":{"parts":[{"functionCall":{"id":"fc-9","name":"f","args":{"a":1}}}],"role":"model"},"index":0}]}"#)
        XCTAssertEqual(out.first, .toolCallStart(index: 0, id: "fc-9", name: "f"))
    }

    func testNoFinishReasonMeansCutOff() throws {
        var p = GeminiStreamParser()
        let first = sseEvents(GeminiFixtures.text)[0]
        _ = try p.consume(event: nil, data: first.data)
        _ = XCTAssertThrowsProviderError(.network) { _ = try p.finish() }
    }

    func testBlockedPromptAndErrorInStream() {
        var p = GeminiStreamParser()
        _ = XCTAssertThrowsProviderError(.badRequest) {
            _ = try p.consume(data: #"{"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": {"promptTokenCount": 5}}"#)
        }
        var q = GeminiStreamParser()
        _ = XCTAssertThrowsProviderError(.overloaded) { _ = try q.consume(data: GeminiFixtures.error503) }
    }
}

final class GeminiRequestTests: XCTestCase {
    func testURLHeaderAndBody() throws {
        var req = sampleConversation
        req.model = "models/gemini-2.5-flash"
        let r = GeminiRequestBuilder(apiKey: "AIzaSyTest").build(req)
        XCTAssertEqual(r.url.absoluteString,
                       "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
        XCTAssertEqual(r.headers["x-goog-api-key"], "AIzaSyTest")
        XCTAssertFalse(r.url.absoluteString.contains("key="), "the key goes in a header, not the URL")
        let body = try XCTUnwrap(r.json)
        XCTAssertEqual(body["systemInstruction"], ["parts": [["text": "You are terse."]]])
        XCTAssertEqual(body["generationConfig"], ["maxOutputTokens": 500, "temperature": .number(0.5)])
        XCTAssertEqual(body["contents"], [
            ["role": "user", "parts": [["text": "Add milk and list tasks"]]],
            ["role": "model", "parts": [
                ["text": "On it."],
                ["functionCall": ["name": "create_task", "args": ["title": "Buy milk"]]],
                ["functionCall": ["name": "list_tasks", "args": [:]]],
            ]],
            ["role": "user", "parts": [
                ["functionResponse": ["name": "create_task", "response": ["id": 7]]],
                ["functionResponse": ["name": "list_tasks", "response": ["error": "database locked"]]],
                ["text": "Thanks"],
            ]],
        ])
        let declarations = try XCTUnwrap(body["tools"]?.arrayValue?.first?["functionDeclarations"]?.arrayValue)
        XCTAssertEqual(declarations[0], [
            "name": "create_task", "description": "Create a task.",
            "parameters": ["type": "object", "properties": ["title": ["type": "string"], "due": ["type": "string"]],
                           "required": ["title"]],
        ], "additionalProperties, $schema and format: date are stripped")
        XCTAssertEqual(declarations[1], ["name": "list_tasks", "description": "List tasks."], "no parameters for an empty schema")
    }

    func testBaseURLOverrideWithVersion() {
        let b = GeminiRequestBuilder(baseURL: URL(string: "http://127.0.0.1:7000/v1beta/")!)
        XCTAssertEqual(b.build(ChatRequest(messages: [], model: "gemini-2.0-flash")).url.absoluteString,
                       "http://127.0.0.1:7000/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse")
    }

    func testSchemaSanitizerRecursesAndRewrites() {
        let schema: JSONValue = [
            "type": "object", "$schema": "x", "additionalProperties": false, "$defs": ["a": [:]],
            "properties": [
                "additionalProperties": ["type": "string", "default": "keep the property, drop the default"],
                "tags": ["type": "array", "items": ["type": "object", "additionalProperties": true,
                                                     "properties": ["v": ["type": ["integer", "null"]]]]],
                "kind": ["const": "fixed"],
                "level": ["type": "integer", "enum": [1, 2]],
                "when": ["type": "string", "format": "date-time"],
            ],
        ]
        XCTAssertEqual(GeminiSchema.sanitize(schema), [
            "type": "object",
            "properties": [
                "additionalProperties": ["type": "string"],
                "tags": ["type": "array", "items": ["type": "object", "properties": ["v": ["type": "integer", "nullable": true]]]],
                "kind": ["type": "string", "enum": ["fixed"]],
                "level": ["type": "string", "enum": ["1", "2"]],
                "when": ["type": "string", "format": "date-time"],
            ],
        ])
    }
}
