import XCTest
import Core
@testable import Providers

/// Monday 2026-11-23 10:00 UTC, the fixed moment of the offline assistant tests.
let offlineNow = ISO8601DateFormatter().date(from: "2026-11-23T10:00:00Z")!
let utc = TimeZone(identifier: "UTC")!

let offlineToolNames = [OfflineToolName.createTask, OfflineToolName.createTodoList, OfflineToolName.listTasks,
                        OfflineToolName.completeTask, OfflineToolName.deleteTask, OfflineToolName.resolveDate]
let allOfflineTools = offlineToolNames.map { ToolSchema(name: $0, description: $0, inputSchema: ["type": "object"]) }

func offlineRequest(_ messages: [ChatMessage], tools: [ToolSchema] = allOfflineTools) -> ChatRequest {
    ChatRequest(messages: messages, tools: tools, model: "offline-assistant", now: offlineNow, timeZone: utc)
}

func offlineRequest(saying text: String, tools: [ToolSchema] = allOfflineTools) -> ChatRequest {
    offlineRequest([ChatMessage(role: .user, content: text)], tools: tools)
}

/// Every event the provider streams for `request`.
func collect(_ request: ChatRequest, provider: OfflineProvider = OfflineProvider(wordDelay: .zero)) async throws
    -> [StreamEvent] {
    var events: [StreamEvent] = []
    for try await event in provider.stream(request) { events.append(event) }
    return events
}

func streamedText(_ events: [StreamEvent]) -> String {
    events.map { if case .textDelta(let text) = $0 { return text } else { return "" } }.joined()
}

/// The one tool call in `events`: its id, name and the concatenated argument deltas decoded.
func toolCall(in events: [StreamEvent]) -> (id: String, name: String, arguments: JSONValue?)? {
    var id: String?, name: String?, json = ""
    for event in events {
        switch event {
        case .toolCallStart(_, let callId, let callName): id = callId; name = callName
        case .toolCallArgumentsDelta(_, let piece): json += piece
        default: break
        }
    }
    guard let id, let name else { return nil }
    return (id, name, JSONValue(parsing: json))
}

/// Streams `sentence` and asserts the exact tool and arguments it calls, and the tool-call shape.
func assertToolCall(_ sentence: String, _ name: String, _ arguments: JSONValue,
                    file: StaticString = #filePath, line: UInt = #line) async throws {
    let events = try await collect(offlineRequest(saying: sentence))
    guard let call = toolCall(in: events) else {
        return XCTFail("no tool call for “\(sentence)”; said: \(streamedText(events))", file: file, line: line)
    }
    XCTAssertEqual(call.name, name, sentence, file: file, line: line)
    XCTAssertEqual(call.arguments, arguments, sentence, file: file, line: line)
    XCTAssertEqual(events.last, .done(.toolUse), sentence, file: file, line: line)
}
