import Foundation
import GRDB

/// The sync engine's writes (Sources/Sync/Engine): each item's change is one transaction with the
/// change queue's triggers muted (its own writes must not queue themselves for a push), and a
/// run's changes of tasks, todos and subtasks are one undo entry per area, filled by several
/// transactions (schema in SchemaV12.swift and SchemaV3.swift).
extension AppDatabase {
    /// Runs `body` in one write transaction that the change queue does not see; the rows it
    /// changes are recorded under the undo entry `journal` (nil: not recorded).
    public func syncTransaction<T>(journal: Int64? = nil, _ body: (Database) throws -> T) throws -> T {
        try pool.write { db in
            try db.execute(sql: "UPDATE syncGate SET muted = 1 WHERE id = 1")
            if let journal { try db.execute(sql: "UPDATE journalCursor SET entryId = ? WHERE id = 1", arguments: [journal]) }
            let result = try body(db)
            if journal != nil { try db.execute(sql: "UPDATE journalCursor SET entryId = NULL WHERE id = 1") }
            try db.execute(sql: "UPDATE syncGate SET muted = 0 WHERE id = 1")
            return result
        }
    }

    /// Opens an undo entry that several `syncTransaction`s add to (one per sync run and area).
    /// The redo stack stays until the entry turns out to hold a change (`closeSyncJournalEntry`).
    public func openSyncJournalEntry(_ area: JournalArea, label: String) throws -> Int64 {
        try pool.write { db in
            try db.execute(sql: "INSERT INTO journalEntry(area, label, createdAt) VALUES (?, ?, ?)", arguments: [area.rawValue, label, Date()])
            return db.lastInsertedRowID
        }
    }

    /// Closes an entry from `openSyncJournalEntry`: dropped when nothing was recorded; otherwise
    /// it is a new change, and the area's undone entries go (nothing left to redo), as for any edit.
    public func closeSyncJournalEntry(_ entry: Int64, _ area: JournalArea) throws {
        try pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM journalRow WHERE entryId = ?)", arguments: [entry]) == true {
                try db.execute(sql: "DELETE FROM journalEntry WHERE area = ? AND undone = 1 AND id != ?", arguments: [area.rawValue, entry])
            }
            try Self.closeEntry(entry, area, db)
        }
    }

    /// The writer's page cache set to `kib` KiB for a long run of writes (a first sync storing
    /// thousands of items): the rows and indexes it fills stay in memory instead of being read
    /// back from the file page by page. Returns the setting before, for `setWriterCache`.
    public func raiseWriterCache(kib: Int) throws -> Int {
        try pool.write { db in
            let before = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
            try db.execute(sql: "PRAGMA cache_size = -\(kib)")
            return before
        }
    }

    /// Puts back the writer's page cache (`raiseWriterCache`'s answer); the pages above it are freed.
    public func setWriterCache(_ setting: Int) throws {
        try pool.write { try $0.execute(sql: "PRAGMA cache_size = \(setting)") }
    }
}
