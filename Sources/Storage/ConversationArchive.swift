import Foundation
import GRDB
import Core

/// A whole conversation out of the database and back in (`aihelper export/import --conversation`).
extension AppDatabase {
    /// The conversation with every message, tool call and timeline step; nil when there is none
    /// with that id (or it was deleted this session).
    public func conversationRecords(id: Int64) throws -> ConversationRecords? {
        try pool.read { db in
            guard let conversation = try Conversation.filter(key: id).filter(Column("deletedAt") == nil).fetchOne(db) else { return nil }
            let messages = try Message.filter(Column("conversationId") == id).order(Column("id")).fetchAll(db)
            let ids = messages.compactMap(\.id)
            let calls = try ToolCallRecord.filter(ids.contains(Column("messageId"))).order(Column("id")).fetchAll(db)
            let steps = try TimelineStep.filter(ids.contains(Column("messageId")))
                .order(Column("messageId"), Column("position"), Column("id")).fetchAll(db)
            return ConversationRecords(conversation: conversation, messages: messages,
                                       toolCalls: Dictionary(grouping: calls, by: \.messageId),
                                       steps: Dictionary(grouping: steps, by: \.messageId))
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
        try pool.write { db in try list.map { try Self.insertCopy(of: $0, db) } }
    }

    private static func insertCopy(of records: ConversationRecords, _ db: Database) throws -> Conversation {
        var conversation = records.conversation
        conversation.id = nil
        try conversation.insert(db)
        for original in records.messages {
            var message = original
            message.id = nil
            message.conversationId = conversation.id!
            if message.status == .streaming {
                message.status = .interrupted
                message.errorText = message.errorText ?? Self.interruptedByExitText
            }
            try message.insert(db)
            guard let oldId = original.id else { continue }
            for var call in records.toolCalls[oldId] ?? [] {
                call.id = nil
                call.messageId = message.id!
                try call.insert(db)
            }
            for var step in records.steps[oldId] ?? [] {
                step.id = nil
                step.messageId = message.id!
                try step.insert(db)
            }
        }
        // The messages' inserts do not touch it: it keeps its own times.
        return conversation
    }
}
