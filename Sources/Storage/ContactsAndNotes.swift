import Foundation
import GRDB
import Core

// Storage for contacts and notes, used by their toolsets.
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

    /// Contacts whose name, email, phone or organization contains `text` (any case), by name.
    /// An empty `text` lists them all. A phone-like `text` ("555-0100") also matches phones by
    /// their digits alone, so "555 0100" finds "+1 (555) 010-0199".
    public func searchContacts(_ text: String) throws -> [Contact] {
        let digits = text.filter { $0.isASCII && $0.isNumber }
        let phoneLike = digits.count >= 3 && text.allSatisfy { $0.isASCII && ($0.isNumber || Self.phonePunctuation.contains($0)) }
        return try search(Contact.self, columns: ["name", "email", "phone", "organization"], text: text, orderBy: "name",
                          orSQL: phoneLike ? ("instr(\(Self.phoneDigitsSQL), :digits) > 0", ["digits": digits]) : nil)
    }

    private static let phonePunctuation = " +-()."
    /// The phone column without its punctuation: replace(replace(COALESCE(phone, ''), ' ', ''), '+', '')…
    private static let phoneDigitsSQL = phonePunctuation.reduce("COALESCE(phone, '')") { "replace(\($0), '\($1)', '')" }

    /// The `groups` text of every contact that has one ("Family, Work"), for counting groups.
    public func contactGroupFields() throws -> [String] {
        try pool.read { db in
            // "groups" is an SQL keyword: GRDB's query interface quotes it.
            let groups = Column("groups")
            return try Contact.select(groups, as: String.self).filter(groups != nil && groups != "").order(Column("id")).fetchAll(db)
        }
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
        _ type: Record.Type, columns: [String], text: String, orderBy: String,
        orSQL: (sql: String, arguments: [String: String])? = nil
    ) throws -> [Record] {
        let needle = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return try pool.read { db in
            var request = Record.order(Column(orderBy).collating(.nocase), Column("id"))
            if !needle.isEmpty {
                let anyColumn = columns.map { "instr(swiftLowercaseString(COALESCE(\($0), '')), :needle) > 0" }
                    + (orSQL.map { [$0.sql] } ?? [])
                var arguments: [String: String] = ["needle": needle]
                arguments.merge(orSQL?.arguments ?? [:]) { first, _ in first }
                request = request.filter(sql: anyColumn.joined(separator: " OR "), arguments: StatementArguments(arguments))
            }
            return try request.fetchAll(db)
        }
    }
}
