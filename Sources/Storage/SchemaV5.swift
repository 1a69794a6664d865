import GRDB

extension Schema {
    /// v5: conversations can be deleted for the session (undone with `u` in the list until the
    /// app quits, purged at exit and at the next start), and search reaches tool results and notes.
    static func addConversationDeletionAndSearch(_ db: Database) throws {
        // Set while a conversation waits in the session's trash; the pid of the process whose
        // session it is, so another running instance does not purge it under that session.
        try db.alter(table: "conversation") { t in
            t.add(column: "deletedAt", .datetime)
            t.add(column: "deletedByPid", .integer)
        }
        // The list reads the live conversations by activity.
        try db.execute(sql: """
            CREATE INDEX conversation_live_on_updatedAt ON conversation(updatedAt DESC, id DESC) WHERE deletedAt IS NULL
            """)
        // What a tool returned (the timeline's result steps show the same text).
        try db.create(virtualTable: "toolCall_ft", using: FTS5()) { t in
            t.synchronize(withTable: "toolCall")
            t.tokenizer = .unicode61()
            t.column("result")
        }
        try db.create(virtualTable: "note_ft", using: FTS5()) { t in
            t.synchronize(withTable: "note")
            t.tokenizer = .unicode61()
            t.column("title")
            t.column("body")
        }
    }
}
