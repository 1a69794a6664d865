import Foundation
import GRDB

/// SQLite settings for the calendar import's one large transaction, raised for the run and put
/// back after. Neither changes what is stored, only how often pages are written. They cost
/// memory (up to 256 + 64 MB), which the calendar import can spend: it holds the whole file
/// read anyway (a 100,000-event file peaks at 490 MB while reading, not while storing). The
/// conversation import, which keeps one file at a time in memory, does not use them.
///
/// - The page cache: with SQLite's default (2 MB) the transaction's dirty pages spill to the
///   WAL mid-run and are read and written again each time a row lands on them (the indexes on
///   uid and dates are filled in random order): 0.9 million page writes for a
///   100,000-event .ics. With the cache above the size of the transaction each page is
///   written once, at commit.
/// - FTS5's pending-terms buffer (`hashsize`, 1 MB by default): the catch-up of a full-text
///   index (`SuspendedInsertTriggers`) then writes one segment, instead of a segment per MB
///   that FTS5 merges again as it goes.
enum BulkWriteTuning {
    /// Above the 160 MB one transaction of a 100,000-event .ics writes (rows, journal, index),
    /// so no page is spilled; pages are taken only as they are used.
    static let cacheKiB = 262_144
    static let ftsHashBytes = 64 << 20
    /// FTS5's own default (FTS5_DEFAULT_HASHSIZE).
    static let ftsDefaultHashBytes = 1 << 20

    /// Runs `body` with the connection's page cache raised to `cacheKiB`.
    static func withLargeCache<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let before = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(before)") }
        return try body()
    }

    /// An FTS5 table's pending-terms buffer raised, and its setting before (nil: none).
    struct RaisedBuffer {
        var table: String
        var before: Int?
    }

    /// Raises `table`'s pending-terms buffer when it is an FTS5 table (nil otherwise). The
    /// setting is persistent (its `_config` table): `putBack` restores the one before.
    static func raiseFTSBuffer(_ db: Database, table: String) throws -> RaisedBuffer? {
        let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        guard let sql, sql.range(of: "USING fts5", options: .caseInsensitive) != nil else { return nil }
        let quoted = "\"\(table)\""
        let before = try Int.fetchOne(db, sql: "SELECT v FROM \"\(table)_config\" WHERE k = 'hashsize'")
        // Best effort: an SQLite without the setting catches up with its default buffer.
        guard (try? db.execute(sql: "INSERT INTO \(quoted)(\(quoted), rank) VALUES ('hashsize', ?)", arguments: [ftsHashBytes])) != nil
        else { return nil }
        return RaisedBuffer(table: table, before: before)
    }

    /// Puts back the buffer `raiseFTSBuffer` raised.
    static func putBack(_ raised: RaisedBuffer, _ db: Database) throws {
        let quoted = "\"\(raised.table)\""
        try db.execute(sql: "INSERT INTO \(quoted)(\(quoted), rank) VALUES ('hashsize', ?)", arguments: [raised.before ?? ftsDefaultHashBytes])
        if raised.before == nil { try db.execute(sql: "DELETE FROM \"\(raised.table)_config\" WHERE k = 'hashsize'") }
    }
}
