import Foundation
import ArgumentParser
import App
import Storage
import Sync

/// `aihelper sync [--account NAME] [--status] [--json]`: runs the `[[sync.accounts]]` of
/// config.toml once, or says how they stand (docs/sync.md).
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync tasks, todos and contacts with CalDAV/CardDAV servers and vdir folders, once.",
        discussion: """
        Runs every [[sync.accounts]] of config.toml (or --account NAME) and prints what each run did. \
        Exit codes: 0 every run ended well; 1 a run failed (the server could not be reached or refused the password); \
        2 bad arguments or configuration (an unknown account, a mistake in config.toml, a missing password or collection); \
        3 the runs ended but with problems (items skipped) or conflicts to resolve. `aihelper sync setup` adds an account.
        """,
        subcommands: [SyncSetupCommand.self])

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("Only this account (its name in config.toml).", valueName: "name"))
    var account: String?
    @Flag(name: .long, help: "Print each account's last run, open conflicts and errors instead of syncing.")
    var status = false
    @Flag(name: .long, help: "Print JSON: an array of {account, kind, startedAt, finishedAt, pulled, pushed, deleted, conflicts, problems, failure}.")
    var json = false

    func run() async throws {
        let settings = SyncSettings.load(configPath: global.paths.config)
        if !settings.problems.isEmpty {
            for problem in settings.problems { Output.note("aihelper: " + problem) }
            throw fail("fix the sync accounts in \(global.paths.config) (docs/sync.md).", code: 2)
        }
        let accounts = try chosen(settings)
        let database = try CLIData.open(global)
        let service = SyncService()
        if status { return try printStatus(accounts, database: database, backends: service.backends) }
        var outcomes: [SyncService.Outcome] = []
        for account in accounts {
            let outcome = await service.run(account, settings: settings, database: database)
            outcomes.append(outcome)
            if let failure = outcome.failure { Output.note("aihelper: " + failure) }
            if !json { Self.summary(outcome).forEach(Output.line) }
        }
        if json { CLIData.printJSON(zip(accounts, outcomes).map(SyncRunJSON.init)) }
        let codes = outcomes.map(\.exitCode)
        // The worst first: a bad setup, then a failed run, then problems or conflicts.
        if let code = [2, 1, 3].first(where: codes.contains) { throw ExitCode(code) }
    }

    /// The accounts asked for: all, or the one `--account` names.
    private func chosen(_ settings: SyncSettings) throws -> [SyncAccount] {
        guard !settings.accounts.isEmpty else {
            throw fail("no sync accounts in \(global.paths.config). Add one with `aihelper sync setup` (docs/sync.md).", code: 2)
        }
        guard let name = account else { return settings.accounts }
        guard let one = settings.account(named: name) else {
            throw fail("no sync account '\(name)' in \(global.paths.config); the accounts are: "
                       + settings.accounts.map(\.name).joined(separator: ", ") + ".", code: 2)
        }
        return [one]
    }

    /// "home: 3 pulled, 1 pushed, 0 deleted, 0 conflicts, no problems (0.4 s)" and a line per problem.
    static func summary(_ outcome: SyncService.Outcome) -> [String] {
        guard let report = outcome.report else { return ["\(outcome.account): failed"] }
        let seconds = String(format: "%.1f", report.finishedAt.timeIntervalSince(report.startedAt))
        return ["\(report.account): " + counts(pulled: report.pulled, pushed: report.pushed, deleted: report.deleted,
                                              conflicts: report.conflicts, problems: report.problems.count) + " (\(seconds) s)"]
            + report.problems.map { "  \($0.href.map { $0 + ": " } ?? "")\($0.message)" }
    }

    /// "3 pulled, 1 pushed, 0 deleted, 1 conflict, no problems".
    static func counts(pulled: Int, pushed: Int, deleted: Int, conflicts: Int, problems: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(pulled) pulled, \(pushed) pushed, \(deleted) deleted, \(plural(conflicts, "conflict")), "
            + (problems == 0 ? "no problems" : plural(problems, "problem"))
    }

    private func printStatus(_ accounts: [SyncAccount], database: AppDatabase, backends: SyncBackends) throws {
        let rows: [SyncStatusJSON]
        do {
            rows = try accounts.map { account in
                SyncStatusJSON(account: account, last: try backends.lastRun(database, account.name),
                               openConflicts: try backends.openConflicts(database, account.name),
                               pendingChanges: try backends.pendingChanges(database, account.name))
            }
        } catch { throw fail("cannot read the sync journal: \(error)", code: 1) }
        printRecords(rows, json: json, shape: { $0 }, none: "No sync accounts.") { $0.lines.joined(separator: "\n") }
    }
}

/// One account in `aihelper sync --json`.
struct SyncRunJSON: Encodable {
    let account: String, kind: String
    let startedAt: Date?, finishedAt: Date?
    let pulled: Int, pushed: Int, deleted: Int, conflicts: Int
    struct ProblemJSON: Encodable { let href: String?, message: String }
    let problems: [ProblemJSON]
    /// The items the run changed (the first 200): "pulled", "pushed", "deleted here",
    /// "deleted there" or "conflict"; kind "tasks", "todos" or "contacts"; the title.
    struct ChangeJSON: Encodable { let what: String, kind: String, title: String }
    let changes: [ChangeJSON]
    /// Why the run failed or could not start; left out when it ran.
    let failure: String?

    init(account: SyncAccount, outcome: SyncService.Outcome) {
        let r = outcome.report
        self.init(account: account, startedAt: r?.startedAt, finishedAt: r?.finishedAt,
                  counts: (r?.pulled ?? 0, r?.pushed ?? 0, r?.deleted ?? 0, r?.conflicts ?? 0),
                  problems: r?.problems ?? [], changes: r?.changes ?? [], failure: outcome.failure)
    }

    init(account: SyncAccount, record: SyncRunRecord) {
        self.init(account: account, startedAt: record.startedAt, finishedAt: record.finishedAt,
                  counts: (record.pulled, record.pushed, record.deleted, record.conflicts), problems: record.problems,
                  changes: record.changes, failure: nil)
    }

    private init(account: SyncAccount, startedAt: Date?, finishedAt: Date?, counts: (Int, Int, Int, Int), problems: [SyncProblem],
                 changes: [SyncItemChange], failure: String?) {
        self.account = account.name; kind = account.kind.rawValue
        self.startedAt = startedAt; self.finishedAt = finishedAt
        (pulled, pushed, deleted, conflicts) = counts
        self.problems = problems.map { ProblemJSON(href: $0.href, message: $0.message) }
        self.changes = changes.map { ChangeJSON(what: $0.what.rawValue, kind: $0.kind.rawValue, title: $0.title) }
        self.failure = failure
    }
}

/// One account in `aihelper sync --status [--json]`.
struct SyncStatusJSON: Encodable {
    let account: String, kind: String
    /// The server's URL or the vdir folder.
    let location: String
    /// The last run, from the sync journal; left out when there was none.
    let lastRun: SyncRunJSON?
    let openConflicts: Int
    /// Local changes waiting to go out (made offline, or since the last run).
    let pendingChanges: Int

    init(account: SyncAccount, last: SyncRunRecord?, openConflicts: Int, pendingChanges: Int) {
        self.account = account.name; kind = account.kind.rawValue
        location = account.kind == .vdir ? account.path ?? "" : account.url ?? ""
        lastRun = last.map { SyncRunJSON(account: account, record: $0) }
        self.openConflicts = openConflicts; self.pendingChanges = pendingChanges
    }

    /// The last run's changed items listed in the text output.
    static let changesShown = 20

    var lines: [String] {
        var lines = ["\(account) (\(kind), \(location))"]
        if let run = lastRun, let finished = run.finishedAt {
            lines.append("  last run: \(ISO8601DateFormatter().string(from: finished)): "
                         + SyncCommand.counts(pulled: run.pulled, pushed: run.pushed, deleted: run.deleted,
                                              conflicts: run.conflicts, problems: run.problems.count))
            lines += run.changes.prefix(Self.changesShown).map { "  \($0.what) \($0.kind.dropLast()): \($0.title)" }
            if run.changes.count > Self.changesShown { lines.append("  … and \(run.changes.count - Self.changesShown) more (--json lists them)") }
            lines += run.problems.map { "  problem: \($0.href.map { $0 + ": " } ?? "")\($0.message)" }
        } else {
            lines.append("  never synced")
        }
        if pendingChanges > 0 { lines.append("  \(pendingChanges) local change\(pendingChanges == 1 ? "" : "s") waiting to go out") }
        if openConflicts > 0 { lines.append("  \(openConflicts) conflict\(openConflicts == 1 ? "" : "s") waiting for a side to be picked") }
        return lines
    }
}
