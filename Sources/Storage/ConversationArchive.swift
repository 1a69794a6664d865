import Foundation
import GRDB
import Core

/// A whole conversation out of the database and back in (`aihelper export/import --conversation`).
extension AppDatabase {
    /// The conversation with every message, tool call and timeline step, and the pictures of its
    /// messages and tool calls — with their bytes, unless `imageBytes` is false (a Markdown file
    /// names them only); nil when there is none with that id (or it was deleted this session).
    public func conversationRecords(id: Int64, imageBytes: Bool = true) throws -> ConversationRecords? {
        try pool.read { db in
            guard let conversation = try Conversation.filter(key: id).filter(Column("deletedAt") == nil).fetchOne(db) else { return nil }
            let messages = try Message.filter(Column("conversationId") == id).order(Column("id")).fetchAll(db)
            let ids = messages.compactMap(\.id)
            let calls = try ToolCallRecord.filter(ids.contains(Column("messageId"))).order(Column("id")).fetchAll(db)
            let steps = try TimelineStep.filter(ids.contains(Column("messageId")))
                .order(Column("messageId"), Column("position"), Column("id")).fetchAll(db)
            var images: [Int64: [ImageAttachment]] = [:]
            for (messageId, stored) in try Self.images(owners: ids, table: "messageImage", owner: "messageId", db) {
                images[messageId] = try Self.attachments(stored, bytes: imageBytes, db)
            }
            var toolCallImages: [Int64: [String: [ImageAttachment]]] = [:]
            let byId = Dictionary(calls.compactMap { call in call.id.map { ($0, call) } }, uniquingKeysWith: { a, _ in a })
            for (callId, stored) in try Self.images(owners: Array(byId.keys), table: "toolCallImage", owner: "toolCallId", db) {
                guard let call = byId[callId] else { continue }
                toolCallImages[call.messageId, default: [:]][call.callId] = try Self.attachments(stored, bytes: imageBytes, db)
            }
            return ConversationRecords(conversation: conversation, messages: messages,
                                       toolCalls: Dictionary(grouping: calls, by: \.messageId),
                                       steps: Dictionary(grouping: steps, by: \.messageId), images: images,
                                       toolCallImages: toolCallImages)
        }
    }

    /// Stores `records` as a new conversation, in one transaction: every id is new (messages,
    /// tool calls and steps are linked to the new ids), so importing twice makes two copies and
    /// never touches what is stored. An answer that was streaming comes back interrupted.
    public func importConversation(_ records: ConversationRecords) throws -> Conversation {
        try importConversations([records])[0]
    }

    /// Several at once, in one transaction: all are stored or none.
    public func importConversations(_ list: [ConversationRecords]) throws -> [Conversation] {
        try importingConversations { writer in try list.map { try writer.store($0) } }
    }

    /// Runs `body` in ONE write transaction with a `ConversationWriter` to store conversations
    /// through; a throw from `body` keeps nothing. The per-row insert triggers of the
    /// conversation tables (change counter, full-text index) are suspended for the run and
    /// caught up in bulk at the end (`SuspendedInsertTriggers`): every row is new, none is updated.
    public func importingConversations<T>(_ body: (inout ConversationWriter) throws -> T) throws -> T {
        try pool.write { db in
            var triggers = try SuspendedInsertTriggers(db, tables: ConversationWriter.tables)
            var writer = try ConversationWriter(db)
            let result = try body(&writer)
            try triggers.restore(db)
            return result
        }
    }
}

/// Stores imported conversations inside `AppDatabase.importingConversations`, through
/// prepared statements with arguments bound directly (no Codable per row).
public struct ConversationWriter {
    static let tables = ["conversation", "message", "toolCall", "timelineStep"]
    private let db: Database
    private let conversation, message, toolCall, step: Statement

    init(_ db: Database) throws {
        self.db = db
        conversation = try db.makeStatement(sql: """
            INSERT INTO conversation (title, provider, model, persona, archived, createdAt, updatedAt) VALUES (?,?,?,?,?,?,?)
            """)
        message = try db.makeStatement(sql: """
            INSERT INTO message (conversationId, role, content, status, provider, model, inputTokens, outputTokens, cost,
                errorText, createdAt, updatedAt) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        toolCall = try db.makeStatement(sql: """
            INSERT INTO toolCall (messageId, callId, name, arguments, result, isError, createdAt) VALUES (?,?,?,?,?,?,?)
            """)
        step = try db.makeStatement(sql: """
            INSERT INTO timelineStep (messageId, position, kind, title, detail, callId, status, startedAt, duration)
            VALUES (?,?,?,?,?,?,?,?,?)
            """)
    }

    /// Stores one conversation with new ids; a failure part-way takes back this one only
    /// (a savepoint), so a caller that goes on keeps the others.
    public mutating func store(_ records: ConversationRecords) throws -> Conversation {
        var stored = records.conversation
        try db.inSavepoint {
            let c = records.conversation
            conversation.setUncheckedArguments([c.title, c.provider, c.model, c.persona, c.archived, StoredDate.value(c.createdAt), StoredDate.value(c.updatedAt)])
            try conversation.execute()
            stored.id = db.lastInsertedRowID
            for original in records.messages {
                var m = original
                if m.status == .streaming {
                    m.status = .interrupted
                    m.errorText = m.errorText ?? AppDatabase.interruptedByExitText
                }
                message.setUncheckedArguments([stored.id!, m.role, m.content, m.status, m.provider, m.model, m.inputTokens,
                                               m.outputTokens, m.cost, m.errorText, StoredDate.value(m.createdAt),
                                               StoredDate.value(m.updatedAt)])
                try message.execute()
                let messageId = db.lastInsertedRowID
                guard let oldId = original.id else { continue }
                for call in records.toolCalls[oldId] ?? [] {
                    toolCall.setUncheckedArguments([messageId, call.callId, call.name, call.arguments, call.result, call.isError,
                                                    StoredDate.value(call.createdAt)])
                    try toolCall.execute()
                    if let images = records.toolCallImages[oldId]?[call.callId], !images.isEmpty {
                        try AppDatabase.link(images, table: "toolCallImage", owner: "toolCallId", id: db.lastInsertedRowID, db)
                    }
                }
                if let images = records.images[oldId], !images.isEmpty {
                    try AppDatabase.link(images, table: "messageImage", owner: "messageId", id: messageId, db)
                }
                for s in records.steps[oldId] ?? [] {
                    step.setUncheckedArguments([messageId, s.position, s.kind, s.title, s.detail, s.callId, s.status, StoredDate.value(s.startedAt),
                                                s.duration])
                    try step.execute()
                }
            }
            return .commit
        }
        // The messages' inserts do not touch it: it keeps its own times.
        return stored
    }
}
