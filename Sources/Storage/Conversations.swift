import Foundation
import GRDB
import Core

extension AppDatabase {
    public func createConversation(title: String = "New conversation", provider: String? = nil,
                                   model: String? = nil, persona: String? = nil) throws -> Conversation {
        try pool.write { db in
            var conversation = Conversation(title: title, provider: provider, model: model, persona: persona)
            try conversation.insert(db)
            return conversation
        }
    }

    public func conversation(id: Int64) throws -> Conversation? {
        try pool.read { db in try Conversation.fetchOne(db, key: id) }
    }

    /// The conversation unless it is missing or was deleted this session (`aihelper ask --conversation`).
    public func liveConversation(id: Int64) throws -> Conversation? {
        try pool.read { db in try Conversation.filter(key: id).filter(Column("deletedAt") == nil).fetchOne(db) }
    }

    /// The conversation touched last, not archived: the one the app reopens.
    public func latestConversation() throws -> Conversation? {
        try conversations(limit: 1).first
    }

    /// Most recently updated first; conversations deleted this session are left out.
    public func conversations(limit: Int, includeArchived: Bool = false) throws -> [Conversation] {
        try pool.read { db in
            var request = Conversation.filter(Column("deletedAt") == nil)
                .order(Column("updatedAt").desc, Column("id").desc).limit(limit)
            if !includeArchived { request = request.filter(Column("archived") == false) }
            return try request.fetchAll(db)
        }
    }

    /// A new title; the conversation keeps its place in the list (renaming is not activity).
    public func renameConversation(id: Int64, title: String) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE conversation SET title = ? WHERE id = ?", arguments: [title, id])
        }
    }

    public func setConversationArchived(id: Int64, _ archived: Bool) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE conversation SET archived = ? WHERE id = ?", arguments: [archived, id])
        }
    }

    /// Marks the conversation as just used (updatedAt = now).
    public func touchConversation(id: Int64) throws {
        try pool.write { db in try Self.touchConversation(id: id, db) }
    }

    /// Deletes the conversation with its messages, tool calls and timeline steps, at once and for
    /// good (the app deletes for the session first: `trashConversation`).
    public func deleteConversation(id: Int64) throws {
        _ = try pool.write { db in try Conversation.deleteOne(db, key: id) }
    }

    static func touchConversation(id: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE conversation SET updatedAt = ? WHERE id = ?", arguments: [Date(), id])
    }
}

extension AppDatabase {
    /// The provider and model the conversation answers with from now on (`/model`, `/provider`).
    /// Not activity: the conversation keeps its place in the list.
    public func setConversationModel(id: Int64, provider: String, model: String) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE conversation SET provider = ?, model = ? WHERE id = ?", arguments: [provider, model, id])
        }
    }

    /// The persona the conversation answers with (`/persona`); nil: the settings'.
    public func setConversationPersona(id: Int64, persona: String?) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE conversation SET persona = ? WHERE id = ?", arguments: [persona, id])
        }
    }
}
