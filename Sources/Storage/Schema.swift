import Foundation
import GRDB

/// The schema, as a list of migrations. A shipped migration is never edited: changes go into a new one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createVersion1)
        migrator.registerMigration("v2-index-finished-messages", migrate: indexFinishedMessagesOnly)
        migrator.registerMigration("v3-alerts-interop-journal", migrate: addAlertsInteropAndJournal)
        migrator.registerMigration("v4-todo-sections", migrate: indexTodoSections)
        migrator.registerMigration("v5-conversations", migrate: addConversationDeletionAndSearch)
        migrator.registerMigration("v6-branches-summaries", migrate: addBranchesAndSummaries)
        migrator.registerMigration("v7-conversation-persona", migrate: addConversationPersona)
        migrator.registerMigration("v8-input-history", migrate: addInputHistory)
        migrator.registerMigration("v9-search-prefix-indexes", migrate: addSearchPrefixIndexes)
        migrator.registerMigration("v10-series-snooze-indexes", migrate: addSeriesAndSnoozeIndexes)
        migrator.registerMigration("v11-images", migrate: addImages)
        migrator.registerMigration("v12-sync", migrate: addSyncState)
        return migrator
    }

    /// Which tables bump which change counter (see ChangeCounters.swift). Part of v1: a new
    /// table gets its triggers in its own migration, not by editing this list.
    private static let version1ChangeAreas: [(table: String, area: String)] = [
        ("conversation", "conversations"), ("message", "conversations"),
        ("toolCall", "conversations"), ("timelineStep", "conversations"),
        ("task", "tasks"), ("todo", "todos"), ("subtask", "todos"),
        ("contact", "contacts"), ("note", "notes"),
    ]

    static func createVersion1(_ db: Database) throws {
        try db.create(table: "conversation") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("title", .text).notNull()
            t.column("provider", .text)
            t.column("model", .text)
            t.column("archived", .boolean).notNull().defaults(to: false)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "conversation_on_updatedAt", on: "conversation", columns: ["updatedAt"])

        try db.create(table: "message") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("conversationId", .integer).notNull()
                .references("conversation", onDelete: .cascade)
            t.column("role", .text).notNull()
            t.column("content", .text).notNull()
            t.column("status", .text).notNull()
            t.column("provider", .text)
            t.column("model", .text)
            t.column("inputTokens", .integer)
            t.column("outputTokens", .integer)
            t.column("cost", .double)
            t.column("errorText", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
            // The process that is streaming this message, so another instance starting up
            // does not mark a live stream as interrupted. Not part of `Message`.
            t.column("streamingPid", .integer)
        }
        try db.create(index: "message_on_conversationId_id", on: "message", columns: ["conversationId", "id"])
        try db.execute(sql: "CREATE INDEX message_streaming ON message(status) WHERE status = 'streaming'")

        try db.create(virtualTable: "message_ft", using: FTS5()) { t in
            t.synchronize(withTable: "message")
            t.tokenizer = .unicode61()
            t.column("content")
        }

        try db.create(table: "toolCall") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("messageId", .integer).notNull().references("message", onDelete: .cascade)
            t.column("callId", .text).notNull()
            t.column("name", .text).notNull()
            t.column("arguments", .text).notNull()
            t.column("result", .text)
            t.column("isError", .boolean).notNull().defaults(to: false)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "toolCall_on_messageId_callId", on: "toolCall",
                      columns: ["messageId", "callId"], options: .unique)

        try db.create(table: "timelineStep") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("messageId", .integer).notNull().references("message", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("kind", .text).notNull()
            t.column("title", .text).notNull()
            t.column("detail", .text).notNull()
            t.column("callId", .text)
            t.column("status", .text).notNull()
            t.column("startedAt", .datetime).notNull()
            t.column("duration", .double)
        }
        try db.create(index: "timelineStep_on_messageId_position", on: "timelineStep",
                      columns: ["messageId", "position"])

        try db.create(table: "task") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("uid", .text).notNull().unique()
            t.column("title", .text).notNull()
            t.column("notes", .text).notNull().defaults(to: "")
            t.column("dueDate", .text)  // "YYYY-MM-DD"
            t.column("dueTime", .text)  // "HH:mm"
            t.column("durationMinutes", .integer)
            t.column("category", .text)
            t.column("priority", .text).notNull().defaults(to: "none")
            t.column("completed", .boolean).notNull().defaults(to: false)
            t.column("completedAt", .datetime)
            t.column("recurrence", .text)
            t.column("list", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "task_on_dueDate", on: "task", columns: ["dueDate"])

        try db.create(table: "todo") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("uid", .text).notNull().unique()
            t.column("title", .text).notNull()
            t.column("notes", .text).notNull().defaults(to: "")
            t.column("completed", .boolean).notNull().defaults(to: false)
            t.column("position", .integer).notNull().defaults(to: 0)
            t.column("dueDate", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "todo_on_position", on: "todo", columns: ["position"])

        try db.create(table: "subtask") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("todoId", .integer).notNull().references("todo", onDelete: .cascade)
            t.column("parentId", .integer).references("subtask", onDelete: .cascade)
            t.column("title", .text).notNull()
            t.column("notes", .text).notNull().defaults(to: "")
            t.column("completed", .boolean).notNull().defaults(to: false)
            t.column("position", .integer).notNull().defaults(to: 0)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "subtask_on_todoId", on: "subtask", columns: ["todoId"])
        // Without it, every cascading delete of a subtask scans the table for children.
        try db.create(index: "subtask_on_parentId", on: "subtask", columns: ["parentId"])

        try db.create(table: "contact") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("uid", .text).notNull().unique()
            t.column("name", .text).notNull()
            t.column("email", .text)
            t.column("phone", .text)
            t.column("organization", .text)
            t.column("notes", .text).notNull().defaults(to: "")
            t.column("groups", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }

        try db.create(table: "note") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("title", .text).notNull()
            t.column("body", .text).notNull().defaults(to: "")
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }

        try createChangeCounters(db)
    }

    /// One counter per area, bumped by triggers on every write from any process, so a running
    /// instance can see cheaply that another one changed something.
    private static func createChangeCounters(_ db: Database) throws {
        try db.create(table: "changeCounter") { t in
            t.primaryKey("area", .text)
            t.column("value", .integer).notNull().defaults(to: 0)
        }
        for area in Set(version1ChangeAreas.map(\.area)).sorted() {
            try db.execute(sql: "INSERT INTO changeCounter(area, value) VALUES (?, 0)", arguments: [area])
        }
        for (table, area) in version1ChangeAreas {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(sql: """
                    CREATE TRIGGER changeCounter_\(table)_\(event.lowercased()) AFTER \(event) ON "\(table)"
                    BEGIN UPDATE changeCounter SET value = value + 1 WHERE area = '\(area)'; END
                    """)
            }
        }
    }
}
