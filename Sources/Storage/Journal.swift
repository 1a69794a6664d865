import Foundation
import GRDB

/// An undo stack: tasks (the calendar) and todos (the tree) are undone separately.
public enum JournalArea: String, Sendable, CaseIterable {
    case tasks, todos
}

/// One undoable change, as the status bar names it.
public struct JournalEntry: Sendable, Equatable {
    public var id: Int64
    public var area: JournalArea
    public var label: String
}

/// The persistent undo/redo journal (schema in SchemaV3.swift). Every change of a task, todo or
/// subtask made through this module (by the person, the assistant, the CLI or an import) is one
/// entry; triggers record the rows it touched. Undo restores their `before`, redo their `after`.
extension AppDatabase {
    /// Entries kept per area; older ones are dropped.
    public static let journalLimit = 200

    /// Runs `body` in one write transaction recorded as one journal entry named `label`.
    /// A new change drops the area's undone entries (nothing left to redo), as editors do.
    func journaled<T>(_ area: JournalArea, _ label: String, _ body: (Database) throws -> T) throws -> T {
        try pool.write { db in
            let entry = try Self.openEntry(area, label, db)
            try db.execute(sql: "UPDATE journalCursor SET entryId = ? WHERE id = 1", arguments: [entry])
            let result = try body(db)
            try db.execute(sql: "UPDATE journalCursor SET entryId = NULL WHERE id = 1")
            try Self.closeEntry(entry, area, db)
            return result
        }
    }

    /// A new entry of `area`; the area's undone entries go (nothing left to redo).
    static func openEntry(_ area: JournalArea, _ label: String, _ db: Database) throws -> Int64 {
        try db.execute(sql: "DELETE FROM journalEntry WHERE area = ? AND undone = 1", arguments: [area.rawValue])
        try db.execute(sql: "INSERT INTO journalEntry(area, label, createdAt) VALUES (?, ?, ?)",
                       arguments: [area.rawValue, label, Date()])
        return db.lastInsertedRowID
    }

    /// Drops `entry` when it recorded nothing, and the area's entries past the limit.
    static func closeEntry(_ entry: Int64, _ area: JournalArea, _ db: Database) throws {
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM journalRow WHERE entryId = ?", arguments: [entry]) == 0 {
            try db.execute(sql: "DELETE FROM journalEntry WHERE id = ?", arguments: [entry])
        }
        try db.execute(sql: """
            DELETE FROM journalEntry WHERE area = ? AND id <= (
                SELECT id FROM journalEntry WHERE area = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
            """, arguments: [area.rawValue, area.rawValue, Self.journalLimit])
    }

    /// Undoes the area's latest change; nil when there is nothing to undo.
    @discardableResult
    public func undo(_ area: JournalArea) throws -> JournalEntry? {
        try replay(area, undo: true)
    }

    /// Redoes the area's most recently undone change; nil when there is nothing to redo.
    @discardableResult
    public func redo(_ area: JournalArea) throws -> JournalEntry? {
        try replay(area, undo: false)
    }

    /// The entries that `undo` would take back, newest first.
    public func journalEntries(_ area: JournalArea, undone: Bool = false, limit: Int = 50) throws -> [JournalEntry] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, label FROM journalEntry WHERE area = ? AND undone = ? ORDER BY id \(undone ? "ASC" : "DESC") LIMIT ?
                """, arguments: [area.rawValue, undone, limit])
                .map { JournalEntry(id: $0[0], area: area, label: $0[1]) }
        }
    }

    private func replay(_ area: JournalArea, undo: Bool) throws -> JournalEntry? {
        try pool.write { db in
            let pick = undo ? "undone = 0 ORDER BY id DESC" : "undone = 1 ORDER BY id ASC"
            guard let row = try Row.fetchOne(db, sql: "SELECT id, label FROM journalEntry WHERE area = ? AND \(pick) LIMIT 1",
                                             arguments: [area.rawValue]) else { return nil }
            let entry = JournalEntry(id: row[0], area: area, label: row[1])
            // A todo and its subtasks come back in whatever order they were recorded.
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            let rows = try Row.fetchAll(db, sql: """
                SELECT tableName, rowId, \(undo ? "before" : "after") FROM journalRow
                WHERE entryId = ? ORDER BY id \(undo ? "DESC" : "ASC")
                """, arguments: [entry.id])
            for change in rows {
                try Self.restore(table: change[0], rowId: change[1], json: change[2], db)
            }
            try db.execute(sql: "UPDATE journalEntry SET undone = ? WHERE id = ?", arguments: [undo, entry.id])
            return entry
        }
    }

    /// Puts one row back as `json` describes it (nil: the row must not exist).
    private static func restore(table: String, rowId: Int64, json: String?, _ db: Database) throws {
        guard Schema.journaledTables.contains(where: { $0.table == table }) else { return }
        guard let json else {
            try db.execute(sql: "DELETE FROM \"\(table)\" WHERE id = ?", arguments: [rowId])
            return
        }
        let columns = try db.columns(in: table).map(\.name)
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let values = columns.map { "json_extract(:row, '$.\($0)')" }.joined(separator: ", ")
        let updates = columns.filter { $0 != "id" }.map { "\"\($0)\" = excluded.\"\($0)\"" }.joined(separator: ", ")
        // An upsert, not INSERT OR REPLACE: replacing deletes the row first, which cascades to its children.
        try db.execute(sql: """
            INSERT INTO "\(table)" (\(names)) SELECT \(values) WHERE true
            ON CONFLICT(id) DO UPDATE SET \(updates)
            """, arguments: ["row": json])
    }
}
