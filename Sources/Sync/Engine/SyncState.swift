import Foundation
import GRDB

/// One synced item's row of `syncItem` (SchemaV12.swift).
struct SyncItemRow: Equatable {
    var href: String
    var etag: String
    var uid: String
    var local: LocalRef
    /// The fields last synced, as canonical JSON: the base of a 3-way merge.
    var base: String
    var baseHash: String

    init(href: String, etag: String, uid: String, local: LocalRef, base: ItemFields) {
        self.href = href; self.etag = etag; self.uid = uid; self.local = local
        self.base = base.canonicalJSON; self.baseHash = base.contentHash
    }

    init(_ row: Row) {
        href = row["href"]; etag = row["etag"]; uid = row["uid"]
        local = LocalRef(kind: SyncLocalKind(rawValue: row["localKind"]) ?? .task, id: row["localId"])
        base = row["base"]; baseHash = row["baseHash"]
    }
}

/// The sync state of one collection of one account, read and written inside the caller's transaction.
struct SyncState {
    let account: String
    let collection: String

    func item(href: String, _ db: Database) throws -> SyncItemRow? {
        try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM syncItem WHERE account = ? AND collection = ? AND href = ?"),
                         arguments: [account, collection, href]).map(SyncItemRow.init)
    }

    func item(local: LocalRef, _ db: Database) throws -> SyncItemRow? {
        try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM syncItem WHERE localKind = ? AND localId = ? AND account = ? AND collection = ?"),
                         arguments: [local.kind.rawValue, local.id, account, collection]).map(SyncItemRow.init)
    }

    func item(uid: String, _ db: Database) throws -> SyncItemRow? {
        try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM syncItem WHERE account = ? AND collection = ? AND uid = ?"),
                         arguments: [account, collection, uid]).map(SyncItemRow.init)
    }

    /// href → etag of every item known (for a complete listing).
    func etags(_ db: Database) throws -> [String: String] {
        var result: [String: String] = [:]
        let rows = try Row.fetchCursor(try db.cachedStatement(sql: "SELECT href, etag FROM syncItem WHERE account = ? AND collection = ?"),
                                       arguments: [account, collection])
        while let row = try rows.next() { result[row[0]] = row[1] }
        return result
    }

    func save(_ item: SyncItemRow, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO syncItem(account, collection, href, etag, uid, localKind, localId, base, baseHash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [account, collection, item.href, item.etag, item.uid, item.local.kind.rawValue, item.local.id,
                             item.base, item.baseHash])
    }

    func remove(href: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM syncItem WHERE account = ? AND collection = ? AND href = ?").execute(arguments: [account, collection, href])
        try db.cachedStatement(sql: "DELETE FROM syncConflict WHERE account = ? AND collection = ? AND href = ?").execute(arguments: [account, collection, href])
    }

    // MARK: The collection

    /// The token and queue cursor; nil before the collection's first run.
    func collectionState(_ db: Database) throws -> (token: String?, cursor: Int64)? {
        try Row.fetchOne(try db.cachedStatement(sql: "SELECT token, queueCursor FROM syncCollection WHERE account = ? AND identity = ?"),
                         arguments: [account, collection]).map { ($0[0], $0[1]) }
    }

    /// Registers the collection (which opens the change queue), its cursor at the queue's end,
    /// and queues every local item of its kinds: the first push sends what the pull did not match.
    func register(kind: SyncKind, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO syncCollection(account, identity, kind, token, queueCursor)
            VALUES (?, ?, ?, NULL, (SELECT COALESCE(MAX(seq), 0) FROM syncChange))
            """).execute(arguments: [account, collection, kind.rawValue])
        for local in SyncLocalKind.of(kind) {
            try db.execute(sql: "INSERT INTO syncChange(kind, localId) SELECT '\(local.rawValue)', id FROM \(local.rawValue) ORDER BY id")
        }
    }

    func setToken(_ token: String?, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE syncCollection SET token = ? WHERE account = ? AND identity = ?").execute(arguments: [token, account, collection])
    }

    func setCursor(_ seq: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE syncCollection SET queueCursor = max(queueCursor, ?) WHERE account = ? AND identity = ?").execute(
                       arguments: [seq, account, collection])
    }

    // MARK: The change queue

    /// Local changes of `kinds` queued after `cursor`, oldest first.
    static func queued(_ kinds: [SyncLocalKind], after cursor: Int64, _ db: Database) throws -> [(seq: Int64, ref: LocalRef)] {
        let names = kinds.map { "'\($0.rawValue)'" }.joined(separator: ",")
        return try Row.fetchAll(try db.cachedStatement(sql: "SELECT seq, kind, localId FROM syncChange WHERE seq > ? AND kind IN (\(names)) ORDER BY seq"),
                                arguments: [cursor]).compactMap { row in
            SyncLocalKind(rawValue: row[1]).map { (row[0], LocalRef(kind: $0, id: row[2])) }
        }
    }

    static func lastQueued(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM syncChange") ?? 0
    }

    /// Queues a local item for the push (the engine's own writes do not queue themselves).
    static func enqueue(_ ref: LocalRef, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO syncChange(kind, localId) VALUES (?, ?)").execute(arguments: [ref.kind.rawValue, ref.id])
    }

    /// Drops what every collection has read.
    static func pruneQueue(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM syncChange WHERE seq <= (SELECT MIN(queueCursor) FROM syncCollection)")
    }

    // MARK: Conflicts

    func hasConflict(href: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM syncConflict WHERE account = ? AND collection = ? AND href = ?)"),
                          arguments: [account, collection, href]) ?? false
    }

    func keepConflict(href: String, local: LocalRef, serverText: String, serverEtag: String, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO syncConflict(account, collection, href, localKind, localId, serverText, serverEtag, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [account, collection, href, local.kind.rawValue, local.id, serverText, serverEtag, Date()])
    }
}
