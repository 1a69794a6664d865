import Foundation
import GRDB
import Core

extension AppDatabase {
    /// What an answer that was streaming when the app stopped says about itself.
    public static let interruptedByExitText = "The answer was cut off (the app stopped while it streamed)."

    /// Inserts the message, touches its conversation, and returns it with its id.
    public func appendMessage(_ message: Message) throws -> Message {
        try pool.write { db in
            var message = message
            try message.insert(db)
            try Self.recordStreamingOwner(of: message, db)
            try Self.touchConversation(id: message.conversationId, db)
            return message
        }
    }

    public func updateMessage(_ message: Message) throws {
        try pool.write { db in
            try message.update(db)
            try Self.recordStreamingOwner(of: message, db)
        }
    }

    /// Remembers which process streams a message (see `markInterruptedMessages`).
    private static func recordStreamingOwner(of message: Message, _ db: Database) throws {
        let owner: Int32? = message.status == .streaming ? getpid() : nil
        try db.execute(sql: "UPDATE message SET streamingPid = ? WHERE id = ?", arguments: [owner, message.id])
    }

    /// Saves streamed text so far. Called every ~250 ms while an answer streams: one UPDATE.
    public func checkpoint(messageId: Int64, content: String) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE message SET content = ?, updatedAt = ? WHERE id = ?",
                           arguments: [content, Date(), messageId])
        }
    }

    /// Ends a streamed answer: final text, status, usage, and the error shown under it if any.
    public func finishMessage(id: Int64, content: String, status: MessageStatus,
                              inputTokens: Int? = nil, outputTokens: Int? = nil, cost: Double? = nil,
                              errorText: String? = nil) throws {
        try pool.write { db in
            try db.execute(sql: """
                UPDATE message SET content = ?, status = ?, inputTokens = ?, outputTokens = ?, cost = ?, errorText = ?,
                    updatedAt = ?, streamingPid = NULL
                WHERE id = ?
                """, arguments: [content, status, inputTokens, outputTokens, cost, errorText, Date(), id])
            if let conversationId = try Int64.fetchOne(db, sql: "SELECT conversationId FROM message WHERE id = ?",
                                                       arguments: [id]) {
                try Self.touchConversation(id: conversationId, db)
            }
        }
    }

    /// The provider and model that answered, when a fallback took over from the one the
    /// answer started with.
    public func setAnswerer(messageId: Int64, provider: String, model: String) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE message SET provider = ?, model = ? WHERE id = ?", arguments: [provider, model, messageId])
        }
    }

    public func message(id: Int64) throws -> Message? {
        try pool.read { db in try Message.fetchOne(db, key: id) }
    }

    /// All messages of the conversation, oldest first, hidden branches included.
    public func messages(conversationId: Int64) throws -> [Message] {
        try pool.read { db in
            try Message.filter(Column("conversationId") == conversationId).order(Column("id")).fetchAll(db)
        }
    }

    /// The last `limit` messages of the active branch, oldest first: how the UI opens a long
    /// conversation and what the context is built from.
    /// `through`: only messages up to that id.
    public func recentMessages(conversationId: Int64, limit: Int, through: Int64 = .max) throws -> [Message] {
        try pool.read { db in
            try Message.fetchAll(db, sql: """
                SELECT * FROM (SELECT * FROM message WHERE conversationId = ? AND hiddenInBranch IS NULL AND id <= ?
                               ORDER BY id DESC LIMIT ?)
                ORDER BY id
                """, arguments: [conversationId, through, limit])
        }
    }

    /// Messages of the active branch.
    public func messageCount(conversationId: Int64) throws -> Int {
        try pool.read { db in
            try Message.filter(Column("conversationId") == conversationId && Column("hiddenInBranch") == nil).fetchCount(db)
        }
    }

    /// At start-up: answers left `streaming` by a process that is gone become `interrupted`, so a
    /// crash never leaves an answer looking alive. Streams of another running instance are left
    /// alone. Returns how many were marked.
    @discardableResult
    public func markInterruptedMessages() throws -> Int {
        try pool.write { db in
            let streaming = try Row.fetchAll(db, sql: "SELECT id, streamingPid FROM message WHERE status = 'streaming'")
            let stale: [Int64] = streaming.compactMap { row in
                let pid: Int32? = row["streamingPid"]
                return Self.isLiveOtherProcess(pid) ? nil : row["id"]
            }
            for id in stale {
                try db.execute(sql: """
                    UPDATE message SET status = 'interrupted', errorText = ?, updatedAt = ?, streamingPid = NULL
                    WHERE id = ?
                    """, arguments: [Self.interruptedByExitText, Date(), id])
                // Its steps that were still under way stopped with it: no spinner forever.
                try db.execute(sql: """
                    UPDATE timelineStep SET status = 'cancelled'
                    WHERE messageId = ? AND status IN ('pending', 'running', 'awaitingApproval')
                    """, arguments: [id])
            }
            return stale.count
        }
    }

    /// A killed process can linger as a zombie when nothing reaps it (containers without an
    /// init): it exists for kill(2) but streams nothing, so its state in /proc decides.
    static func isLiveOtherProcess(_ pid: Int32?) -> Bool {
        guard let pid, pid > 0, pid != getpid() else { return false }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return true }
        let state = stat[afterName.upperBound...].first
        return state != "Z" && state != "X"
    }
}
