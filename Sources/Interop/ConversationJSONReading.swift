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
        // The exporter's files are read directly; anything else (or anything wrong) by JSONDecoder.
        if let file = ConversationJSONReader.read(data), file.format == formatName, (1...currentVersion).contains(file.version) {
            return try checked(file, data)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            // What the exporter writes, read directly; other ISO 8601 forms through a formatter.
            guard let date = UTCTimestamp.parseISO(text) ?? dateFormatter().date(from: text) ?? ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "“\(text)” is not an ISO 8601 date and time")
            }
            return date
        }
        // The format first: a different JSON file is named as such, not by its first odd field.
        struct Envelope: Decodable { var format: String?; var version: Int? }
        let envelope: Envelope
        do { envelope = try decoder.decode(Envelope.self, from: data) } catch {
            throw InteropError(at: place(of: error, in: data), "not a JSON object (\(Self.describe(error)))",
                               hint: "import a file written by `aihelper export --conversation ID --json`")
        }
        guard envelope.format == formatName else {
            throw InteropError(at: JSONPosition.place(of: [.key("format")], in: data), "the \"format\" field is \(envelope.format.map { "\"\($0)\"" } ?? "missing"), not \"\(formatName)\"",
                               hint: "import a file written by `aihelper export --conversation ID --json`")
        }
        guard let version = envelope.version, version >= 1, version <= currentVersion else {
            throw InteropError(at: JSONPosition.place(of: [.key("version")], in: data), "version \(envelope.version.map(String.init) ?? "missing") is not one this AI Helper reads (1…\(currentVersion))",
                               hint: "update AI Helper, or export the conversation again")
        }
        let file: ConversationJSON
        do { file = try decoder.decode(ConversationJSON.self, from: data) } catch {
            throw InteropError(at: place(of: error, in: data), Self.describe(error), hint: "fix that field or export the conversation again")
        }
        return try checked(file, data)
    }

    /// The checks a decoded file must pass too: no NUL in a string, ids that link.
    private static func checked(_ file: ConversationJSON, _ data: Data) throws -> ConversationJSON {
        if let offset = nulEscape(in: data) {
            throw InteropError(at: JSONPosition.lineAndColumn(of: offset, in: [UInt8](data)),
                               "a string holds a NUL character (\\u0000), which would cut the stored text short",
                               hint: "remove the \\u0000 escapes and import the file again")
        }
        do { try file.checkLinks() } catch var error as InteropError {
            if let path = error.path { (error.line, error.column) = JSONPosition.place(of: path, in: data).map { ($0.line, $0.column) } ?? (nil, nil) }
            throw error
        }
        return file
    }

    /// Where a decoding error is: the field its path names, or where the text stops being JSON.
    private static func place(of error: Error, in data: Data) -> (line: Int, column: Int)? {
        guard let error = error as? DecodingError else { return nil }
        let steps: ([CodingKey]) -> [JSONPosition.Step] = { $0.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) } }
        switch error {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return JSONPosition.place(of: steps(context.codingPath), in: data)
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? JSONPosition.syntaxError(in: data) : JSONPosition.place(of: steps(context.codingPath), in: data)
        @unknown default: return nil
        }
    }

    /// The offset of a `\u0000` in a JSON string (a backslash before it that is itself escaped
    /// does not count); nil when there is none.
    private static func nulEscape(in data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let escape = Array(#"\u0000"#.utf8)
            var i = 0
            while i + escape.count <= bytes.count {
                // memchr finds each backslash quickly; most files hold few.
                guard let found = memchr(bytes.baseAddress! + i, Int32(UInt8(ascii: "\\")), bytes.count - i) else { return nil }
                let start = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var run = 1
                while start + run < bytes.count, bytes[start + run] == UInt8(ascii: "\\") { run += 1 }
                // An odd run of backslashes ends in one that escapes what follows.
                let escaping = start + run - 1
                if run % 2 == 1, escaping + escape.count <= bytes.count,
                   (0..<escape.count).allSatisfy({ bytes[escaping + $0] == escape[$0] }) { return escaping }
                i = start + run
            }
            return nil
        }
    }

    /// Message ids are unique, so tool calls and steps belong to one message each.
    private func checkLinks() throws {
        var seen = Set<Int64>()
        for (index, entry) in messages.enumerated() {
            guard let id = entry.id else { continue }
            guard seen.insert(id).inserted else {
                var error = InteropError(line: nil, "messages[\(index)].id \(id) is used twice", hint: "give each message its own id")
                error.path = [.key("messages"), .index(index), .key("id")]
                throw error
            }
            var callIds = Set<String>()
            for (i, call) in entry.toolCalls.enumerated() where !callIds.insert(call.callId).inserted {
                var error = InteropError(line: nil, "messages[\(index)].toolCalls[\(i)].callId \"\(call.callId)\" is used twice in one message",
                                         hint: "give each tool call of a message its own callId")
                error.path = [.key("messages"), .index(index), .key("toolCalls"), .index(i), .key("callId")]
                throw error
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
