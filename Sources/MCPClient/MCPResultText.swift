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
        var images: [ImageAttachment] = []
        var parts = result.content.map { content in
            guard case .image(let data, _, _, _) = content else { return describe(content) }
            return keep(data, number: images.count + 1, into: &images) ?? describe(content)
        }
        if let structured = result.structuredContent {
            let json = JSONBridge.json(structured).jsonText
            // Servers often send the same JSON as text too: say it once.
            if !parts.contains(json) { parts.append(json) }
        }
        var text = parts.joined(separator: "\n")
        if text.isEmpty { text = result.isError == true ? "The tool failed without saying why." : "(no content)" }
        return ToolResult(text: cap(Sanitizer.clean(text)), isError: result.isError == true, images: images)
    }

    /// An image the server sent, kept when its bytes are a PNG, JPEG, GIF or WebP within the cap
    /// (sniffed: the MIME type is only the server's word); the model reads a line about it either way.
    static func keep(_ base64: String, number: Int, into images: inout [ImageAttachment]) -> String? {
        guard images.count < maxImages, let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters),
              let image = try? ImageAttachment(name: "image \(number)", data: data, maxBytes: ImageAttachment.defaultMaxBytes) else {
            return nil
        }
        images.append(image)
        return "[image \(image.mimeType), \(image.info.sizeText), \(image.info.bytesText): shown to the user, you cannot see it]"
    }

    /// Images kept from one result; more are described only.
    static let maxImages = 8

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
