import Foundation

/// What a collection holds, and so which local items it syncs with (docs/sync.md).
public enum SyncKind: String, Sendable, Codable, CaseIterable {
    /// VEVENTs ↔ tasks (a CalDAV calendar, or a vdir folder of .ics files).
    case tasks
    /// VTODOs ↔ todos and their subtasks (RELATED-TO;RELTYPE=PARENT).
    case todos
    /// vCards ↔ contacts (a CardDAV address book, or a vdir folder of .vcf files).
    case contacts
}

/// An item on the other side, as listed: its address in the collection and its version.
public struct RemoteEntry: Sendable, Equatable, Hashable {
    /// The server's href (a path), or a vdir file's name. The key of the item in the sync state.
    public var href: String
    /// The server's ETag (quotes kept, compared as opaque text), or a vdir file's version.
    public var etag: String
    public init(href: String, etag: String) { self.href = href; self.etag = etag }
}

/// An item fetched from the other side.
public struct RemoteResource: Sendable, Equatable {
    public var href: String
    public var etag: String
    /// The iCalendar or vCard text, as served.
    public var data: Data
    public init(href: String, etag: String, data: Data) { self.href = href; self.etag = etag; self.data = data }
}

/// What changed on the other side since a token.
public struct RemoteChanges: Sendable, Equatable {
    /// New or changed items (all items when `complete`).
    public var changed: [RemoteEntry]
    /// hrefs gone since the token (empty when `complete`: the engine works deletions out).
    public var deleted: [String]
    /// Give this to the next `changes(since:)`: a sync-token (RFC 6578), a ctag, or a vdir's stamp.
    public var token: String?
    /// True when `changed` lists every item of the collection (a first run, an expired sync
    /// token, a server without sync-collection): an href the engine knows that is missing
    /// from it was deleted on the other side.
    public var complete: Bool
    /// True when nothing changed at all (a ctag or vdir stamp equal to the token): the engine
    /// skips the collection's pull. `changed` and `deleted` are then empty.
    public var unchanged: Bool

    public init(changed: [RemoteEntry], deleted: [String], token: String?, complete: Bool, unchanged: Bool = false) {
        self.changed = changed; self.deleted = deleted; self.token = token
        self.complete = complete; self.unchanged = unchanged
    }
}

/// One collection on the other side: a CalDAV calendar or task list, a CardDAV address book,
/// or a vdir folder. The engine (SyncEngine) knows only this.
public protocol SyncCollection: Sendable {
    var kind: SyncKind { get }
    /// The collection's identity in the sync state: its URL, or the vdir folder's path.
    var identity: String { get }
    /// True for a folder of files (vdir), false for a server's collection: what a problem with
    /// one of its items tells the user to fix.
    var isFolder: Bool { get }
    /// Items changed since `token` (nil: everything).
    func changes(since token: String?) async throws -> RemoteChanges
    /// The items at these hrefs (calendar-multiget / addressbook-multiget); an href that is
    /// gone is left out, not an error.
    func fetch(_ hrefs: [String]) async throws -> [RemoteResource]
    /// Stores a new item under a name made from its UID (PUT with If-None-Match: *).
    /// Throws `SyncError.preconditionFailed` when an item exists there already.
    func create(uid: String, data: Data) async throws -> RemoteEntry
    /// Replaces an item only if it is still at `etag` (PUT with If-Match); returns the new etag.
    /// Throws `SyncError.preconditionFailed` (412) when it changed meanwhile.
    func update(href: String, data: Data, etag: String) async throws -> String
    /// Deletes an item only if it is still at `etag` (DELETE with If-Match). An item already
    /// gone is not an error. Throws `SyncError.preconditionFailed` when it changed meanwhile.
    func delete(href: String, etag: String) async throws
}

extension SyncCollection {
    public var isFolder: Bool { false }
}

/// Why a sync step failed; each has a message that says what to do next.
public enum SyncError: Error, Sendable, Equatable {
    /// 412: the item changed on the other side since its etag was read.
    case preconditionFailed(href: String)
    /// 401/403: wrong user or password. Not retried.
    case unauthorized(String)
    /// Network gone, a time-out, 5xx or 429 after the retries; the run can be resumed.
    case unreachable(String)
    /// The server answered something that is not what the protocol says (with the href when known).
    case malformed(href: String?, String)
    /// A redirect to another host, refused unless configured.
    case redirectRefused(String)
    /// Anything else, said plainly.
    case failed(String)
}
