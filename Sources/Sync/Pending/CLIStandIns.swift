import Foundation

// STAND-INS (helper "cli", issue 21): the shared names of docs/SYNC-PLAN.md that the engine
// branch defines, written here only so the cli branch builds alone. The integrator deletes this
// file when merging the engine's `SyncReport`, `SyncKindCounts`, `SyncRunRecord`, `SyncProblem` and
// `ConflictPolicy` (same shapes as in the engine branch at 049b416a).

/// What to do when both sides changed an item (`[[sync.accounts]] conflicts`).
public enum ConflictPolicy: String, Sendable, Codable, CaseIterable {
    case ask, serverWins = "server_wins", localWins = "local_wins"
}

/// One item a run could not sync, and why.
public struct SyncProblem: Sendable, Equatable, Codable {
    public var href: String?
    public var message: String
    public init(href: String?, message: String) { self.href = href; self.message = message }
}

/// Counts of one kind of item.
public struct SyncKindCounts: Sendable, Equatable, Codable {
    public var pulled = 0, pushed = 0, deleted = 0, conflicts = 0
    public init() {}
}

/// What one run of one account did.
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
    public init(account: String, startedAt: Date, finishedAt: Date, byKind: [SyncKind: SyncKindCounts] = [:], problems: [SyncProblem] = []) {
        self.account = account; self.startedAt = startedAt; self.finishedAt = finishedAt
        self.byKind = byKind; self.problems = problems
    }
}

/// One run as the engine's run journal keeps it.
public struct SyncRunRecord: Sendable, Equatable {
    public var id: Int64
    public var account: String
    public var startedAt: Date
    public var finishedAt: Date
    public var pulled: Int
    public var pushed: Int
    public var deleted: Int
    public var conflicts: Int
    public var problems: [SyncProblem]
}
