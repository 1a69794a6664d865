import Foundation

/// A CalDAV calendar (`.tasks`, VEVENT) or task list (`.todos`, VTODO) the engine syncs with.
public struct CalDAVCollection: SyncCollection {
    let items: DAVCollection
    public var kind: SyncKind { items.kind }
    public var identity: String { items.url }

    /// `kind` is .tasks or .todos; `url` is the calendar's (from `DAVClient.collections(in:)`).
    public init(client: DAVClient, url: String, kind: SyncKind, batchSize: Int = 200) {
        precondition(kind != .contacts, "a CalDAV calendar holds events or to-dos")
        items = DAVCollection(client: client, url: url, kind: kind, batchSize: batchSize)
    }

    public func changes(since token: String?) async throws -> RemoteChanges { try await items.changes(since: token) }
    public func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { try await items.fetch(hrefs) }
    public func create(uid: String, data: Data) async throws -> RemoteEntry { try await items.create(uid: uid, data: data) }
    public func update(href: String, data: Data, etag: String) async throws -> String {
        try await items.update(href: href, data: data, etag: etag)
    }
    public func delete(href: String, etag: String) async throws { try await items.delete(href: href, etag: etag) }
}

/// A CardDAV address book (`.contacts`) the engine syncs with.
public struct CardDAVCollection: SyncCollection {
    let items: DAVCollection
    public var kind: SyncKind { .contacts }
    public var identity: String { items.url }

    public init(client: DAVClient, url: String, batchSize: Int = 200) {
        items = DAVCollection(client: client, url: url, kind: .contacts, batchSize: batchSize)
    }

    public func changes(since token: String?) async throws -> RemoteChanges { try await items.changes(since: token) }
    public func fetch(_ hrefs: [String]) async throws -> [RemoteResource] { try await items.fetch(hrefs) }
    public func create(uid: String, data: Data) async throws -> RemoteEntry { try await items.create(uid: uid, data: data) }
    public func update(href: String, data: Data, etag: String) async throws -> String {
        try await items.update(href: href, data: data, etag: etag)
    }
    public func delete(href: String, etag: String) async throws { try await items.delete(href: href, etag: etag) }
}
