import Foundation
import GRDB
import Core

/// Large imports and benchmark data: one transaction and one prepared statement per table,
/// with arguments bound directly (no Codable encoding per row), so 50,000 rows take seconds.
/// The column lists mirror the Core types; BulkInsertTests checks they read back identical.
extension AppDatabase {
    public func bulkInsert(tasks: [TaskItem]) throws {
        try pool.write { db in
            let insertTask = try db.makeStatement(sql: """
                INSERT INTO task (uid, title, notes, dueDate, dueTime, durationMinutes, category, priority, completed,
                    completedAt, recurrence, list, alertMinutes, snoozedUntil, alertedThrough, extra, createdAt, updatedAt)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                """)
            for t in tasks {
                insertTask.setUncheckedArguments([
                    t.uid, t.title, t.notes, t.dueDate, t.dueTime, t.durationMinutes, t.category, t.priority,
                    t.completed, t.completedAt, t.recurrence, t.list, t.alertMinutes, t.snoozedUntil,
                    t.alertedThrough, t.extra, t.createdAt, t.updatedAt])
                try insertTask.execute()
            }
        }
    }

    /// Inserts conversations with their messages; each message's conversationId is set to its
    /// conversation's new id.
    public func bulkInsert(conversations: [(conversation: Conversation, messages: [Message])]) throws {
        try pool.write { db in
            let insertMessage = try db.makeStatement(sql: """
                INSERT INTO message (conversationId, role, content, status, provider, model, inputTokens,
                    outputTokens, cost, errorText, createdAt, updatedAt) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)
                """)
            for (conversation, messages) in conversations {
                var conversation = conversation
                try conversation.insert(db)
                for m in messages {
                    insertMessage.setUncheckedArguments([
                        conversation.id!, m.role, m.content, m.status, m.provider, m.model, m.inputTokens,
                        m.outputTokens, m.cost, m.errorText, m.createdAt, m.updatedAt])
                    try insertMessage.execute()
                }
            }
        }
    }

    /// Inserts todos with their subtasks; each subtask's todoId is set to its todo's new id.
    /// The trees are flat: `parentId` is cleared (ids of other rows are not known before insertion).
    public func bulkInsert(todos: [TodoTree]) throws {
        try pool.write { db in
            let insertSubtask = try db.makeStatement(sql: """
                INSERT INTO subtask (uid, todoId, parentId, title, notes, completed, position, createdAt, updatedAt)
                VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)
                """)
            for tree in todos {
                var todo = tree.todo
                try todo.insert(db)
                for s in tree.subtasks {
                    insertSubtask.setUncheckedArguments([
                        s.uid, todo.id!, s.title, s.notes, s.completed, s.position, s.createdAt, s.updatedAt])
                    try insertSubtask.execute()
                }
            }
        }
    }
}
