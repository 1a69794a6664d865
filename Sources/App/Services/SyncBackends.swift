import Foundation
import Storage
import Sync

/// A collection on a CalDAV/CardDAV server, as discovery lists it.
public struct FoundCollection: Sendable, Equatable {
    public var url: String
    public var displayName: String
    /// What it can hold: tasks (VEVENT), todos (VTODO), contacts (an address book).
    public var kinds: Set<SyncKind>
    public init(url: String, displayName: String, kinds: Set<SyncKind>) {
        self.url = url; self.displayName = displayName; self.kinds = kinds
    }
}

/// How to reach a CalDAV/CardDAV account.
public struct DAVAccess: Sendable, Equatable {
    public var url: String
    public var user: String
    public var password: String
    public var allowRedirectHosts: [String]
    public init(url: String, user: String, password: String, allowRedirectHosts: [String] = []) {
        self.url = url; self.user = user; self.password = password; self.allowRedirectHosts = allowRedirectHosts
    }
}

/// The parts of the sync `SyncService` and `aihelper sync` use: the DAV client's discovery,
/// collections and MKCALENDAR, `VdirCollection`, the engine and its journal (`.live`). Tests
/// give their own.
public struct SyncBackends: Sendable {
    /// Finds the account's calendars, task lists and address books (well-known URLs,
    /// current-user-principal, the home sets). Throws `SyncError` (unauthorized, unreachable, …).
    public var discover: @Sendable (DAVAccess) async throws -> [FoundCollection]
    /// Makes a calendar (tasks: VEVENT), task list (todos: VTODO) or address book named `displayName`.
    public var create: @Sendable (DAVAccess, SyncKind, _ displayName: String) async throws -> FoundCollection
    /// A found collection as the engine's `SyncCollection` (`DAVCollection`).
    public var davCollection: @Sendable (DAVAccess, FoundCollection, SyncKind) throws -> any SyncCollection
    /// A vdir folder (one .ics or .vcf file per item) as a `SyncCollection` (VdirCollection).
    public var vdirCollection: @Sendable (_ folder: String, SyncKind) throws -> any SyncCollection
    /// One run of the engine over the account's collections (SyncEngine(database:account:policy:).run).
    public var run: @Sendable (AppDatabase, _ account: String, ConflictPolicy, [any SyncCollection]) async -> SyncReport
    /// The journal: the account's last run (for `aihelper sync --status`).
    public var lastRun: @Sendable (AppDatabase, _ account: String) throws -> SyncRunRecord?
    /// How many of the account's conflicts wait for a side to be picked.
    public var openConflicts: @Sendable (AppDatabase, _ account: String) throws -> Int
    /// How many local changes wait to go out to the account (queued while offline, or since the last run).
    public var pendingChanges: @Sendable (AppDatabase, _ account: String) throws -> Int
    /// Journals a run that could not start (`SyncEngine.recordFailedRun`), so the status shows it.
    public var recordFailure: @Sendable (AppDatabase, _ account: String, _ startedAt: Date, _ why: String, SyncReason?) throws -> Void

    public init(discover: @escaping @Sendable (DAVAccess) async throws -> [FoundCollection],
                create: @escaping @Sendable (DAVAccess, SyncKind, String) async throws -> FoundCollection,
                davCollection: @escaping @Sendable (DAVAccess, FoundCollection, SyncKind) throws -> any SyncCollection,
                vdirCollection: @escaping @Sendable (String, SyncKind) throws -> any SyncCollection,
                run: @escaping @Sendable (AppDatabase, String, ConflictPolicy, [any SyncCollection]) async -> SyncReport,
                lastRun: @escaping @Sendable (AppDatabase, String) throws -> SyncRunRecord?,
                openConflicts: @escaping @Sendable (AppDatabase, String) throws -> Int,
                pendingChanges: @escaping @Sendable (AppDatabase, String) throws -> Int,
                recordFailure: @escaping @Sendable (AppDatabase, String, Date, String, SyncReason?) throws -> Void = { _, _, _, _, _ in }) {
        self.discover = discover; self.create = create; self.davCollection = davCollection
        self.vdirCollection = vdirCollection; self.run = run; self.lastRun = lastRun; self.openConflicts = openConflicts
        self.pendingChanges = pendingChanges; self.recordFailure = recordFailure
    }
}
