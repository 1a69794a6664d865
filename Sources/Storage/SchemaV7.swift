import GRDB

extension Schema {
    /// v7: each conversation keeps its persona beside its provider and model (which v1 has):
    /// a conversation reopened answers as it did. NULL: the settings' persona.
    static func addConversationPersona(_ db: Database) throws {
        try db.alter(table: "conversation") { t in t.add(column: "persona", .text) }
    }
}
