import Foundation
import GRDB
import Core

/// A stored summary of (part of) a conversation.
public struct StoredSummary: Equatable, Sendable {
    public enum Kind: String, Sendable { case manual, auto }
    public var id: Int64
    public var conversationId: Int64
    /// The message showing it (`/summarize`'s answer); nil for automatic ones.
    public var messageId: Int64?
    public var kind: Kind
    /// The newest message it covers.
    public var coversThroughId: Int64
    public var summary: Summary
    public var createdAt: Date

    public init(id: Int64, conversationId: Int64, messageId: Int64?, kind: Kind, coversThroughId: Int64, summary: Summary, createdAt: Date) {
        self.id = id; self.conversationId = conversationId; self.messageId = messageId; self.kind = kind
        self.coversThroughId = coversThroughId; self.summary = summary; self.createdAt = createdAt
    }
}

extension AppDatabase {
    @discardableResult
    public func saveSummary(_ summary: Summary, conversationId: Int64, messageId: Int64?, kind: StoredSummary.Kind,
                            coversThroughId: Int64, at date: Date = Date()) throws -> Int64 {
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO conversationSummary (conversationId, messageId, kind, coversThroughId, json, createdAt)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [conversationId, messageId, kind.rawValue, coversThroughId, summary.jsonText, date])
            return db.lastInsertedRowID
        }
    }

    /// The summaries shown by these messages (the transcript's window), by message id.
    public func summaries(shownBy messageIds: [Int64]) throws -> [Int64: StoredSummary] {
        guard !messageIds.isEmpty else { return [:] }
        return try pool.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM conversationSummary WHERE messageId IN (\(databaseQuestionMarks(count: messageIds.count)))",
                                        arguments: StatementArguments(messageIds))
            return Dictionary(rows.compactMap(Self.storedSummary).compactMap { s in s.messageId.map { ($0, s) } },
                              uniquingKeysWith: { a, _ in a })
        }
    }

    /// The newest automatic summary of the conversation.
    public func latestAutoSummary(conversationId: Int64) throws -> StoredSummary? {
        try pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT * FROM conversationSummary WHERE conversationId = ? AND kind = 'auto'
                ORDER BY coversThroughId DESC LIMIT 1
                """, arguments: [conversationId]).flatMap(Self.storedSummary)
        }
    }

    /// Every summary made in `[start, end)`, oldest first: what a review rolls up.
    public func summaries(from start: Date, to end: Date) throws -> [StoredSummary] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM conversationSummary WHERE createdAt >= ? AND createdAt < ? ORDER BY createdAt, id
                """, arguments: [start, end]).compactMap(Self.storedSummary)
        }
    }

    private static func storedSummary(_ row: Row) -> StoredSummary? {
        guard let summary = Summary(jsonText: row["json"]), let kind = StoredSummary.Kind(rawValue: row["kind"]) else { return nil }
        return StoredSummary(id: row["id"], conversationId: row["conversationId"], messageId: row["messageId"], kind: kind,
                             coversThroughId: row["coversThroughId"], summary: summary, createdAt: row["createdAt"])
    }
}

extension AppDatabase {
    /// Titles of the tasks completed in `[start, end)` (by their completion time) and of the
    /// todos and subtasks marked done then (by their last change), oldest first.
    public func completedTitles(from start: Date, to end: Date) throws -> (tasks: [String], todos: [String]) {
        try pool.read { db in
            let tasks = try String.fetchAll(db, sql: """
                SELECT title FROM task WHERE completed AND completedAt >= ? AND completedAt < ? ORDER BY completedAt, id
                """, arguments: [start, end])
            let todos = try String.fetchAll(db, sql: """
                SELECT title FROM (
                  SELECT title, updatedAt, id, 0 AS kind FROM todo WHERE completed AND updatedAt >= ? AND updatedAt < ?
                  UNION ALL
                  SELECT title, updatedAt, id, 1 AS kind FROM subtask WHERE completed AND updatedAt >= ? AND updatedAt < ?)
                ORDER BY updatedAt, kind, id
                """, arguments: [start, end, start, end])
            return (tasks, todos)
        }
    }
}
