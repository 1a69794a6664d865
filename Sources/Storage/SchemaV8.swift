import GRDB

extension Schema {
    /// v8: the chat input's history, kept across runs (`inputHistory`, InputHistory.swift).
    ///
    /// One row per line sent from the input, with the conversation it was sent in (NULL for a
    /// line sent before any conversation existed, or a command); deleting a conversation deletes
    /// what was typed in it. Read whole at start-up, oldest first, by the primary key; the
    /// index serves the check for a repeat of the newest line and a conversation's lines.
    static func addInputHistory(_ db: Database) throws {
        try db.create(table: "inputHistory") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("text", .text).notNull()
            t.column("conversationId", .integer).references("conversation", onDelete: .cascade)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "inputHistory_on_conversationId", on: "inputHistory", columns: ["conversationId"])
    }
}
