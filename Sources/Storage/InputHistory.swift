import Foundation
import GRDB

/// A line sent from the chat's input, kept for Up / Down and Ctrl-R across runs.
public struct InputHistoryLine: Equatable, Sendable {
    public var id: Int64
    public var text: String
    /// The conversation it was sent in; nil when there was none yet.
    public var conversationId: Int64?

    public init(id: Int64, text: String, conversationId: Int64?) {
        self.id = id; self.text = text; self.conversationId = conversationId
    }
}

extension AppDatabase {
    /// Keeps `text` as the newest line of the input history; nil when it repeats the newest
    /// line of the same conversation (as the editor skips a repeat).
    @discardableResult
    public func appendInputHistory(_ text: String, conversationId: Int64?, at date: Date = Date()) throws -> InputHistoryLine? {
        try pool.write { db in
            let newest = try Row.fetchOne(db, sql: "SELECT text, conversationId FROM inputHistory ORDER BY id DESC LIMIT 1")
            if let newest, newest[0] as String == text, newest[1] as Int64? == conversationId { return nil }
            try db.execute(sql: "INSERT INTO inputHistory (text, conversationId, createdAt) VALUES (?, ?, ?)",
                           arguments: [text, conversationId, date])
            return InputHistoryLine(id: db.lastInsertedRowID, text: text, conversationId: conversationId)
        }
    }

    /// Every line, oldest first. Read by column position: 100,000 lines take milliseconds
    /// (docs/performance.md).
    public func inputHistory() throws -> [InputHistoryLine] {
        try pool.read { db in
            var lines: [InputHistoryLine] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT id, text, conversationId FROM inputHistory ORDER BY id")
            while let row = try rows.next() {
                lines.append(InputHistoryLine(id: row[0], text: row[1], conversationId: row[2]))
            }
            return lines
        }
    }
}
