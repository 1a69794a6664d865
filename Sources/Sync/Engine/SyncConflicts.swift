import Foundation
import GRDB
import Storage

/// An item both sides changed in the same fields, under the policy `ask`: the local item stays
/// as it is here (marked), the server's version waits here until a side is picked.
public struct SyncConflict: Sendable, Equatable {
    public var id: Int64
    public var account: String
    public var collection: String
    public var href: String
    public var localKind: SyncLocalKind
    public var localId: Int64
    /// The server's version (iCalendar or vCard text) and its etag.
    public var serverText: String
    public var serverEtag: String
    public var createdAt: Date
}

/// Which side of a conflict to keep.
public enum ConflictChoice: String, Sendable, CaseIterable {
    /// The local version: it replaces the server's at the next run.
    case local
    /// The server's version: it replaces the local item now.
    case server
    /// Both: the server's version becomes a second item here; the local one gets a new UID and
    /// is sent as a new item at the next run.
    case both
}

extension SyncEngine {
    /// Open conflicts, oldest first (all accounts when `account` is nil).
    public static func conflicts(in database: AppDatabase, account: String? = nil) throws -> [SyncConflict] {
        try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM syncConflict WHERE ? IS NULL OR account = ? ORDER BY id",
                             arguments: [account, account]).map(conflict)
        }
    }

    private static func conflict(_ row: Row) -> SyncConflict {
        SyncConflict(id: row["id"], account: row["account"], collection: row["collection"], href: row["href"],
                     localKind: SyncLocalKind(rawValue: row["localKind"]) ?? .task, localId: row["localId"],
                     serverText: row["serverText"], serverEtag: row["serverEtag"], createdAt: row["createdAt"])
    }

    /// The titles (a contact's name) of both sides of `conflict`: the local item's (nil when it
    /// was deleted here since) and the server's version's (nil when it does not read).
    public static func titles(of conflict: SyncConflict, in database: AppDatabase) throws -> (local: String?, server: String?) {
        let server = try? ItemValue.read(Data(conflict.serverText.utf8), kind: conflict.localKind.collectionKind, zone: .current).title
        let local = try database.pool.read { try LocalItems.load(LocalRef(kind: conflict.localKind, id: conflict.localId), $0)?.title }
        return (local, server)
    }

    /// Keeps one side of conflict `id` (a local write, one undo entry); the push follows at the next run.
    /// A local item deleted since gets the server's version back, whatever the choice.
    public func resolveConflict(_ id: Int64, _ choice: ConflictChoice) throws {
        guard let conflict = try database.pool.read({ db in
            try Row.fetchOne(db, sql: "SELECT * FROM syncConflict WHERE id = ?", arguments: [id]).map(Self.conflict)
        }) else { return }
        let kind = conflict.localKind.collectionKind
        let state = SyncState(account: conflict.account, collection: conflict.collection)
        let local = LocalRef(kind: conflict.localKind, id: conflict.localId)
        let area: JournalArea? = kind == .tasks ? .tasks : kind == .todos ? .todos : nil
        let entry = try area.map { try database.openSyncJournalEntry($0, label: "sync \(conflict.account): keep \(choice.rawValue)") }
        defer { if let area, let entry { try? database.closeSyncJournalEntry(entry, area) } }
        let server = try ItemValue.read(Data(conflict.serverText.utf8), kind: kind, zone: zone)
        try database.syncTransaction(journal: entry) { db in
            try db.execute(sql: "DELETE FROM syncConflict WHERE id = ?", arguments: [id])
            guard let current = try LocalItems.load(local, db) else {
                // Deleted here since: the server's edit is kept (delete against edit keeps the edit).
                let stored = try LocalItems.store(server, at: nil, db)
                guard let after = try LocalItems.load(stored, db) else { return }
                try state.save(SyncItemRow(href: conflict.href, etag: conflict.serverEtag, uid: after.uid, local: stored, base: after.fields), db)
                return
            }
            switch choice {
            case .local:
                try SyncState.enqueue(local, db)
            case .server:
                let stored = try LocalItems.store(server.keepingPlace(of: current).keepingIdentity(of: current), at: local, db)
                guard let after = try LocalItems.load(stored, db) else { return }
                try state.save(SyncItemRow(href: conflict.href, etag: conflict.serverEtag, uid: after.uid, local: stored, base: after.fields), db)
            case .both:
                try state.remove(href: conflict.href, db)
                try db.execute(sql: "UPDATE \(local.kind.rawValue) SET uid = ? WHERE id = ?", arguments: [UUID().uuidString, local.id])
                try SyncState.enqueue(local, db)
                let stored = try LocalItems.store(server, at: nil, db)
                guard let after = try LocalItems.load(stored, db) else { return }
                try state.save(SyncItemRow(href: conflict.href, etag: conflict.serverEtag, uid: after.uid, local: stored, base: after.fields), db)
            }
        }
    }
}
