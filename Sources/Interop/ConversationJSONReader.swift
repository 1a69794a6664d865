import Foundation
import Core

/// Reads an exported conversation straight from its bytes (`JSONCursor`): JSONDecoder spends
/// most of a 10,000-file import in its Codable containers. Strict: nil at anything it does not
/// expect (a missing field, a wrong type, an unknown role, a date of another form), and
/// `ConversationJSON.read` then decodes the file with JSONDecoder, which says what is wrong.
/// Unknown keys are skipped, missing optional ones are nil, as with JSONDecoder.
enum ConversationJSONReader {
    static func read(_ data: Data) -> ConversationJSON? {
        data.withUnsafeBytes { raw -> ConversationJSON? in
            var cursor = JSONCursor(raw.bindMemory(to: UInt8.self))
            var format: String?, version: Int64?, header: ConversationJSON.Header?, messages: [ConversationJSON.Entry]?
            let read = cursor.object { c, key in
                switch key {
                case "format": format = c.string(); return format != nil
                case "version": version = c.int64(); return version != nil
                case "conversation": header = readHeader(&c); return header != nil
                case "messages":
                    var list: [ConversationJSON.Entry] = []
                    let done = c.array { c in
                        guard let entry = readEntry(&c) else { return false }
                        list.append(entry)
                        return true
                    }
                    messages = list
                    return done
                default: return c.skip()
                }
            }
            guard read, cursor.atEnd(), let format, let version, let header, let messages, let v = Int(exactly: version) else { return nil }
            return ConversationJSON(format: format, version: v, conversation: header, messages: messages)
        }
    }

    /// `null` (nil inside), the value, or nil when it is neither.
    private static func optional<T>(_ c: inout JSONCursor, _ read: (inout JSONCursor) -> T?) -> T?? {
        if c.null() { return .some(nil) }
        return read(&c).map { .some($0) }
    }

    private static func date(_ c: inout JSONCursor) -> Date? { c.string().flatMap(UTCTimestamp.parseISO) }
    private static func string(_ c: inout JSONCursor) -> String? { c.string() }
    private static func int64(_ c: inout JSONCursor) -> Int64? { c.int64() }
    private static func int(_ c: inout JSONCursor) -> Int? { c.int64().flatMap { Int(exactly: $0) } }
    private static func double(_ c: inout JSONCursor) -> Double? { c.double() }

    private static func readHeader(_ c: inout JSONCursor) -> ConversationJSON.Header? {
        var id: Int64??, title: String?, provider: String??, model: String??, persona: String??
        var archived: Bool?, createdAt: Date?, updatedAt: Date?
        let read = c.object { c, key in
            switch key {
            case "id": id = optional(&c, int64); return id != nil
            case "title": title = c.string(); return title != nil
            case "provider": provider = optional(&c, string); return provider != nil
            case "model": model = optional(&c, string); return model != nil
            case "persona": persona = optional(&c, string); return persona != nil
            case "archived": archived = c.bool(); return archived != nil
            case "createdAt": createdAt = date(&c); return createdAt != nil
            case "updatedAt": updatedAt = date(&c); return updatedAt != nil
            default: return c.skip()
            }
        }
        guard read, let title, let archived, let createdAt, let updatedAt else { return nil }
        return ConversationJSON.Header(id: id ?? nil, title: title, provider: provider ?? nil, model: model ?? nil,
                                       persona: persona ?? nil, archived: archived, createdAt: createdAt, updatedAt: updatedAt)
    }

    private static func readEntry(_ c: inout JSONCursor) -> ConversationJSON.Entry? {
        var id: Int64??, role: Role?, content: String?, status: MessageStatus?, provider: String??, model: String??
        var inputTokens: Int??, outputTokens: Int??, cost: Double??, errorText: String??, createdAt: Date?, updatedAt: Date?
        var toolCalls: [ConversationJSON.ToolCall]?, timeline: [ConversationJSON.Step]?, images: [ConversationJSON.Image]?
        let read = c.object { c, key in
            switch key {
            case "id": id = optional(&c, int64); return id != nil
            case "role": role = c.string().flatMap(Role.init(rawValue:)); return role != nil
            case "content": content = c.string(); return content != nil
            case "status": status = c.string().flatMap(MessageStatus.init(rawValue:)); return status != nil
            case "provider": provider = optional(&c, string); return provider != nil
            case "model": model = optional(&c, string); return model != nil
            case "inputTokens": inputTokens = optional(&c, int); return inputTokens != nil
            case "outputTokens": outputTokens = optional(&c, int); return outputTokens != nil
            case "cost": cost = optional(&c, double); return cost != nil
            case "errorText": errorText = optional(&c, string); return errorText != nil
            case "createdAt": createdAt = date(&c); return createdAt != nil
            case "updatedAt": updatedAt = date(&c); return updatedAt != nil
            case "toolCalls": toolCalls = list(&c, readToolCall); return toolCalls != nil
            case "timeline": timeline = list(&c, readStep); return timeline != nil
            case "images": images = list(&c, readImage); return images != nil
            default: return c.skip()
            }
        }
        guard read, let role, let content, let status, let createdAt, let updatedAt, let toolCalls, let timeline else { return nil }
        return ConversationJSON.Entry(id: id ?? nil, role: role, content: content, status: status, provider: provider ?? nil,
                                      model: model ?? nil, inputTokens: inputTokens ?? nil, outputTokens: outputTokens ?? nil,
                                      cost: cost ?? nil, errorText: errorText ?? nil, createdAt: createdAt, updatedAt: updatedAt,
                                      toolCalls: toolCalls, timeline: timeline, images: images)
    }

    private static func readImage(_ c: inout JSONCursor) -> ConversationJSON.Image? {
        var name: String?, mimeType: String?, width: Int?, height: Int?, data: String?
        let read = c.object { c, key in
            switch key {
            case "name": name = c.string(); return name != nil
            case "mimeType": mimeType = c.string(); return mimeType != nil
            case "width": width = int(&c); return width != nil
            case "height": height = int(&c); return height != nil
            case "data": data = c.string(); return data != nil
            default: return c.skip()
            }
        }
        guard read, let name, let mimeType, let width, let height, let data else { return nil }
        return ConversationJSON.Image(name: name, mimeType: mimeType, width: width, height: height, data: data)
    }

    private static func list<T>(_ c: inout JSONCursor, _ element: (inout JSONCursor) -> T?) -> [T]? {
        var items: [T] = []
        let read = c.array { c in
            guard let item = element(&c) else { return false }
            items.append(item)
            return true
        }
        return read ? items : nil
    }

    private static func readToolCall(_ c: inout JSONCursor) -> ConversationJSON.ToolCall? {
        var id: Int64??, callId: String?, name: String?, arguments: String?, result: String??, isError: Bool?, createdAt: Date?
        var images: [ConversationJSON.Image]?
        let read = c.object { c, key in
            switch key {
            case "id": id = optional(&c, int64); return id != nil
            case "callId": callId = c.string(); return callId != nil
            case "name": name = c.string(); return name != nil
            case "arguments": arguments = c.string(); return arguments != nil
            case "result": result = optional(&c, string); return result != nil
            case "isError": isError = c.bool(); return isError != nil
            case "createdAt": createdAt = date(&c); return createdAt != nil
            case "images": images = list(&c, readImage); return images != nil
            default: return c.skip()
            }
        }
        guard read, let callId, let name, let arguments, let isError, let createdAt else { return nil }
        return ConversationJSON.ToolCall(id: id ?? nil, callId: callId, name: name, arguments: arguments, result: result ?? nil,
                                         isError: isError, createdAt: createdAt, images: images)
    }

    private static func readStep(_ c: inout JSONCursor) -> ConversationJSON.Step? {
        var id: Int64??, position: Int?, kind: TimelineKind?, title: String?, detail: String?, callId: String??
        var status: StepStatus?, startedAt: Date?, duration: Double??
        let read = c.object { c, key in
            switch key {
            case "id": id = optional(&c, int64); return id != nil
            case "position": position = int(&c); return position != nil
            case "kind": kind = c.string().flatMap(TimelineKind.init(rawValue:)); return kind != nil
            case "title": title = c.string(); return title != nil
            case "detail": detail = c.string(); return detail != nil
            case "callId": callId = optional(&c, string); return callId != nil
            case "status": status = c.string().flatMap(StepStatus.init(rawValue:)); return status != nil
            case "startedAt": startedAt = date(&c); return startedAt != nil
            case "duration": duration = optional(&c, double); return duration != nil
            default: return c.skip()
            }
        }
        guard read, let position, let kind, let title, let detail, let status, let startedAt else { return nil }
        return ConversationJSON.Step(id: id ?? nil, position: position, kind: kind, title: title, detail: detail, callId: callId ?? nil,
                                     status: status, startedAt: startedAt, duration: duration ?? nil)
    }
}

extension ConversationJSON {
    init(format: String, version: Int, conversation: Header, messages: [Entry]) {
        self.format = format; self.version = version; self.conversation = conversation; self.messages = messages
    }
}
