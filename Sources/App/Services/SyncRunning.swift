import Foundation
import Sync

// The seam between the TUI and sync (docs/sync.md, In the TUI): the App knows only this
// protocol and these plain values; the sync service (config, credentials, the engine)
// implements it. Everything here is called off the loop (`SyncRunner`), never for the first frame.

/// What the TUI needs of sync: the accounts, a run, the conflicts and their resolution.
public protocol SyncRunning: Sendable {
    /// The configured accounts (`[[sync.accounts]]`) with their last run; none: the TUI shows
    /// nothing of sync. Reads config.toml (and the journal for `lastRun`).
    func accounts() -> [SyncAccountSummary]
    /// Runs the account named (nil: every account) once; one summary per account run. A run
    /// that cannot reach its server answers with `failure` set (the engine keeps the queue).
    /// Honours task cancellation (the app quitting): stops between items, nothing half-applied.
    func run(account: String?) async -> [SyncRunSummary]
    /// The conflicts waiting for a side to be picked (policy `ask`).
    func conflicts() throws -> [SyncConflictSummary]
    /// Picks a side of a conflict: the local item, the server's version, or both (the
    /// server's as a new item). The next run pushes the result.
    func resolve(conflict: Int64, keep: SyncSide) throws
}

/// One `[[sync.accounts]]` entry, as the TUI shows it.
public struct SyncAccountSummary: Sendable, Equatable {
    public var name: String
    /// "caldav" or "vdir".
    public var kind: String
    public var intervalMinutes: Int
    /// "ask", "server_wins" or "local_wins".
    public var conflicts: String
    /// The last run this account journaled (an earlier session's too), nil when never run.
    public var lastRun: SyncRunSummary?

    public init(name: String, kind: String, intervalMinutes: Int = 5, conflicts: String = "ask", lastRun: SyncRunSummary? = nil) {
        self.name = name; self.kind = kind; self.intervalMinutes = intervalMinutes
        self.conflicts = conflicts; self.lastRun = lastRun
    }
}

/// What one run of one account did.
public struct SyncRunSummary: Sendable, Equatable {
    public var account: String
    public var startedAt: Date
    public var finishedAt: Date
    public var pulled: Int
    public var pushed: Int
    public var deleted: Int
    /// Conflicts this run found (kept for a side to be picked, or merged per the policy).
    public var conflicts: Int
    /// Items that failed and were skipped (the rest synced): a malformed resource, a refused PUT.
    public var problems: [SyncProblemSummary]
    /// Why the whole run failed (offline, wrong password), each reason it gave; empty when it ran.
    public var failures: [SyncProblemSummary]
    /// The failures in English, joined; nil when it ran.
    public var failure: String? { failures.isEmpty ? nil : failures.map(\.message).joined(separator: "; ") }
    /// The items it changed, in order (the run journal's, at most 200).
    public var changes: [SyncItemChange]

    public init(account: String, startedAt: Date, finishedAt: Date, pulled: Int = 0, pushed: Int = 0, deleted: Int = 0,
                conflicts: Int = 0, problems: [SyncProblemSummary] = [], failure: String? = nil,
                failures: [SyncProblemSummary] = [], changes: [SyncItemChange] = []) {
        self.account = account; self.startedAt = startedAt; self.finishedAt = finishedAt
        self.pulled = pulled; self.pushed = pushed; self.deleted = deleted
        self.conflicts = conflicts; self.problems = problems; self.changes = changes
        self.failures = failures + (failure.map { [SyncProblemSummary(href: nil, message: $0)] } ?? [])
    }
}

/// An item a run could not sync: the server's href when known, and why.
public struct SyncProblemSummary: Sendable, Equatable {
    public var href: String?
    /// In English, whole.
    public var message: String
    /// Its kind and variable part, which the TUI words in its language (`SyncStrings.reason`).
    public var reason: SyncReason?
    public init(href: String?, message: String, reason: SyncReason? = nil) { self.href = href; self.message = message; self.reason = reason }
}

/// A local item in conflict with the server's version.
public struct SyncConflictSummary: Sendable, Equatable {
    public enum Item: String, Sendable { case task, todo, subtask, contact }
    public var id: Int64
    public var account: String
    public var item: Item
    /// The local item's id (a task's, a todo's, a subtask's or a contact's).
    public var localId: Int64
    /// The local title; the server's when it differs (else nil).
    public var title: String
    public var serverTitle: String?

    public init(id: Int64, account: String, item: Item, localId: Int64, title: String, serverTitle: String? = nil) {
        self.id = id; self.account = account; self.item = item; self.localId = localId
        self.title = title; self.serverTitle = serverTitle
    }
}

/// Which side of a conflict to keep.
public enum SyncSide: String, Sendable, Equatable {
    case local, server, both
}
