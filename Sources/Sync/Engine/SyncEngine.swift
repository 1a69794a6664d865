import Foundation
import GRDB
import Storage

/// Two-way sync of one account's collections with the local database (docs/sync.md).
///
/// A run pulls each collection (what changed since its token, fetched and applied a batch per
/// transaction, each item in its own savepoint), then pushes the local changes the triggers queued. The token is saved only once
/// a collection's pull is applied, and each item's sync state is written with the item, so a run
/// cut short (`SyncError.unreachable`) is resumed by the next one without losing or duplicating.
public final class SyncEngine: Sendable {
    public let database: AppDatabase
    public let account: String
    public let policy: ConflictPolicy
    /// The zone tasks' clock times are kept in (as for import and export).
    public let zone: TimeZone
    /// The problem a cancelled run leaves in the journal.
    static let stoppedMessage = "the run was stopped (the app quit); the next run goes on from there"
    /// Items fetched per request.
    static let fetchBatch = 100
    /// A pull of this many items or more gets `bigPullCacheKiB` of page cache for its writes.
    static let bigPull = 1_000
    static let bigPullCacheKiB = 16_384
    /// Runs kept in the run journal per account.
    static let runsKept = 200

    public init(database: AppDatabase, account: String, policy: ConflictPolicy, zone: TimeZone = .current) {
        self.database = database; self.account = account; self.policy = policy; self.zone = zone
    }

    public func run(_ collections: [SyncCollection]) async -> SyncReport {
        let context = RunContext(account: account, database: database)
        for collection in collections {
            do {
                try Task.checkCancellation()
                try await pull(collection, context)
                try await push(collection, context)
            } catch is CancellationError {
                // The app quits: stopped between items (each one its own transaction); the next run resumes.
                context.problem(nil, "\(collection.identity): \(Self.stoppedMessage)", SyncReason(.stopped, collection.identity))
                break
            } catch let error as SyncError {
                // A collection's malformed answer names the collection's path: the identity (its URL) says it once.
                var text = error.message
                if case .malformed(_?, let detail) = error { text = detail }
                context.problem(nil, "\(collection.identity): \(text)", error.reason(detail: "\(collection.identity): \(text)"))
                if case .malformed = error { continue }
                break  // unreachable, unauthorized, refused: the next collection would fail alike
            } catch {
                context.problem(nil, "\(collection.identity): \(error)")
            }
        }
        return context.finish()
    }

    // MARK: Pull

    private func pull(_ collection: SyncCollection, _ context: RunContext) async throws {
        let state = SyncState(account: account, collection: collection.identity)
        let stored = try await database.pool.read { try state.collectionState($0) }
        if stored == nil { try database.syncTransaction { try state.register(kind: collection.kind, $0) } }
        let changes = try await collection.changes(since: stored?.token)
        if changes.unchanged { return }
        let known: [String: String] = try await database.pool.read { db in
            if changes.complete { return try state.etags(db) }
            var etags: [String: String] = [:]
            for entry in changes.changed { etags[entry.href] = try state.item(href: entry.href, db)?.etag }
            return etags
        }
        let wanted = changes.changed.filter { known[$0.href] != $0.etag }.map(\.href)
        // A big pull (a first sync): 16 MB of page cache for it (11,000 items from a folder:
        // 8.1 → 6.9 s, docs/performance.md), given back when it ends.
        let cacheBefore = wanted.count >= Self.bigPull ? try database.raiseWriterCache(kib: Self.bigPullCacheKiB) : nil
        defer { if let cacheBefore { try? database.setWriterCache(cacheBefore) } }
        var start = 0
        while start < wanted.count {
            let batch = Array(wanted[start..<min(start + Self.fetchBatch, wanted.count)])
            start += batch.count
            let read = try await collection.fetch(batch).map { resource in
                (resource, readItem(resource, of: collection))
            }
            try Task.checkCancellation()
            apply(parentsFirst(read), collection.kind, state, context)
        }
        let gone = changes.complete ? Set(known.keys).subtracting(changes.changed.map(\.href)).sorted() : changes.deleted
        for href in gone {
            try Task.checkCancellation()
            try serverDeleted(href, collection.kind, state, context)
        }
        try database.syncTransaction { try state.setToken(changes.token, $0) }
    }

    /// To-dos whose parent is in the same batch come after it, so they are stored as its subtasks at once.
    private func parentsFirst(_ read: [(RemoteResource, Result<ItemValue, Error>)]) -> [(RemoteResource, Result<ItemValue, Error>)] {
        func parent(_ value: Result<ItemValue, Error>) -> String? {
            guard case .success(.todo(let r)) = value else { return nil }
            return r.parentUID
        }
        let inBatch = Set(read.compactMap { try? $0.1.get().uid })
        guard read.contains(where: { parent($0.1).map(inBatch.contains) == true }) else { return read }
        var placed = Set<String>(), result: [(RemoteResource, Result<ItemValue, Error>)] = [], waiting = read
        while !waiting.isEmpty {
            let ready = waiting.filter { _, value in parent(value).map { !inBatch.contains($0) || placed.contains($0) } ?? true }
            let next = ready.isEmpty ? waiting : ready  // a loop of parents: in any order
            result += next
            placed.formUnion(next.compactMap { try? $0.1.get().uid })
            let hrefs = Set(next.map(\.0.href))
            waiting.removeAll { hrefs.contains($0.0.href) }
        }
        return result
    }

    /// The other side deleted `href`: the local item goes too, unless it was edited here since the
    /// last sync — then the edit is kept and pushed back as a new item.
    private func serverDeleted(_ href: String, _ kind: SyncKind, _ state: SyncState, _ context: RunContext) throws {
        try database.syncTransaction(journal: try context.journal(for: kind)) { db in
            guard let row = try state.item(href: href, db) else { return }
            try state.remove(href: href, db)
            guard let current = try LocalItems.load(row.local, db) else { return }
            if current.fields.contentHash == row.baseHash {
                for below in try LocalItems.delete(row.local, db) { try SyncState.enqueue(below, db) }
                context.report.note(.deletedHere, kind, current.title)
            } else {
                try SyncState.enqueue(row.local, db)
            }
        }
    }
}

extension SyncError {
    /// Its kind for the app's catalog, with `detail` as the variable part; nil for `.failed`
    /// (a sentence of its own).
    public func reason(detail: String) -> SyncReason? {
        switch self {
        case .unauthorized: return SyncReason(.unauthorized, detail)
        case .unreachable: return SyncReason(.unreachable, detail)
        case .redirectRefused: return SyncReason(.redirectRefused, detail)
        case .malformed: return SyncReason(.malformedAnswer, detail)
        case .preconditionFailed: return SyncReason(.changedMeanwhile, detail)
        case .failed: return nil
        }
    }

    /// What the run journal and the status say.
    public var message: String {
        switch self {
        case .preconditionFailed(let href): return "\(href) changed on the server meanwhile"
        case .unauthorized(let text), .unreachable(let text), .redirectRefused(let text), .failed(let text): return text
        case .malformed(let href, let text): return href.map { "\($0): \(text)" } ?? text
        }
    }
}
