import Foundation
import GRDB
import Storage
import Interop

extension SyncEngine {
    /// Applies one item from the other side: new → inserted; changed → updated unless it was
    /// edited here too → merged field by field (overlaps per the policy); deleted here meanwhile
    /// → created again (the server's edit is kept). A malformed item is skipped and reported
    /// with its href.
    func apply(_ resource: RemoteResource, _ read: Result<ItemValue, Error>, _ kind: SyncKind, _ state: SyncState, _ context: RunContext) {
        apply([(resource, read)], kind, state, context)
    }

    /// An item from the other side read as a value; what makes it unreadable is worded for a
    /// synced item (`UnreadableItem`).
    func readItem(_ resource: RemoteResource, of collection: SyncCollection) -> Result<ItemValue, Error> {
        Result { try ItemValue.read(resource.data, kind: collection.kind, zone: zone) }
            .mapError { $0 is ItemResources.OtherKind ? $0 : UnreadableItem($0, folder: collection.isFolder) }
    }

    /// Applies a fetched batch in one transaction, each item in its own savepoint: an item is
    /// stored whole or not at all (one that fails is rolled back alone and reported), and the
    /// batch costs one commit instead of one per item.
    func apply(_ batch: [(RemoteResource, Result<ItemValue, Error>)], _ kind: SyncKind, _ state: SyncState, _ context: RunContext) {
        var readable: [(RemoteResource, ItemValue)] = []
        for (resource, read) in batch {
            do { readable.append((resource, try read.get())) } catch is ItemResources.OtherKind {
                continue  // another kind's item in a calendar that holds both: left alone on the server
            } catch {
                context.problem(resource.href, "skipped, it could not be read: \(error)", (error as? UnreadableItem)?.reason)
            }
        }
        guard !readable.isEmpty else { return }
        let before = context.report
        do {
            try database.syncTransaction(journal: try context.journal(for: kind)) { db in
                for (resource, value) in readable {
                    do {
                        try db.inSavepoint {
                            try applyValue(value, resource, kind, state, context, db)
                            return .commit
                        }
                    } catch {
                        context.problem(resource.href, "not stored: \(error)", SyncReason(.notStored, "\(error)"))
                    }
                }
            }
        } catch {
            context.report = before  // nothing of the batch was kept
            for (resource, _) in readable { context.problem(resource.href, "not stored: \(error)", SyncReason(.notStored, "\(error)")) }
        }
    }

    private func applyValue(_ value: ItemValue, _ resource: RemoteResource, _ kind: SyncKind, _ state: SyncState,
                            _ context: RunContext, _ db: Database) throws {
        var row = try state.item(href: resource.href, db)
        if row == nil, let moved = try state.item(uid: value.uid, db) {
            // The same UID under another href (moved, or listed again after an expired token).
            try state.remove(href: moved.href, db)
            row = moved
        }
        let local = try row?.local ?? LocalItems.find(uid: value.uid, kind: kind, db)
        let serverText = String(decoding: resource.data, as: UTF8.self)
        guard let local, let current = try LocalItems.load(local, db) else {
            let stored = try LocalItems.store(value, at: nil, db)
            try record(resource, stored, state, db)
            context.report.note(.pulled, kind, value.title)
            return
        }
        let server = value.keepingPlace(of: current)
        let localFields = current.fields, serverFields = server.fields
        if localFields == serverFields {
            try record(resource, local, state, db)
            return
        }
        let editedHere = row.map { localFields.contentHash != $0.baseHash } ?? true
        if !editedHere {
            let stored = try LocalItems.store(server.keepingIdentity(of: current), at: local, db)
            try record(resource, stored, state, db)
            context.report.note(.pulled, kind, value.title)
            return
        }
        let merge = FieldMerge(base: row.map { ItemFields(canonicalJSON: $0.base) }, local: localFields, server: serverFields, policy: policy)
        var stored = local
        if merge.merged != localFields { stored = try LocalItems.store(current.applying(merge.merged), at: local, db) }
        // The base is now the server's version: what differs from it here is pushed (or, kept
        // apart as a conflict, waits for the user's pick).
        try state.save(SyncItemRow(href: resource.href, etag: resource.etag, uid: value.uid, local: stored, base: serverFields), db)
        if !merge.overlapping.isEmpty && policy == .ask {
            try state.keepConflict(href: resource.href, local: stored, serverText: serverText, serverEtag: resource.etag, db)
        } else if merge.merged != serverFields {
            try SyncState.enqueue(stored, db)
        }
        context.report.note(.conflict, kind, current.title, alsoPulled: merge.merged != localFields)
    }

    /// Writes the sync state of an item now equal on both sides: the base is its local fields.
    private func record(_ resource: RemoteResource, _ local: LocalRef, _ state: SyncState, _ db: Database) throws {
        guard let stored = try LocalItems.load(local, db) else { return }
        try state.save(SyncItemRow(href: resource.href, etag: resource.etag, uid: stored.uid, local: local, base: stored.fields), db)
    }
}

extension ItemValue {
    /// A to-do from a client that keeps no position takes the local one.
    func keepingPlace(of local: ItemValue) -> ItemValue {
        guard case .todo(var r) = self, r.position == nil, case .todo(let mine) = local else { return self }
        r.position = mine.position
        return .todo(r)
    }

    /// The server's item with the local one's UID (equal but for case or spaces) — a no-op otherwise.
    func keepingIdentity(of local: ItemValue) -> ItemValue { local.applying(fields) }
}
