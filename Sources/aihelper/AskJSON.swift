import Foundation
import Core
import Agent

/// `aihelper ask --json`: one JSON object per line on stdout, for scripts.
///
/// `{"type":"text","text":…}`, `{"type":"tool_call","id":…,"name":…,"arguments":…}`,
/// `{"type":"tool_result","id":…,"name":…,"text":…,"is_error":…}`, `{"type":"waiting","seconds":…,"reason":…}`,
/// `{"type":"usage","input_tokens":…,"output_tokens":…,"cost":…}`, `{"type":"error","message":…}`,
/// and last `{"type":"done","status":"complete|interrupted|error"}`; with `--audio`, first
/// `{"type":"transcript","text":…}`.
enum AskJSON {
    @Sendable static func print(_ event: AgentEvent) {
        for object in objects(for: event) { write(object) }
    }

    /// `ask --audio --json`: the transcript, first.
    static func print(transcript text: String) {
        write(.object(["type": .string("transcript"), "text": .string(text)]))
    }

    static func print(error message: String) {
        write(.object(["type": .string("error"), "message": .string(message)]))
    }

    static func objects(for event: AgentEvent) -> [JSONValue] {
        switch event {
        case .textDelta(_, let text):
            return [.object(["type": .string("text"), "text": .string(text)])]
        case .step(let step) where step.kind == .toolCall && step.status == .running:
            return [.object(["type": .string("tool_call"), "id": .string(step.callId ?? ""), "name": .string(step.title),
                             "arguments": .string(step.detail)])]
        case .step(let step) where (step.kind == .toolResult || step.kind == .error) && step.callId != nil:
            return [.object(["type": .string("tool_result"), "id": .string(step.callId ?? ""), "text": .string(step.detail),
                             "is_error": .bool(step.kind == .error)])]
        case .waiting(let seconds, let reason):
            return [.object(["type": .string("waiting"), "seconds": .number(seconds), "reason": .string(reason)])]
        case .finished(let message):
            var out: [JSONValue] = []
            if message.inputTokens != nil || message.outputTokens != nil {
                out.append(.object(["type": .string("usage"), "input_tokens": .number(Double(message.inputTokens ?? 0)),
                                    "output_tokens": .number(Double(message.outputTokens ?? 0)),
                                    "cost": .number(message.cost ?? 0)]))
            }
            if let error = message.errorText, message.status != .complete {
                out.append(.object(["type": .string("error"), "message": .string(error)]))
            }
            out.append(.object(["type": .string("done"), "status": .string(message.status.rawValue)]))
            return out
        default:
            return []
        }
    }

    private static func write(_ object: JSONValue) {
        Output.json(object.jsonText)
    }
}
