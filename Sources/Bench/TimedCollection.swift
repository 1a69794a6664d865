import Foundation
import Sync

/// A collection that adds up the time spent in its requests (the DAV client and the server),
/// so a run's time splits into those and the engine's own work.
final class TimedCollection: SyncCollection, @unchecked Sendable {
    let inner: SyncCollection
    private let lock = NSLock()
    private var spentNanoseconds: Int64 = 0
    var kind: SyncKind { inner.kind }
    var identity: String { inner.identity }

    init(_ inner: SyncCollection) { self.inner = inner }

    /// The time spent since the last call, and starts again from zero.
    func take() -> Duration { lock.withLock { defer { spentNanoseconds = 0 }; return .nanoseconds(spentNanoseconds) } }

    private func timed<T>(_ body: () async throws -> T) async rethrows -> T {
        let start = ContinuousClock.now
        defer {
            let took = ContinuousClock.now - start
            lock.withLock { spentNanoseconds += Int64(took.milliseconds * 1e6) }
        }
        return try await body()
    }

    func changes(since token: String?) async throws -> RemoteChanges { try await timed { try await inner.changes(since: token) } }
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { try await timed { try await inner.fetch(hrefs) } }
    func create(uid: String, data: Data) async throws -> RemoteEntry { try await timed { try await inner.create(uid: uid, data: data) } }
    func update(href: String, data: Data, etag: String) async throws -> String {
        try await timed { try await inner.update(href: href, data: data, etag: etag) }
    }
    func delete(href: String, etag: String) async throws { try await timed { try await inner.delete(href: href, etag: etag) } }
}
