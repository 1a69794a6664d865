import Foundation
import GRDB
import Core

// Basic storage for contacts and notes; their toolsets come later.
extension AppDatabase {
    public func insertContact(_ contact: Contact) throws -> Contact { try inserted(contact) }

    public func updateContact(_ contact: Contact) throws { try saved(contact) }

    @discardableResult
    public func deleteContact(id: Int64) throws -> Bool {
        try pool.write { db in try Contact.deleteOne(db, key: id) }
    }

    public func contact(id: Int64) throws -> Contact? {
        try pool.read { db in try Contact.fetchOne(db, key: id) }
    }

    /// Contacts whose name, email or organization contains `text` (any case), by name.
    /// An empty `text` lists them all.
    public func searchContacts(_ text: String) throws -> [Contact] {
        try search(Contact.self, columns: ["name", "email", "organization"], text: text, orderBy: "name")
    }

    public func insertNote(_ note: Note) throws -> Note { try inserted(note) }

    public func updateNote(_ note: Note) throws { try saved(note) }

    @discardableResult
    public func deleteNote(id: Int64) throws -> Bool {
        try pool.write { db in try Note.deleteOne(db, key: id) }
    }

    public func note(id: Int64) throws -> Note? {
        try pool.read { db in try Note.fetchOne(db, key: id) }
    }

    /// Notes whose title or body contains `text` (any case), by title. An empty `text` lists them all.
    public func searchNotes(_ text: String) throws -> [Note] {
        try search(Note.self, columns: ["title", "body"], text: text, orderBy: "title")
    }

    private func search<Record: FetchableRecord & TableRecord>(
        _ type: Record.Type, columns: [String], text: String, orderBy: String
    ) throws -> [Record] {
        let needle = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return try pool.read { db in
            var request = Record.order(Column(orderBy).collating(.nocase), Column("id"))
            if !needle.isEmpty {
                let anyColumn = columns.map { "instr(swiftLowercaseString(COALESCE(\($0), '')), :needle) > 0" }
                    .joined(separator: " OR ")
                request = request.filter(sql: anyColumn, arguments: ["needle": needle])
            }
            return try request.fetchAll(db)
        }
    }
}
