import Foundation
import GRDB
import Storage

extension SyncEngine {
    /// Sends the local changes queued after the collection's cursor (its first run queued every
    /// local item): creates, updates (If-Match) and deletes. A 412 re-fetches
    /// the item and merges it; a delete the server answers with 412 keeps the server's edit.
    func push(_ collection: SyncCollection, _ context: RunContext) async throws {
        let state = SyncState(account: account, collection: collection.identity)
        let kinds = SyncLocalKind.of(collection.kind)
        let (queue, last) = try await database.pool.read { db in
            (try SyncState.queued(kinds, after: try state.collectionState(db)?.cursor ?? 0, db), try SyncState.lastQueued(db))
        }
        // Pushing an item again is a no-op (its sync state says it is sent), so the cursor moves
        // once at the end: a run cut short reads the same queue again and sends only the rest.
        var done = Set<LocalRef>()
        for (_, ref) in queue where done.insert(ref).inserted {
            try Task.checkCancellation()
            do {
                try await push(ref, collection, state, context, retry: true)
            } catch SyncError.failed(let text) {
                // The server refused this one item (400, 409, 415…): reported with its href or
                // UID, the others still go; it is sent again when it changes here.
                let label = try await database.pool.read { db in
                    try state.item(local: ref, db)?.href ?? LocalItems.load(ref, db)?.uid
                }
                context.problem(label ?? "\(ref)", "not sent: \(text)", SyncReason(.notSent, text))
            }
        }
        try database.syncTransaction { db in
            try state.setCursor(last, db)
            try SyncState.pruneQueue(db)
        }
    }

    private func push(_ ref: LocalRef, _ collection: SyncCollection, _ state: SyncState, _ context: RunContext, retry: Bool) async throws {
        let kind = collection.kind
        let (row, current, conflicted) = try await database.pool.read { db -> (SyncItemRow?, ItemValue?, Bool) in
            let row = try state.item(local: ref, db)
            return (row, try LocalItems.load(ref, db), try row.map { try state.hasConflict(href: $0.href, db) } ?? false)
        }
        if conflicted {
            // Waits for the user's pick; deleted here meanwhile, the server's edit is kept.
            if current == nil, let row, let id = try await database.pool.read({ db in
                try Int64.fetchOne(db, sql: "SELECT id FROM syncConflict WHERE account = ? AND collection = ? AND href = ?",
                                   arguments: [state.account, state.collection, row.href])
            }) {
                try resolveConflict(id, .server)
                context.report.note(.pulled, kind, try await database.pool.read { db in try state.item(href: row.href, db).flatMap { try LocalItems.load($0.local, db)?.title } } ?? row.href)
            }
            return
        }
        switch (current, row) {
        case (nil, nil): return
        case (let value?, nil):
            let entry: RemoteEntry
            do { entry = try await collection.create(uid: value.uid, data: value.data(zone: zone)) } catch SyncError.preconditionFailed(let href) {
                context.problem(href, "“\(value.title)” exists on the server already; it is matched by UID at the next full listing",
                                SyncReason(.existsOnServer, value.title))
                return
            }
            try database.syncTransaction { db in
                try state.save(SyncItemRow(href: entry.href, etag: entry.etag, uid: value.uid, local: ref, base: value.fields), db)
            }
            context.report.note(.pushed, kind, value.title)
        case (let value?, let row?):
            guard value.fields.contentHash != row.baseHash else { return }
            do {
                let etag = try await collection.update(href: row.href, data: value.data(zone: zone), etag: row.etag)
                try database.syncTransaction { db in
                    try state.save(SyncItemRow(href: row.href, etag: etag, uid: value.uid, local: ref, base: value.fields), db)
                }
                context.report.note(.pushed, kind, value.title)
            } catch SyncError.preconditionFailed {
                guard retry else { throw SyncError.preconditionFailed(href: row.href) }
                // Changed on the server meanwhile: merge its version, then push the result.
                try await refetch(row.href, collection, state, context)
                let moved = try await database.pool.read { db in try state.item(href: row.href, db)?.local }
                try await push(moved ?? ref, collection, state, context, retry: false)
            }
        case (nil, let row?):
            do {
                try await collection.delete(href: row.href, etag: row.etag)
                try database.syncTransaction { try state.remove(href: row.href, $0) }
                context.report.note(.deletedThere, kind, ItemFields(canonicalJSON: row.base).title ?? row.href)
            } catch SyncError.preconditionFailed {
                // Edited on the server after it was deleted here: the edit is kept.
                try await refetch(row.href, collection, state, context)
            }
        }
    }

    /// Fetches one item again and applies it (merging with the local side); gone: forgets it.
    private func refetch(_ href: String, _ collection: SyncCollection, _ state: SyncState, _ context: RunContext) async throws {
        if let resource = try await collection.fetch([href]).first {
            apply(resource, readItem(resource, of: collection), collection.kind, state, context)
        } else {
            try database.syncTransaction { try state.remove(href: href, $0) }
        }
    }
}
