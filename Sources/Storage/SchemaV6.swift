import GRDB

extension Schema {
    /// v6: branches of a conversation and its stored summaries.
    ///
    /// Branches cost nothing until someone edits a message: two columns, NULL by default.
    /// `variantOf` on a user message written by edit-and-resend names the first message of
    /// its group of siblings. `hiddenInBranch` is set on messages off the active branch and
    /// names the user message that starts the branch they belong to; the transcript and the
    /// context read `hiddenInBranch IS NULL` only, by the same index as before.
    ///
    /// `conversationSummary` holds `/summarize` results and the automatic summaries of long
    /// histories (`coversThroughId`: the newest message the summary covers).
    static func addBranchesAndSummaries(_ db: Database) throws {
        try db.alter(table: "message") { t in
            t.add(column: "variantOf", .integer)
            t.add(column: "hiddenInBranch", .integer)
        }
        try db.execute(sql: "CREATE INDEX message_variantOf ON message(variantOf) WHERE variantOf IS NOT NULL")
        try db.execute(sql: "CREATE INDEX message_hiddenInBranch ON message(hiddenInBranch) WHERE hiddenInBranch IS NOT NULL")

        try db.create(table: "conversationSummary") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("conversationId", .integer).notNull().references("conversation", onDelete: .cascade)
            // The message that shows it in the transcript (nil for automatic summaries).
            t.column("messageId", .integer).references("message", onDelete: .cascade)
            t.column("kind", .text).notNull()
            t.column("coversThroughId", .integer).notNull()
            t.column("json", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "conversationSummary_on_conversationId", on: "conversationSummary", columns: ["conversationId", "kind", "coversThroughId"])
        try db.create(index: "conversationSummary_on_messageId", on: "conversationSummary", columns: ["messageId"])
        try db.create(index: "conversationSummary_on_createdAt", on: "conversationSummary", columns: ["createdAt"])
    }
}
