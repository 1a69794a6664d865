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
    /// The whole sentence, in English (the CLI's and the run journal's).
    public var message: String
    /// What kind of problem it is, for a screen in another language; nil for one said only in
    /// `message` (and in journals written before it was kept).
    public var reason: SyncReason?
    public init(href: String?, message: String, reason: SyncReason? = nil) {
        self.href = href; self.message = message; self.reason = reason
    }
}

/// A problem's fixed phrase (the app's string catalog words it) and its variable part: a
/// place, a server's answer, a parse error — shown as it came, cleaned.
public struct SyncReason: Sendable, Equatable, Codable {
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The server refused the user or password.
        case unauthorized
        /// The server could not be reached (or kept failing).
        case unreachable
        /// A redirect to another host, refused.
        case redirectRefused
        /// The server's answer did not read.
        case malformedAnswer
        /// The item changed on the server meanwhile (a 412).
        case changedMeanwhile
        /// The run was stopped (the app quit) before it ended.
        case stopped
        /// An item from the server, or a vdir file, could not be read and was skipped.
        case unreadableItem, unreadableFile
        /// An item could not be stored here, or the server refused to store it.
        case notStored, notSent
        /// A new item is on the server already under another name (matched at the next full listing).
        case existsOnServer
        /// A vdir account's folder is missing.
        case folderMissing
        /// The account has no password (credentials.toml or password_command).
        case noPassword
    }
    public var code: Code
    public var detail: String?
    public init(_ code: Code, _ detail: String? = nil) { self.code = code; self.detail = detail }
}

/// One item a run changed, for the run journal: what happened, to what kind of item, its title.
public struct SyncItemChange: Sendable, Equatable, Codable {
    public enum What: String, Sendable, Codable {
        /// Created or changed here from the other side.
        case pulled
        /// Created or changed on the other side from here.
        case pushed
        /// Deleted here (the other side deleted it).
        case deletedHere = "deleted here"
        /// Deleted on the other side (deleted here).
        case deletedThere = "deleted there"
        /// Both sides changed it: merged, or kept both until a side is picked.
        case conflict
    }
    public var what: What
    public var kind: SyncKind
    public var title: String
    public init(_ what: What, _ kind: SyncKind, _ title: String) { self.what = what; self.kind = kind; self.title = title }
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
    /// The items changed, in order, the first `changesKept` of them (the counts count all).
    public var changes: [SyncItemChange] = []
    public static let changesKept = 200

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

    /// Counts the change (a conflict that also took the server's fields counts as pulled too)
    /// and notes the item.
    mutating func note(_ what: SyncItemChange.What, _ kind: SyncKind, _ title: String, alsoPulled: Bool = false) {
        var counts = byKind[kind, default: SyncKindCounts()]
        switch what {
        case .pulled: counts.pulled += 1
        case .pushed: counts.pushed += 1
        case .deletedHere, .deletedThere: counts.deleted += 1
        case .conflict: counts.conflicts += 1; if alsoPulled { counts.pulled += 1 }
        }
        byKind[kind] = counts
        if changes.count < Self.changesKept { changes.append(SyncItemChange(what, kind, title)) }
    }
}
