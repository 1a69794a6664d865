import Foundation
import Core
import MCP
import Tools

/// A server's tool result as text for the model and the timeline: text joined, structured
/// content as JSON, images, audio and resources summarized, the whole capped in size.
enum MCPResultText {
    /// Results beyond this are cut (the agent cuts further for the model's context).
    static let limit = 64 << 10

    static func toolResult(_ result: CallTool.Result) -> ToolResult {
        var parts = result.content.map(describe)
        if let structured = result.structuredContent {
            let json = JSONBridge.json(structured).jsonText
            // Servers often send the same JSON as text too: say it once.
            if !parts.contains(json) { parts.append(json) }
        }
        var text = parts.joined(separator: "\n")
        if text.isEmpty { text = result.isError == true ? "The tool failed without saying why." : "(no content)" }
        return ToolResult(text: cap(Sanitizer.clean(text)), isError: result.isError == true)
    }

    static func describe(_ content: MCP.Tool.Content) -> String {
        switch content {
        case .text(let text, _, _): return text
        case .image(let data, let mimeType, _, _): return "[image \(mimeType), \(data.count * 3 / 4 / 1024) KB, not shown]"
        case .audio(let data, let mimeType, _, _): return "[audio \(mimeType), \(data.count * 3 / 4 / 1024) KB, not shown]"
        case .resource(let resource, _, _): return describe(resource)
        case .resourceLink(let uri, let name, _, let description, let mimeType, _):
            return "[resource link \(name): \(uri)\(mimeType.map { " (\($0))" } ?? "")\(description.map { " — \($0)" } ?? "")]"
        }
    }

    static func describe(_ resource: Resource.Content) -> String {
        if let text = resource.text { return "[resource \(resource.uri)]\n\(text)" }
        let size = (resource.blob?.count ?? 0) * 3 / 4 / 1024
        return "[resource \(resource.uri)\(resource.mimeType.map { " (\($0))" } ?? ""), \(size) KB of binary data, not shown]"
    }

    static func cap(_ text: String, limit: Int = limit) -> String {
        guard text.utf8.count > limit else { return text }
        let cut = String(decoding: text.utf8.prefix(limit), as: UTF8.self)
        return cut + "\n…(result cut at \(limit >> 10) KB of \(text.utf8.count >> 10) KB)"
    }
}

/// The SDK's `Value` and our `JSONValue` are both plain JSON: convert through their encodings.
enum JSONBridge {
    static func json(_ value: Value) -> JSONValue {
        guard let data = try? JSONEncoder().encode(value), let json = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return .null
        }
        return json
    }

    static func value(_ json: JSONValue) -> Value {
        guard let data = try? JSONEncoder().encode(json), let value = try? JSONDecoder().decode(Value.self, from: data) else {
            return .null
        }
        return value
    }
}
