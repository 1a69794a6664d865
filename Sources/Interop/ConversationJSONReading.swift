import Foundation
import Core

extension ConversationJSON {
    /// Files larger than this are refused before they are parsed.
    public static let maxFileSize = 64 << 20

    /// Reads and checks an exported conversation. Throws `InteropError` naming what is wrong
    /// (the field's path, as "messages[3].role") and what to do; nothing is stored by reading.
    public static func read(_ data: Data) throws -> ConversationJSON {
        guard data.count <= maxFileSize else {
            throw InteropError(line: nil, "the file is \(data.count >> 20) MB, more than the \(maxFileSize >> 20) MB a conversation may be",
                               hint: "export the conversation again, or split it")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let plain = ISO8601DateFormatter()
            guard let date = dateFormatter().date(from: text) ?? plain.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "“\(text)” is not an ISO 8601 date and time")
            }
            return date
        }
        // The format first: a different JSON file is named as such, not by its first odd field.
        struct Envelope: Decodable { var format: String?; var version: Int? }
        let envelope: Envelope
        do { envelope = try decoder.decode(Envelope.self, from: data) } catch {
            throw InteropError(line: nil, "not a JSON object (\(Self.describe(error)))",
                               hint: "import a file written by `aihelper export --conversation ID --json`")
        }
        guard envelope.format == formatName else {
            throw InteropError(line: nil, "the \"format\" field is \(envelope.format.map { "\"\($0)\"" } ?? "missing"), not \"\(formatName)\"",
                               hint: "import a file written by `aihelper export --conversation ID --json`")
        }
        guard let version = envelope.version, version >= 1, version <= currentVersion else {
            throw InteropError(line: nil, "version \(envelope.version.map(String.init) ?? "missing") is not one this AI Helper reads (1…\(currentVersion))",
                               hint: "update AI Helper, or export the conversation again")
        }
        let file: ConversationJSON
        do { file = try decoder.decode(ConversationJSON.self, from: data) } catch {
            throw InteropError(line: nil, Self.describe(error), hint: "fix that field or export the conversation again")
        }
        if holdsNUL(data) {
            throw InteropError(line: nil, "a string holds a NUL character (\\u0000), which would cut the stored text short",
                               hint: "remove the \\u0000 escapes and import the file again")
        }
        try file.checkLinks()
        return file
    }

    /// Whether a JSON string holds `\u0000` (a backslash before it that is itself escaped does not count).
    private static func holdsNUL(_ data: Data) -> Bool {
        let bytes = [UInt8](data), escape = Array(#"\u0000"#.utf8)
        var i = 0
        while let start = bytes[i...].firstRange(of: escape)?.lowerBound {
            var backslashes = 1
            while start - backslashes >= 0, bytes[start - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 1 { return true }
            i = start + 1
        }
        return false
    }

    /// Message ids are unique, so tool calls and steps belong to one message each.
    private func checkLinks() throws {
        var seen = Set<Int64>()
        for (index, entry) in messages.enumerated() {
            guard let id = entry.id else { continue }
            guard seen.insert(id).inserted else {
                throw InteropError(line: nil, "messages[\(index)].id \(id) is used twice", hint: "give each message its own id")
            }
            var callIds = Set<String>()
            for (i, call) in entry.toolCalls.enumerated() where !callIds.insert(call.callId).inserted {
                throw InteropError(line: nil, "messages[\(index)].toolCalls[\(i)].callId \"\(call.callId)\" is used twice in one message",
                                   hint: "give each tool call of a message its own callId")
            }
        }
    }

    /// A decoding error in words: where ("messages[2].role") and what.
    static func describe(_ error: Error) -> String {
        func path(_ codingPath: [CodingKey], _ last: CodingKey? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            let text = keys.reduce("") { text, key in
                key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
            }
            return text.isEmpty ? "the file" : text
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath, key)) is missing"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)) is not \(Self.noun(type))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)) is null, it must be \(Self.noun(type))"
        case .dataCorrupted(let context):
            let reason = context.debugDescription.hasPrefix("Cannot initialize")
                ? "has a value it cannot have (\(context.debugDescription.split(separator: " ").suffix(1).joined()))"
                : "is not valid: " + context.debugDescription
            return context.codingPath.isEmpty ? "the file is not valid JSON" : "\(path(context.codingPath)) \(reason)"
        @unknown default: return "\(error)"
        }
    }

    private static func noun(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Double.Type: return "a number"
        case is [Any].Type: return "a list"
        default: return "an object"
        }
    }
}
