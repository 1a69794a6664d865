import Foundation
import Core

/// Local models often answer a tool call as JSON text — `{"name": "create_task", "arguments": {...}}`,
/// maybe in a ```json fence or `<tool_call>` tags — instead of a structured call. When tools were
/// offered and the whole answer is such JSON naming an offered tool, it is a tool call.
public enum TextToolCalls {
    /// The calls `text` stands for, or [] when it is ordinary text (or names a tool not offered).
    public static func detect(in text: String, offeredTools: Set<String>, idPrefix: String = "call_text_") -> [ToolCallRequest] {
        guard !offeredTools.isEmpty else { return [] }
        var bodies: [String] = []
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.hasPrefix("<tool_call>") {
            // One or more <tool_call>…</tool_call> blocks and nothing else (Hermes, Qwen).
            var rest = Substring(t)
            while rest.hasPrefix("<tool_call>") {
                rest = rest.dropFirst("<tool_call>".count)
                guard let close = rest.range(of: "</tool_call>") else { bodies.append(String(rest)); rest = ""; break }
                bodies.append(String(rest[..<close.lowerBound]))
                rest = rest[close.upperBound...].drop(while: { $0.isWhitespace })
            }
            guard rest.isEmpty else { return [] }
        } else {
            bodies = [unfenced(t)]
        }
        var calls: [ToolCallRequest] = []
        for body in bodies {
            guard let json = WireJSON.parse(body.trimmingCharacters(in: .whitespacesAndNewlines)) else { return [] }
            let objects = json.arrayValue ?? [json]
            for object in objects {
                guard let (name, args) = call(in: object), offeredTools.contains(name) else { return [] }
                calls.append(ToolCallRequest(id: "\(idPrefix)\(calls.count + 1)", name: name, arguments: args))
            }
        }
        return calls
    }

    /// The text inside a ```json … ``` (or plain ```) fence that is the whole answer; else the text.
    static func unfenced(_ t: String) -> String {
        guard t.hasPrefix("```"), t.hasSuffix("```"), t.count >= 6 else { return t }
        var inner = t.dropFirst(3).dropLast(3)
        if let newline = inner.firstIndex(of: "\n") {
            let tag = inner[..<newline].trimmingCharacters(in: .whitespaces).lowercased()
            if tag.isEmpty || tag == "json" || tag == "tool_call" { inner = inner[inner.index(after: newline)...] }
        }
        return String(inner)
    }

    /// `{"name", "arguments"|"parameters"}` or `{"function": {"name", "arguments"}}`; arguments an object or JSON text.
    static func call(in object: JSONValue) -> (String, String)? {
        guard case .object(let o) = object else { return nil }
        if let f = o["function"], case .object = f { return call(in: f) }
        guard let name = o["name"]?.nonEmptyString else { return nil }
        let keys = Set(o.keys).subtracting(["name", "arguments", "parameters", "type", "id"])
        guard keys.isEmpty else { return nil }   // some other JSON that happens to have a "name"
        switch o["arguments"] ?? o["parameters"] {
        case nil, .null?: return (name, "{}")
        case .object(let a)?: return (name, JSONValue.object(a).jsonText)
        case .string(let s)?:
            guard let v = WireJSON.parse(s), case .object = v else { return nil }
            return (name, v.jsonText)
        default: return nil
        }
    }
}

/// Applies `TextToolCalls` to a live stream without delaying ordinary answers: text is held back
/// only while the answer so far could still be a JSON tool call (it starts with `{"`, `[{"`, a
/// fence or `<tool_call>`); at `.done` held text becomes tool calls or is released as text.
public struct TextToolCallRecognizer: Sendable {
    public let offeredTools: Set<String>
    private var held = ""
    private var passing: Bool
    private var sawStructuredCall = false
    private static let limit = 64 * 1024

    public init(offeredTools: Set<String>) {
        self.offeredTools = offeredTools
        self.passing = offeredTools.isEmpty
    }

    public mutating func process(_ event: StreamEvent) -> [StreamEvent] {
        switch event {
        case .textDelta(let text):
            if passing { return [event] }
            held += text
            // The first non-space characters decide: `{"`, `[{"`, a fence or `<tool_call>` may be a call;
            // anything else (a markdown link "[docs](…)", prose) is released at once.
            let lead = String(held.lazy.filter { !$0.isWhitespace }.prefix(12))
            if lead.isEmpty { return [] }
            let openers = ["{\"", "[{\"", "```", "<tool_call>"]
            let mayBeCall = openers.contains { lead.hasPrefix($0) || $0.hasPrefix(lead) }
            if mayBeCall && held.utf8.count <= Self.limit { return [] }
            return release()
        case .toolCallStart:
            sawStructuredCall = true
            return release() + [event]
        case .done(let reason):
            guard !passing else { return [event] }
            passing = true
            let calls = sawStructuredCall ? [] : TextToolCalls.detect(in: held, offeredTools: offeredTools)
            if calls.isEmpty { return release() + [event] }
            held = ""
            var out: [StreamEvent] = []
            for (i, call) in calls.enumerated() {
                out += [.toolCallStart(index: i, id: call.id, name: call.name),
                        .toolCallArgumentsDelta(index: i, call.arguments), .toolCallEnd(index: i)]
            }
            _ = reason
            return out + [.done(.toolUse)]
        default:
            return [event]
        }
    }

    private mutating func release() -> [StreamEvent] {
        passing = true
        defer { held = "" }
        return held.isEmpty ? [] : [.textDelta(held)]
    }
}
