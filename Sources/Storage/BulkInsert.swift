import Foundation
import GRDB
import Core

/// Large imports and benchmark data: one transaction each (GRDB reuses one prepared INSERT
/// statement per table), so 50,000 rows take about a second rather than minutes.
extension AppDatabase {
    public func bulkInsert(tasks: [TaskItem]) throws {
        try pool.write { db in
            for var task in tasks { try task.insert(db) }
        }
    }

    /// Inserts conversations with their messages; each message's conversationId is set to its
    /// conversation's new id.
    public func bulkInsert(conversations: [(conversation: Conversation, messages: [Message])]) throws {
        try pool.write { db in
            for (conversation, messages) in conversations {
                var conversation = conversation
                try conversation.insert(db)
                for var message in messages {
                    message.conversationId = conversation.id!
                    try message.insert(db)
                }
            }
        }
    }

    /// Inserts todos with their subtasks; each subtask's todoId is set to its todo's new id.
    /// The trees are flat: `parentId` is cleared (ids of other rows are not known before insertion).
    public func bulkInsert(todos: [TodoTree]) throws {
        try pool.write { db in
            for tree in todos {
                var todo = tree.todo
                try todo.insert(db)
                for var subtask in tree.subtasks {
                    subtask.todoId = todo.id!
                    subtask.parentId = nil
                    try subtask.insert(db)
                }
            }
        }
    }
}
