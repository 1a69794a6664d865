import XCTest
import Core
@testable import Providers

/// Splits an event-stream text (as the docs print it) into (event, data) pairs. A minimal
/// stand-in for the HTTP module's WHATWG decoder: blank-line separated blocks, `event:` and
/// `data:` lines (several data lines joined by "\n"), comments ignored.
func sseEvents(_ raw: String) -> [(event: String?, data: String)] {
    var out: [(String?, String)] = []
    for block in raw.components(separatedBy: "\n\n") {
        var event: String?
        var data: [String] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(":") { continue }
            let (field, value) = line.firstIndex(of: ":").map { i -> (Substring, Substring) in
                var v = line[line.index(after: i)...]
                if v.hasPrefix(" ") { v = v.dropFirst() }
                return (line[..<i], v)
            } ?? (line, "")
            if field == "event" { event = String(value) }
            if field == "data" { data.append(String(value)) }
        }
        if !data.isEmpty { out.append((event, data.joined(separator: "\n"))) }
    }
    return out
}

/// Feeds events one by one, then `finish()`; returns every normalized event.
func runSSE<P: SSEStreamParsing>(_ parser: inout P, _ raw: String, finish: Bool = true,
                                 file: StaticString = #filePath, line: UInt = #line) throws -> [StreamEvent] {
    var events: [StreamEvent] = []
    for e in sseEvents(raw) { events += try parser.consume(event: e.event, data: e.data) }
    if finish { events += try parser.finish() }
    return events
}

func runSSE<P: SSEStreamParsing>(_ parser: P, _ raw: String) throws -> [StreamEvent] {
    var p = parser
    return try runSSE(&p, raw)
}

/// What a stream adds up to, checked for order: a call starts before its arguments, ends once,
/// nothing follows `.done`.
struct Assembled: Equatable {
    struct Call: Equatable { var id: String; var name: String; var arguments: String; var ended: Bool }
    var text = ""
    var reasoning = ""
    var calls: [Call] = []
    var usage: [TokenCount] = []
    var done: StopReason?
    struct TokenCount: Equatable { var input: Int; var output: Int }

    /// The waits announced before retries (seconds).
    var waits: [Double] = []

    var argumentsJSON: [JSONValue?] { calls.map { JSONValue(parsing: $0.arguments) } }
}

func assemble(_ events: [StreamEvent], file: StaticString = #filePath, line: UInt = #line) -> Assembled {
    var a = Assembled()
    for e in events {
        XCTAssertNil(a.done, "event \(e) after done", file: file, line: line)
        switch e {
        case .textDelta(let t):
            XCTAssertFalse(t.isEmpty, "empty text delta", file: file, line: line)
            a.text += t
        case .reasoningDelta(let t): a.reasoning += t
        case .toolCallStart(let index, let id, let name):
            XCTAssertEqual(index, a.calls.count, "tool indexes start at 0 and count up", file: file, line: line)
            a.calls.append(.init(id: id, name: name, arguments: "", ended: false))
        case .toolCallArgumentsDelta(let index, let t):
            guard index < a.calls.count else { XCTFail("arguments before start of \(index)", file: file, line: line); continue }
            XCTAssertFalse(a.calls[index].ended, "arguments after end", file: file, line: line)
            a.calls[index].arguments += t
        case .toolCallEnd(let index):
            guard index < a.calls.count else { XCTFail("end before start of \(index)", file: file, line: line); continue }
            XCTAssertFalse(a.calls[index].ended, "ended twice", file: file, line: line)
            a.calls[index].ended = true
        case .usage(let i, let o): a.usage.append(.init(input: i, output: o))
        case .done(let r): a.done = r
        case .waiting(let seconds, _): a.waits.append(seconds)
        case .answering: XCTFail("a wire format announced a provider", file: file, line: line)
        }
    }
    for (i, c) in a.calls.enumerated() { XCTAssertTrue(c.ended, "call \(i) never ended", file: file, line: line) }
    return a
}

func XCTAssertThrowsProviderError(_ kind: ProviderError.Kind, file: StaticString = #filePath, line: UInt = #line,
                                  _ body: () throws -> Void) -> ProviderError? {
    do {
        try body()
        XCTFail("expected \(kind), nothing thrown", file: file, line: line)
    } catch let e as ProviderError {
        XCTAssertEqual(e.kind, kind, e.description, file: file, line: line)
        return e
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return nil
}

let sampleTools = [
    ToolSchema(name: "create_task", description: "Create a task.", inputSchema: [
        "type": "object", "additionalProperties": false, "$schema": "http://json-schema.org/draft-07/schema#",
        "properties": ["title": ["type": "string"], "due": ["type": "string", "format": "date"]],
        "required": ["title"],
    ]),
    ToolSchema(name: "list_tasks", description: "List tasks.", inputSchema: ["type": "object", "properties": [:]]),
]

/// A conversation with every kind of message: system text, a user turn, an assistant turn with
/// text and two tool calls, both results (one an error), and a follow-up user turn.
let sampleConversation = ChatRequest(system: "You are terse.", messages: [
    ChatMessage(role: .user, content: "Add milk and list tasks"),
    ChatMessage(role: .assistant, content: "On it.", toolCalls: [
        ToolCallRequest(id: "call_a", name: "create_task", arguments: #"{"title":"Buy milk"}"#),
        ToolCallRequest(id: "call_b", name: "list_tasks", arguments: ""),
    ]),
    ChatMessage(role: .tool, content: #"{"id":7}"#, toolCallId: "call_a", toolName: "create_task"),
    ChatMessage(role: .tool, content: "database locked", toolCallId: "call_b", toolName: "list_tasks", isError: true),
    ChatMessage(role: .user, content: "Thanks"),
], tools: sampleTools, model: "m", maxTokens: 500, temperature: 0.5)
