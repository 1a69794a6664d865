import Foundation
import Storage
import Sync

/// Turns a `[[sync.accounts]]` account into the collections it names and runs the engine over
/// them (`aihelper sync`, and the app's background runs). Every failure is a sentence that says
/// what to do; no password is ever part of one.
public struct SyncService: Sendable {
    public var backends: SyncBackends
    /// The home folder for a vdir `path` starting with `~/`.
    public var home: String

    public init(backends: SyncBackends = .live, home: String = NSHomeDirectory()) {
        self.backends = backends; self.home = home
    }

    /// What one account's run came to.
    public struct Outcome: Sendable {
        public var account: String
        /// The engine's report; nil when the run could not start.
        public var report: SyncReport?
        /// Why the run could not start or stopped: the server refused or could not be reached,
        /// or the account does not match what is there.
        public var failure: String?
        /// `failure` is the configuration's (a missing password or collection): exit 2, not 1.
        public var badSetup = false
        /// `failure`'s kind, for the TUI's catalog.
        public var reason: SyncReason?

        public init(account: String, report: SyncReport? = nil, failure: String? = nil, badSetup: Bool = false, reason: SyncReason? = nil) {
            self.account = account; self.report = report; self.failure = failure; self.badSetup = badSetup; self.reason = reason
        }

        /// 0 ok, 1 failed (unreachable, unauthorized — also when the server went away during the
        /// run: `completed` is false), 2 the setup is wrong, 3 finished with items skipped or conflicts.
        public var exitCode: Int32 {
            if failure != nil { return badSetup ? 2 : 1 }
            guard let report, report.completed else { return 1 }
            return report.problems.isEmpty && report.conflicts == 0 ? 0 : 3
        }
    }

    /// Runs `account` once.
    /// A run that cannot start is journaled too (its reason as its problem), so `--status` and the app show it.
    public func run(_ account: SyncAccount, settings: SyncSettings, database: AppDatabase) async -> Outcome {
        let collections: [any SyncCollection], started = Date()
        do {
            collections = try await self.collections(for: account, password: try settings.password(for: account))
        } catch {
            let outcome = error is CancellationError ? Outcome(account: account.name, failure: "cancelled", reason: SyncReason(.stopped))
                : (error as? SyncSetupError).map { Outcome(account: account.name, failure: $0.description, badSetup: true, reason: $0.reason) }
                ?? Outcome(account: account.name, failure: Self.message(error, account: account),
                           reason: (error as? SyncError).flatMap { $0.reason(detail: $0.message) })
            if !(error is CancellationError), let why = outcome.failure {
                try? backends.recordFailure(database, account.name, started, why, outcome.reason)
            }
            return outcome
        }
        let report = await backends.run(database, account.name, account.conflicts, collections)
        return Outcome(account: account.name, report: report)
    }

    /// The account's collections, each for the kind of item it was named for.
    public func collections(for account: SyncAccount, password: String?) async throws -> [any SyncCollection] {
        switch account.kind {
        case .vdir:
            return try SyncKind.allCases.compactMap { kind in
                guard let path = account.folder(of: kind, home: home) else { return nil }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                    throw SyncSetupError("Sync account '\(account.name)': the folder \(path) (\(kind.rawValue)) does not exist. "
                                         + "Create it (mkdir -p), or fix \(kind.rawValue) = \"…\" or path in its [[sync.accounts]] table.",
                                         reason: SyncReason(.folderMissing, path))
                }
                return try backends.vdirCollection(path, kind)
            }
        case .caldav:
            let access = try self.access(account, password: password)
            let found = try await backends.discover(access)
            return try SyncKind.allCases.compactMap { kind in
                guard let wanted = account.collections[kind] else { return nil }
                guard let match = Self.match(wanted, kind: kind, in: found) else {
                    throw SyncSetupError(Self.notFound(wanted, kind: kind, account: account.name, found: found))
                }
                return try backends.davCollection(access, match, kind)
            }
        }
    }

    public func access(_ account: SyncAccount, password: String?) throws -> DAVAccess {
        guard let url = account.url, let user = account.user, let password else {
            throw SyncSetupError("Sync account '\(account.name)' needs url, user and a password.")
        }
        return DAVAccess(url: url.contains("://") ? url : "https://" + url, user: user, password: password,
                         allowRedirectHosts: account.allowRedirectHosts)
    }

    /// The collection `wanted` names (its URL or path, else its display name, case and spaces
    /// aside) among those that hold `kind`.
    public static func match(_ wanted: String, kind: SyncKind, in found: [FoundCollection]) -> FoundCollection? {
        let fitting = found.filter { $0.kinds.contains(kind) }
        func path(_ s: String) -> String {
            let p = URL(string: s)?.path ?? s
            return p.hasSuffix("/") ? String(p.dropLast()) : p
        }
        if wanted.contains("/") {
            if let byURL = fitting.first(where: { path($0.url) == path(wanted) }) { return byURL }
        }
        let name = wanted.trimmingCharacters(in: .whitespaces).lowercased()
        return fitting.first { $0.displayName.trimmingCharacters(in: .whitespaces).lowercased() == name }
    }

    static func notFound(_ wanted: String, kind: SyncKind, account: String, found: [FoundCollection]) -> String {
        let what = ["tasks": "calendar", "todos": "task list", "contacts": "address book"][kind.rawValue] ?? kind.rawValue
        let names = found.filter { $0.kinds.contains(kind) }.map { "“\($0.displayName)”" }
        return "Sync account '\(account)': the server has no \(what) “\(wanted)” (\(kind.rawValue) = …). "
            + (names.isEmpty ? "It has none; `aihelper sync setup --create` makes one."
                             : "It has: \(names.joined(separator: ", ")). Write one of them, or its URL.")
    }

    /// What to tell the user about a failed run of `account`.
    public static func message(_ error: Error, account: SyncAccount) -> String {
        let name = account.name
        guard let error = error as? SyncError else { return "Sync account '\(name)': \(error)" }
        switch error {
        case .unauthorized(let detail):
            return "Sync account '\(name)': wrong user or password (\(detail)). Store the right password with "
                + "`aihelper sync setup --name \(name) --url URL --user NAME` (it reads the password from standard input)"
                + (account.passwordCommand != nil ? ", or fix password_command." : ".")
                + " iCloud and Fastmail need an app password, not the account's own."
        case .unreachable(let detail):
            return "Sync account '\(name)': could not reach the server (\(detail)). Changes made here wait for the next run."
        case .redirectRefused(let detail):
            return "Sync account '\(name)': \(detail). If you trust that host, add it to allow_redirect_hosts in the account's table."
        case .malformed(let href, let detail):
            return "Sync account '\(name)': the server's answer did not read\(href.map { " (\($0))" } ?? ""): \(detail)"
        case .preconditionFailed(let href):
            return "Sync account '\(name)': \(href) changed on the server meanwhile; run the sync again."
        case .failed(let detail):
            return "Sync account '\(name)': \(detail)"
        }
    }
}
