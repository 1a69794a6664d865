import Foundation
import Core

/// Sync in the TUI (docs/sync.md, In the TUI): the accounts, whether a run is under way, how
/// the last one ended, the conflicts waiting for a side, and when the next run is due.
/// `UpdateSync.swift` changes it; the runtime (`SyncRunner`) runs sync off the loop.
struct SyncState: Equatable {
    enum Phase: Equatable {
        /// No run yet this session.
        case idle
        case running
        /// The last run ended well at that time.
        case succeeded(Date)
        /// The last run failed: why (worded in the screen's language when drawn: `text(of:)`).
        case failed([SyncProblemSummary])
    }

    /// Empty when no account is configured (or not read yet): then nothing of sync shows.
    var accounts: [SyncAccountSummary] = []
    var phase = Phase.idle
    /// Each account's newest run: this session's, else the journal's (`lastRun`).
    var lastRuns: [String: SyncRunSummary] = [:]
    var conflicts: [SyncConflictSummary] = []
    /// The next run by the clock (the accounts' shortest interval after the last run).
    var nextRunAt: Date?
    /// A local change was seen: a run at this time, unless another change puts it off.
    var changeDueAt: Date?
    /// With no account: when config.toml is looked at again for one (an account set up while
    /// the app runs, by `aihelper sync setup` in another terminal or by hand).
    var accountsCheckAt: Date?
    /// Runs in a row that could not reach their server: the next is tried sooner than the
    /// interval (`nextRunDelay`), as a laptop waking up has its network back in seconds.
    var unreachableRuns = 0

    /// How long after a local change the run starts: edits in a row make one run.
    static let debounce: TimeInterval = 3
    /// How often, with no account, config.toml is read again for one (off the loop).
    static let accountsCheck: TimeInterval = 30

    /// When the next run is due after this one: the interval, or — after runs that could not
    /// reach the server — 30 s, then 1, 2, 4 minutes…, never past the interval. A refused
    /// password waits for the interval: trying it again soon would not help.
    var nextRunDelay: TimeInterval {
        guard unreachableRuns > 0 else { return interval }
        return min(interval, 30 * pow(2, Double(min(unreachableRuns, 10) - 1)))
    }
    /// Before the title of an item in conflict (Tasks, Todos).
    static let conflictMark = "⚠ "

    var isRunning: Bool { phase == .running }

    /// The shortest interval of the accounts (5 minutes when none says; at least one minute).
    var interval: TimeInterval {
        TimeInterval(max(1, accounts.map(\.intervalMinutes).min() ?? 5) * 60)
    }

    /// The conflict of a local item, if it has one.
    func conflict(_ item: SyncConflictSummary.Item, _ id: Int64?) -> SyncConflictSummary? {
        guard let id else { return nil }
        return conflicts.first { $0.item == item && $0.localId == id }
    }

    /// The last run of `account`.
    func lastRun(_ account: String) -> SyncRunSummary? {
        lastRuns[account] ?? accounts.first { $0.name == account }?.lastRun
    }

    /// A problem or failure in the screen's language: its reason through the catalog (the
    /// variable part as it came), else its English sentence.
    static func text(of problem: SyncProblemSummary) -> String {
        problem.reason.flatMap(tr.sync.reason) ?? problem.message
    }

    static func text(of failures: [SyncProblemSummary]) -> String {
        failures.map(text(of:)).joined(separator: "; ")
    }

    /// How runs ended: the first run's failures (cleaned where they are drawn), else success at the latest end.
    static func phase(after runs: [SyncRunSummary]) -> Phase {
        if let failed = runs.first(where: { !$0.failures.isEmpty }) { return .failed(failed.failures) }
        return runs.map(\.finishedAt).max().map(Phase.succeeded) ?? .idle
    }
}

/// The sync view (`/sync`): its accounts and conflicts are `state.sync`'s, so a run ending
/// while it shows updates it; it keeps only what is chosen and how far it is scrolled.
struct SyncView: Equatable {
    var selected = 0
    var scroll = 0
}
