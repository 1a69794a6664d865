import Foundation
import TOMLKit
import Sync

/// One `[[sync.accounts]]` table of config.toml (docs/sync.md, docs/settings.md):
///
/// ```toml
/// [[sync.accounts]]
/// name = "home"                        # letters, digits, - and _; the key of its password in credentials.toml [sync]
/// kind = "caldav"                      # or "vdir": a folder of .ics/.vcf files (khal, todoman, vdirsyncer)
/// url = "https://cloud.example.com/remote.php/dav"
/// user = "ann"
/// tasks = "Personal"                   # a calendar's display name or URL (vdir: a subfolder of path)
/// todos = "Tasks"
/// contacts = "Contacts"
/// interval_minutes = 5
/// conflicts = "ask"                    # or "server_wins", "local_wins"
/// allow_redirect_hosts = ["dav.example.net"]
/// password_command = "pass show dav"   # else credentials.toml [sync] home = "…"
/// ```
public struct SyncAccount: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case caldav, vdir }

    public var name: String
    public var kind: Kind
    /// caldav: the server (a bare host is enough: discovery finds the rest).
    public var url: String?
    public var user: String?
    /// vdir: the folder holding one subfolder per collection.
    public var path: String?
    /// Which collection syncs with each kind of item: a display name or URL (vdir: a subfolder). nil: none.
    public var collections: [SyncKind: String] = [:]
    public var intervalMinutes = 5
    public var conflicts = ConflictPolicy.ask
    public var allowRedirectHosts: [String] = []
    public var passwordCommand: String?

    public init(name: String, kind: Kind) { self.name = name; self.kind = kind }

    /// The account's keys, in the order `SyncAccountWriter` writes them.
    static let keys = ["name", "kind", "url", "user", "path", "tasks", "todos", "contacts", "interval_minutes", "conflicts",
                       "allow_redirect_hosts", "password_command"]

    /// A name usable as a bare TOML key in credentials.toml and on the command line.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// `path` with `~/` made the home folder.
    public func folder(home: String = NSHomeDirectory()) -> String? {
        path.map { HomePath.expand($0, home: home) }
    }

    /// The vdir folder of `kind`: its setting under `path`, or the setting itself when absolute.
    public func folder(of kind: SyncKind, home: String = NSHomeDirectory()) -> String? {
        guard let sub = collections[kind] else { return nil }
        if sub.hasPrefix("/") || sub.hasPrefix("~/") { return HomePath.expand(sub, home: home) }
        return folder(home: home).map { $0 + "/" + sub }
    }

    /// A vdir collection's setting: a relative folder without `..`, or an absolute one.
    static func isFolderName(_ s: String) -> Bool {
        !s.split(separator: "/").contains { $0 == ".." || $0 == "." } && !s.isEmpty && !s.contains("\0")
    }
}

/// The `[sync]` table of config.toml: its accounts, and what was wrong with the ones left out.
public struct SyncSettings: Sendable, Equatable {
    public var accounts: [SyncAccount] = []
    /// Each mistake, naming the account and key and saying what to write. `aihelper sync` stops on any.
    public var problems: [String] = []
    /// credentials.toml `[sync]`: account name → password. Never printed, logged or stored elsewhere.
    var passwords: [String: String] = [:]

    public init() {}

    /// The account's password: its `password_command`'s first line (run once per process), else
    /// credentials.toml's; nil for a vdir account. Throws a message that never quotes the command's output.
    public func password(for account: SyncAccount,
                         run: (String) -> Result<String, KeyCommand.Failure> = KeyCommandCache.shared.key) throws -> String? {
        guard account.kind == .caldav else { return nil }
        if let command = account.passwordCommand {
            switch run(command) {
            case .success(let password): return password
            case .failure(let failure):
                throw SyncSetupError(KeyCommand.error(failure, what: "The password_command of sync account '\(account.name)'",
                                                      table: "[[sync.accounts]] '\(account.name)'", setting: "password_command").description)
            }
        }
        if let password = passwords[account.name] { return password }
        throw SyncSetupError("Sync account '\(account.name)' has no password. Run `aihelper sync setup --name \(account.name) --url URL --user NAME` "
                             + "with the password on standard input, add \(account.name) = \"…\" under [sync] in credentials.toml, "
                             + "or set password_command in its [[sync.accounts]] table.", reason: SyncReason(.noPassword, account.name))
    }

    public func account(named name: String) -> SyncAccount? { accounts.first { $0.name == name } }

    /// The accounts of the config file at `path` and the passwords of credentials.toml beside it;
    /// a file that does not read is a problem (`aihelper sync` stops on any).
    public static func load(configPath path: String) -> SyncSettings {
        var settings = SyncSettings()
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            if FileManager.default.fileExists(atPath: path) { settings.problems = ["Cannot read \(path)."] }
            return settings
        }
        if let line = TOMLKeyLines.nulLine(in: text) {
            settings.problems = ["\(path) line \(line): \(TOMLKeyLines.nulMessage)."]
            return settings
        }
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch let error as TOMLParseError {
            settings.problems = ["\(path) line \(error.source.begin.line): \(error.description)."]
            return settings
        } catch {
            settings.problems = ["\(path): \(error)."]
            return settings
        }
        var problems: [String] = []
        settings = parse(table, problems: &problems)
        settings.problems = problems.map { "\(path): " + $0 }
        settings.passwords = Credentials.load(path: Credentials.path(besideConfig: path)).sync
        return settings
    }

    static func parse(_ table: TOMLTable, problems allProblems: inout [String]) -> SyncSettings {
        var settings = SyncSettings()
        guard let value = table["sync"] else { return settings }
        defer { allProblems += settings.problems }
        guard let sync = value.table else {
            settings.problems.append("'sync' must hold accounts: write [[sync.accounts]] with name = \"…\" and kind = \"caldav\" or \"vdir\"")
            return settings
        }
        for key in sync.keys.sorted() where key != "accounts" { settings.problems.append("unknown key 'sync.\(key)' (only [[sync.accounts]] tables)") }
        guard let list = sync["accounts"] else { return settings }
        guard let array = list.array else {
            settings.problems.append("'sync.accounts' must be a list of tables: write each account as [[sync.accounts]] (two brackets)")
            return settings
        }
        for (index, item) in array.enumerated() {
            guard let t = item.table else {
                settings.problems.append("sync account \(index + 1) must be a table: [[sync.accounts]]"); continue
            }
            if let account = parseAccount(t, number: index + 1, problems: &settings.problems) {
                if settings.account(named: account.name) != nil {
                    settings.problems.append("sync account '\(account.name)' is named twice: give each [[sync.accounts]] its own name")
                } else {
                    settings.accounts.append(account)
                }
            }
        }
        return settings
    }

    /// One account, or nil (with the reasons) when it cannot be used.
    private static func parseAccount(_ t: TOMLTable, number: Int, problems: inout [String]) -> SyncAccount? {
        var errors: [String] = []
        guard let name = t["name"]?.string, SyncAccount.isValidName(name) else {
            problems.append("sync account \(number): 'name' must be a short name of letters, digits, - and _, such as name = \"home\"")
            return nil
        }
        let label = "sync account '\(name)'"
        for key in t.keys.sorted() where !SyncAccount.keys.contains(key) {
            errors.append("\(label): unknown key '\(key)' (keys: \(SyncAccount.keys.joined(separator: ", ")))")
        }
        func text(_ key: String) -> String? {
            guard let item = t[key] else { return nil }
            if let s = item.string?.trimmingCharacters(in: .whitespaces), !s.isEmpty { return s }
            errors.append("\(label): '\(key)' must be text in quotes"); return nil
        }
        guard let kindText = t["kind"]?.string, let kind = SyncAccount.Kind(rawValue: kindText) else {
            problems.append("\(label): 'kind' must be \"caldav\" (a CalDAV/CardDAV server) or \"vdir\" (a folder of .ics/.vcf files)")
            return nil
        }
        var account = SyncAccount(name: name, kind: kind)
        account.url = text("url")
        account.user = text("user")
        account.path = text("path")
        account.passwordCommand = text("password_command")
        for sk in SyncKind.allCases { account.collections[sk] = text(sk.rawValue) }
        if let item = t["interval_minutes"] {
            if let n = item.int, (1...1440).contains(n) { account.intervalMinutes = n }
            else { errors.append("\(label): 'interval_minutes' must be a number of minutes from 1 to 1440, such as interval_minutes = 5") }
        }
        if let item = t["conflicts"] {
            if let s = item.string, let policy = ConflictPolicy(rawValue: s) { account.conflicts = policy }
            else { errors.append("\(label): 'conflicts' must be \"ask\", \"server_wins\" or \"local_wins\"") }
        }
        if let item = t["allow_redirect_hosts"] {
            let hosts = item.array?.compactMap { $0.string?.trimmingCharacters(in: .whitespaces).lowercased() }
            if let hosts, hosts.count == item.array?.count, hosts.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) {
                account.allowRedirectHosts = hosts
            } else {
                errors.append("\(label): 'allow_redirect_hosts' must be a list of host names, such as [\"dav.example.net\"]")
            }
        }
        switch kind {
        case .caldav:
            if let url = account.url {
                let parsed = URL(string: url.contains("://") ? url : "https://" + url)
                if !["http", "https"].contains(parsed?.scheme?.lowercased() ?? "") || (parsed?.host?.isEmpty ?? true) {
                    errors.append("\(label): 'url' must be the server's address, such as url = \"https://cloud.example.com/remote.php/dav\"")
                }
            } else {
                errors.append("\(label): a caldav account needs 'url', such as url = \"https://cloud.example.com/remote.php/dav\"")
            }
            if account.user == nil { errors.append("\(label): a caldav account needs 'user', such as user = \"ann\"") }
            if account.path != nil { errors.append("\(label): 'path' is for vdir accounts; remove it or write kind = \"vdir\"") }
        case .vdir:
            if account.path == nil { errors.append("\(label): a vdir account needs 'path', the folder, such as path = \"~/.local/share/vdirsyncer\"") }
            else if !(account.path!.hasPrefix("/") || account.path!.hasPrefix("~/")) {
                errors.append("\(label): 'path' must be an absolute folder (or start with ~/)")
            }
            if account.url != nil { errors.append("\(label): 'url' is for caldav accounts; remove it or write kind = \"caldav\"") }
            for sk in SyncKind.allCases {
                if let sub = account.collections[sk], !SyncAccount.isFolderName(sub) {
                    errors.append("\(label): '\(sk.rawValue)' must be a subfolder of path (such as \(sk.rawValue) = \"personal\") or an absolute folder")
                }
            }
        }
        if account.collections.isEmpty {
            errors.append("\(label): name at least one collection: tasks = \"…\" (a calendar), todos = \"…\" (a task list) or contacts = \"…\" (an address book)")
        }
        problems += errors
        return errors.isEmpty ? account : nil
    }
}

/// A sync account that cannot be used as configured, said so that the user knows what to write.
public struct SyncSetupError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// Its kind, for the TUI's catalog (a missing folder or password); nil: said only in English.
    public var reason: SyncReason?
    public init(_ description: String, reason: SyncReason? = nil) { self.description = description; self.reason = reason }
}
