import Foundation
import Core

/// `aihelper export --conversation ID --json`: one conversation with every message, tool call
/// and timeline step, all fields (missing values as null), and `format`/`version` so a reader
/// knows what it holds. `aihelper import --conversation` reads it back (docs/conversations.md).
public struct ConversationJSON: Codable, Equatable {
    public static let formatName = "aihelper-conversation"
    public static let currentVersion = 1

    public struct Header: Codable, Equatable {
        public var id: Int64?
        public var title: String
        public var provider: String?
        public var model: String?
        /// The conversation's own persona (null: the settings'); absent in files written before it was kept.
        public var persona: String?
        public var archived: Bool
        public var createdAt: Date
        public var updatedAt: Date

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(title, forKey: .title); try c.encode(provider, forKey: .provider)
            try c.encode(model, forKey: .model); try c.encode(persona, forKey: .persona); try c.encode(archived, forKey: .archived)
            try c.encode(createdAt, forKey: .createdAt); try c.encode(updatedAt, forKey: .updatedAt)
        }
    }
    public struct ToolCall: Codable, Equatable {
        public var id: Int64?
        public var callId: String
        public var name: String
        public var arguments: String
        public var result: String?
        public var isError: Bool
        public var createdAt: Date
        /// The pictures the tool gave; absent when none (and in files written before they were kept).
        public var images: [Image]? = nil

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(callId, forKey: .callId); try c.encode(name, forKey: .name)
            try c.encode(arguments, forKey: .arguments); try c.encode(result, forKey: .result)
            try c.encode(isError, forKey: .isError); try c.encode(createdAt, forKey: .createdAt)
            try c.encodeIfPresent(images, forKey: .images)
        }
    }
    public struct Step: Codable, Equatable {
        public var id: Int64?
        public var position: Int
        public var kind: TimelineKind
        public var title: String
        public var detail: String
        public var callId: String?
        public var status: StepStatus
        public var startedAt: Date
        public var duration: Double?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(position, forKey: .position); try c.encode(kind, forKey: .kind)
            try c.encode(title, forKey: .title); try c.encode(detail, forKey: .detail); try c.encode(callId, forKey: .callId)
            try c.encode(status, forKey: .status); try c.encode(startedAt, forKey: .startedAt); try c.encode(duration, forKey: .duration)
        }
    }
    /// A picture sent with a message, or given by a tool: its bytes in base64, its type, size
    /// and name as attached.
    public struct Image: Codable, Equatable {
        public var name: String
        public var mimeType: String
        public var width: Int
        public var height: Int
        public var data: String

        /// The pictures as the file keeps them; nil when there are none (the key is left out).
        static func entries(_ images: [ImageAttachment]?) -> [Image]? {
            guard let images, !images.isEmpty else { return nil }
            return images.map { Image(name: $0.name, mimeType: $0.mimeType, width: $0.info.width, height: $0.info.height, data: $0.base64) }
        }

        /// The bytes decide what a picture is, as when it was attached; what is not one is left out.
        static func attachments(_ images: [Image]?) -> [ImageAttachment] {
            (images ?? []).compactMap { image in
                Data(base64Encoded: image.data).flatMap { try? ImageAttachment(name: image.name, data: $0, maxBytes: .max) }
            }
        }
    }
    public struct Entry: Codable, Equatable {
        public var id: Int64?
        public var role: Role
        public var content: String
        public var status: MessageStatus
        public var provider: String?
        public var model: String?
        public var inputTokens: Int?
        public var outputTokens: Int?
        public var cost: Double?
        public var errorText: String?
        public var createdAt: Date
        public var updatedAt: Date
        public var toolCalls: [ToolCall]
        public var timeline: [Step]
        /// Absent when the message has none (and in files written before images were kept).
        public var images: [Image]? = nil

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(role, forKey: .role); try c.encode(content, forKey: .content)
            try c.encode(status, forKey: .status); try c.encode(provider, forKey: .provider); try c.encode(model, forKey: .model)
            try c.encode(inputTokens, forKey: .inputTokens); try c.encode(outputTokens, forKey: .outputTokens)
            try c.encode(cost, forKey: .cost); try c.encode(errorText, forKey: .errorText)
            try c.encode(createdAt, forKey: .createdAt); try c.encode(updatedAt, forKey: .updatedAt)
            try c.encode(toolCalls, forKey: .toolCalls); try c.encode(timeline, forKey: .timeline)
            try c.encodeIfPresent(images, forKey: .images)
        }
    }

    public var format: String
    public var version: Int
    public var conversation: Header
    public var messages: [Entry]

    public init(_ records: ConversationRecords) {
        format = Self.formatName
        version = Self.currentVersion
        let c = records.conversation
        conversation = Header(id: c.id, title: c.title, provider: c.provider, model: c.model, persona: c.persona, archived: c.archived,
                              createdAt: c.createdAt, updatedAt: c.updatedAt)
        messages = records.messages.map { m in
            let id = m.id ?? -1
            return Entry(id: m.id, role: m.role, content: m.content, status: m.status, provider: m.provider, model: m.model,
                         inputTokens: m.inputTokens, outputTokens: m.outputTokens, cost: m.cost, errorText: m.errorText,
                         createdAt: m.createdAt, updatedAt: m.updatedAt,
                         toolCalls: (records.toolCalls[id] ?? []).map {
                             ToolCall(id: $0.id, callId: $0.callId, name: $0.name, arguments: $0.arguments, result: $0.result,
                                      isError: $0.isError, createdAt: $0.createdAt, images: Image.entries(records.toolCallImages[id]?[$0.callId]))
                         },
                         timeline: (records.steps[id] ?? []).map {
                             Step(id: $0.id, position: $0.position, kind: $0.kind, title: $0.title, detail: $0.detail,
                                  callId: $0.callId, status: $0.status, startedAt: $0.startedAt, duration: $0.duration)
                         },
                         images: Image.entries(records.images[id]))
        }
    }

    /// The records to store. Message ids are the file's (to link tool calls and steps); the
    /// import gives everything new ids.
    public var records: ConversationRecords {
        let header = Conversation(id: conversation.id, title: conversation.title, provider: conversation.provider,
                                  model: conversation.model, persona: conversation.persona, archived: conversation.archived,
                                  createdAt: conversation.createdAt, updatedAt: conversation.updatedAt)
        var records = ConversationRecords(conversation: header, messages: [])
        for (index, entry) in messages.enumerated() {
            // The file's ids only link a message to its calls and steps; a missing one gets its place.
            let id = entry.id ?? Int64(index + 1)
            records.messages.append(Message(id: id, conversationId: 0, role: entry.role, content: entry.content, status: entry.status,
                                            provider: entry.provider, model: entry.model, inputTokens: entry.inputTokens,
                                            outputTokens: entry.outputTokens, cost: entry.cost, errorText: entry.errorText,
                                            createdAt: entry.createdAt, updatedAt: entry.updatedAt))
            records.toolCalls[id] = entry.toolCalls.map {
                ToolCallRecord(id: $0.id, messageId: id, callId: $0.callId, name: $0.name, arguments: $0.arguments,
                               result: $0.result, isError: $0.isError, createdAt: $0.createdAt)
            }
            let images = Image.attachments(entry.images)
            if !images.isEmpty { records.images[id] = images }
            for call in entry.toolCalls {
                let images = Image.attachments(call.images)
                if !images.isEmpty { records.toolCallImages[id, default: [:]][call.callId] = images }
            }
            records.steps[id] = entry.timeline.map {
                TimelineStep(id: $0.id, messageId: id, position: $0.position, kind: $0.kind, title: $0.title, detail: $0.detail,
                             callId: $0.callId, status: $0.status, startedAt: $0.startedAt, duration: $0.duration)
            }
        }
        return records
    }

    /// Pretty-printed, sorted keys, dates in ISO 8601 with milliseconds, nulls written out.
    public func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.dateFormatter().string(from: date))
        }
        let data = try encoder.encode(self)
        // Strings keep what they hold; C1 and bidi controls, which the encoder leaves raw, are escaped.
        return Sanitizer.escapingJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    static func dateFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
