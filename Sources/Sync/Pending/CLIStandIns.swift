import Foundation

// STAND-INS (helper "cli", issue 21): the shared names of docs/SYNC-PLAN.md that the engine
// branch defines, written here only so the cli branch builds alone. The integrator deletes this
// file when merging the engine's `SyncReport`, `SyncProblem` and `ConflictPolicy`.

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

/// What one run of one account did.
public struct SyncReport: Sendable, Equatable {
    public var account: String
    public var startedAt: Date
    public var finishedAt: Date
    public var pulled = 0, pushed = 0, deleted = 0, conflicts = 0
    public var problems: [SyncProblem] = []
    public init(account: String, startedAt: Date, finishedAt: Date) {
        self.account = account; self.startedAt = startedAt; self.finishedAt = finishedAt
    }
}
