import Foundation
import Storage
import Sync

/// The TUI's `SyncRunning` over the real sync: `SyncService` (accounts from config.toml, passwords,
/// collections) and `SyncEngine` (runs, its journal, conflicts). Reads nothing when made, so the
/// app's first frame never waits for it; config.toml is read again at each call (an account set
/// up or changed while the app runs is seen at the next run).
public struct SyncConnection: SyncRunning {
    public let database: AppDatabase
    public let configPath: String
    public let service: SyncService

    public init(database: AppDatabase, configPath: String, service: SyncService = SyncService()) {
        self.database = database; self.configPath = configPath; self.service = service
    }

    private func settings() -> SyncSettings { SyncSettings.load(configPath: configPath) }

    public func accounts() -> [SyncAccountSummary] {
        settings().accounts.map { account in
            let last = (try? service.backends.lastRun(database, account.name)).flatMap { $0 }
            return SyncAccountSummary(name: account.name, kind: account.kind.rawValue, intervalMinutes: account.intervalMinutes,
                                      conflicts: account.conflicts.rawValue, lastRun: last.map(Self.summary))
        }
    }

    /// The accounts one after the other; cancelled (the app quits), the engine stops between
    /// items and the accounts not reached yet are left for the next run.
    public func run(account name: String?) async -> [SyncRunSummary] {
        let settings = settings()
        var runs: [SyncRunSummary] = []
        for account in settings.accounts where name == nil || account.name == name {
            if Task.isCancelled { break }
            runs.append(Self.summary(await service.run(account, settings: settings, database: database)))
        }
        return runs
    }

    public func conflicts() throws -> [SyncConflictSummary] {
        try SyncEngine.conflicts(in: database).map { conflict in
            let titles = try SyncEngine.titles(of: conflict, in: database)
            let title = titles.local ?? titles.server ?? conflict.href
            return SyncConflictSummary(id: conflict.id, account: conflict.account, item: Self.item(conflict.localKind),
                                       localId: conflict.localId, title: title,
                                       serverTitle: titles.server == title ? nil : titles.server)
        }
    }

    public func resolve(conflict id: Int64, keep side: SyncSide) throws {
        guard let conflict = try SyncEngine.conflicts(in: database).first(where: { $0.id == id }) else { return }
        let policy = settings().account(named: conflict.account)?.conflicts ?? .ask
        let choice: ConflictChoice = side == .local ? .local : side == .server ? .server : .both
        try SyncEngine(database: database, account: conflict.account, policy: policy).resolveConflict(id, choice)
    }

    // MARK: Mapping

    static func item(_ kind: SyncLocalKind) -> SyncConflictSummary.Item {
        switch kind {
        case .task: return .task
        case .todo: return .todo
        case .subtask: return .subtask
        case .contact: return .contact
        }
    }

    /// A run as the TUI shows it: a run that could not start, or that the engine stopped (the
    /// server gone, the password refused: its problems without an href), is a failure with the reason.
    static func summary(_ outcome: SyncService.Outcome) -> SyncRunSummary {
        guard let report = outcome.report else {
            let now = Date()
            return summary(account: outcome.account, startedAt: now, finishedAt: now, counts: (0, 0, 0, 0),
                           problems: [SyncProblem(href: nil, message: outcome.failure ?? "failed", reason: outcome.reason)], changes: [])
        }
        return summary(account: report.account, startedAt: report.startedAt, finishedAt: report.finishedAt,
                       counts: (report.pulled, report.pushed, report.deleted, report.conflicts), problems: report.problems,
                       changes: report.changes)
    }

    static func summary(_ record: SyncRunRecord) -> SyncRunSummary {
        summary(account: record.account, startedAt: record.startedAt, finishedAt: record.finishedAt,
                counts: (record.pulled, record.pushed, record.deleted, record.conflicts), problems: record.problems,
                changes: record.changes)
    }

    private static func summary(account: String, startedAt: Date, finishedAt: Date, counts: (Int, Int, Int, Int),
                                problems: [SyncProblem], changes: [SyncItemChange]) -> SyncRunSummary {
        // The reason alone: the TUI shows it beside the account's name (a run that could not start
        // journals SyncService's whole sentence, which names the account first).
        let prefix = "Sync account '\(account)': "
        let stops = problems.filter { $0.href == nil }.map {
            SyncProblemSummary(href: nil, message: $0.message.hasPrefix(prefix) ? String($0.message.dropFirst(prefix.count)) : $0.message,
                               reason: $0.reason)
        }
        return SyncRunSummary(account: account, startedAt: startedAt, finishedAt: finishedAt, pulled: counts.0, pushed: counts.1,
                              deleted: counts.2, conflicts: counts.3,
                              problems: problems.filter { $0.href != nil }.map { SyncProblemSummary(href: $0.href, message: $0.message, reason: $0.reason) },
                              failures: stops, changes: changes)
    }
}
