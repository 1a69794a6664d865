import Foundation
import GRDB
import Core

/// A row of the conversation list: the conversation and how much it holds.
public struct ConversationSummary: Sendable, Equatable {
    public var conversation: Conversation
    public var messageCount: Int
    /// When a message was last added or finished (the list's order).
    public var lastActivity: Date { conversation.updatedAt }

    public init(conversation: Conversation, messageCount: Int) {
        self.conversation = conversation
        self.messageCount = messageCount
    }
}

extension AppDatabase {
    /// The conversation list: live conversations by last activity, archived ones after them,
    /// each with its message count (read through the message index). Two reads in the order
    /// of the activity index, so the first screenfuls of 20,000 conversations cost no sort.
    public func conversationSummaries(limit: Int = 100_000) throws -> [ConversationSummary] {
        try pool.read { db in
            var summaries: [ConversationSummary] = []
            for archived in [false, true] where summaries.count < limit {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT conversation.*,
                           (SELECT COUNT(*) FROM message WHERE message.conversationId = conversation.id) AS messageCount
                    FROM conversation WHERE deletedAt IS NULL AND archived = ?
                    ORDER BY updatedAt DESC, id DESC LIMIT ?
                    """, arguments: [archived, limit - summaries.count])
                summaries += try rows.map { ConversationSummary(conversation: try Conversation(row: $0), messageCount: $0["messageCount"]) }
            }
            return summaries
        }
    }

    /// Deletes for the session: the conversation leaves the list, search and start-up, and
    /// `restoreConversation` brings it back until `purgeTrash` (at exit, or the next start).
    public func trashConversation(id: Int64) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE conversation SET deletedAt = ?, deletedByPid = ? WHERE id = ?",
                           arguments: [Date(), getpid(), id])
        }
    }

    public func restoreConversation(id: Int64) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE conversation SET deletedAt = NULL, deletedByPid = NULL WHERE id = ?", arguments: [id])
        }
    }

    /// Deletes for good what this process put in the trash, and what processes that are gone
    /// left there (a crash); another running instance's trash is its own. Returns how many.
    @discardableResult
    public func purgeTrash() throws -> Int {
        try pool.write { db in
            let trashed = try Row.fetchAll(db, sql: "SELECT id, deletedByPid FROM conversation WHERE deletedAt IS NOT NULL")
            let gone: [Int64] = trashed.compactMap { row in
                let pid: Int32? = row["deletedByPid"]
                return pid != getpid() && Self.isLiveOtherProcess(pid) ? nil : row["id"]
            }
            for id in gone { _ = try Conversation.deleteOne(db, key: id) }
            return gone.count
        }
    }

    /// The window the chat opens on `messageId`: from `context` messages before it to the
    /// newest, at least the last `minimum` (a hit in an old message is shown with what follows).
    public func messages(conversationId: Int64, from messageId: Int64, context: Int, minimum: Int) throws -> [Message] {
        try pool.read { db in
            // Only the active branch, as `recentMessages` reads it.
            let start = try Int64.fetchOne(db, sql: """
                SELECT MIN(id) FROM (SELECT id FROM message WHERE conversationId = ? AND hiddenInBranch IS NULL AND id <= ?
                                     ORDER BY id DESC LIMIT ?)
                """, arguments: [conversationId, messageId, context + 1]) ?? messageId
            let recentStart = try Int64.fetchOne(db, sql: """
                SELECT MIN(id) FROM (SELECT id FROM message WHERE conversationId = ? AND hiddenInBranch IS NULL ORDER BY id DESC LIMIT ?)
                """, arguments: [conversationId, minimum]) ?? start
            return try Message.filter(Column("conversationId") == conversationId && Column("id") >= min(start, recentStart)
                                      && Column("hiddenInBranch") == nil)
                .order(Column("id")).fetchAll(db)
        }
    }
}
