import Foundation

/// What to do when both sides changed the same field of an item since the last sync
/// (changes to different fields always merge): `[[sync.accounts]] conflicts`.
public enum ConflictPolicy: String, Sendable, Codable, CaseIterable {
    /// Keep both: the local item is marked as a conflict and the server's version is kept until
    /// the user picks a side (`SyncEngine.resolveConflict`).
    case ask
    case serverWins = "server_wins"
    case localWins = "local_wins"
}

/// Something a run could not do, with the item's href when there is one.
public struct SyncProblem: Sendable, Equatable, Codable {
    public var href: String?
    public var message: String
    public init(href: String?, message: String) { self.href = href; self.message = message }
}

/// Counts of one kind of item (tasks, todos with their subtasks, contacts).
public struct SyncKindCounts: Sendable, Equatable, Codable {
    /// Items created or changed here from the other side.
    public var pulled = 0
    /// Items created or changed on the other side from here.
    public var pushed = 0
    /// Items deleted, on either side.
    public var deleted = 0
    /// Items both sides changed: merged field by field, or kept both (policy `ask`).
    public var conflicts = 0
    public init() {}
}

/// What one run did (kept in the run journal, `SyncEngine.runs`).
public struct SyncReport: Sendable, Equatable {
    public var account: String
    public var startedAt: Date
    public var finishedAt: Date
    public var byKind: [SyncKind: SyncKindCounts] = [:]
    public var problems: [SyncProblem] = []

    public var pulled: Int { byKind.values.reduce(0) { $0 + $1.pulled } }
    public var pushed: Int { byKind.values.reduce(0) { $0 + $1.pushed } }
    public var deleted: Int { byKind.values.reduce(0) { $0 + $1.deleted } }
    public var conflicts: Int { byKind.values.reduce(0) { $0 + $1.conflicts } }
    /// True when the run reached every collection and every item (problems with an href are items skipped).
    public var completed: Bool { !problems.contains { $0.href == nil } }

    public init(account: String, startedAt: Date, finishedAt: Date, byKind: [SyncKind: SyncKindCounts] = [:], problems: [SyncProblem] = []) {
        self.account = account; self.startedAt = startedAt; self.finishedAt = finishedAt
        self.byKind = byKind; self.problems = problems
    }

    mutating func count(_ kind: SyncKind, _ change: (inout SyncKindCounts) -> Void) {
        change(&byKind[kind, default: SyncKindCounts()])
    }
}
