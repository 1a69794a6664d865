import Foundation
import ArgumentParser
import App
import Sync
#if canImport(Glibc)
import Glibc
#endif

/// `aihelper sync setup`: adds (or replaces) a `[[sync.accounts]]` table in config.toml and its
/// password in credentials.toml. On a terminal with no --url/--path it asks; otherwise it takes
/// the flags and the password on standard input (docs/sync.md, Setting up).
struct SyncSetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Add a sync account: a CalDAV/CardDAV server (Nextcloud, Fastmail, iCloud, Radicale…) or a vdir folder.",
        discussion: """
        Without questions: aihelper sync setup --url URL --user NAME [--name N] [--tasks CAL --todos LIST --contacts BOOK] [--create] \
        with the password on standard input (printf '%s\\n' "$PW" | aihelper sync setup …); or --kind vdir --path DIR. \
        Exit codes: 0 saved; 1 the server could not be reached or refused the password; 2 bad arguments, or a named collection is missing.
        """)

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("caldav (a server, the default) or vdir (a folder of .ics/.vcf files).", valueName: "kind"))
    var kind: String = "caldav"
    @Option(name: .long, help: ArgumentHelp("The server (a bare host is enough: https://HOST/remote.php/dav for Nextcloud).", valueName: "url"))
    var url: String?
    @Option(name: .long, help: ArgumentHelp("The user name on the server.", valueName: "name"))
    var user: String?
    @Option(name: .long, help: ArgumentHelp("vdir: the folder holding the collections' folders.", valueName: "dir"))
    var path: String?
    @Option(name: .long, help: ArgumentHelp("The account's name in config.toml (default: from the host).", valueName: "name"))
    var name: String?
    @Option(name: .long, help: ArgumentHelp("The calendar for tasks: its name or URL (vdir: a subfolder).", valueName: "calendar"))
    var tasks: String?
    @Option(name: .long, help: ArgumentHelp("The task list for todos: its name or URL (vdir: a subfolder).", valueName: "list"))
    var todos: String?
    @Option(name: .long, help: ArgumentHelp("The address book for contacts: its name or URL (vdir: a subfolder).", valueName: "book"))
    var contacts: String?
    @Flag(name: .long, help: "Make the named (or, with none named, missing) calendars, task lists and address books on the server.")
    var create = false
    @Option(name: .long, help: ArgumentHelp("A command printing the password (instead of standard input); stored in config.toml.", valueName: "command"))
    var passwordCommand: String?
    @Option(name: .long, help: ArgumentHelp("ask (the default), server_wins or local_wins.", valueName: "policy"))
    var conflicts: String?

    func run() async throws {
        guard let kind = SyncAccount.Kind(rawValue: kind) else { throw fail("--kind must be caldav or vdir.", code: 2) }
        if kind == .caldav, url == nil, path == nil, isatty(STDIN_FILENO) == 1 {
            return try await SyncSetupQuestions(global: global, name: name, create: create).ask()
        }
        var account = SyncAccount(name: name ?? SyncSetup.defaultAccountName(url: kind == .vdir ? nil : url), kind: kind)
        guard SyncAccount.isValidName(account.name) else { throw fail("--name must be letters, digits, - and _.", code: 2) }
        if let conflicts {
            guard let policy = ConflictPolicy(rawValue: conflicts) else { throw fail("--conflicts must be ask, server_wins or local_wins.", code: 2) }
            account.conflicts = policy
        }
        let wanted = Dictionary(uniqueKeysWithValues: [(SyncKind.tasks, tasks), (.todos, todos), (.contacts, contacts)]
            .compactMap { k, v in v.map { (k, $0) } })
        let setup = SyncSetup()
        var password: String?
        var notes: [String]
        do {
            switch kind {
            case .vdir:
                guard let path else { throw fail("a vdir account needs --path DIR.", code: 2) }
                account.path = path.hasPrefix("/") || path.hasPrefix("~/") ? path : FileManager.default.currentDirectoryPath + "/" + path
                notes = try setup.prepareVdir(&account, wanted: wanted)
            case .caldav:
                guard let url, let user else { throw fail("a caldav account needs --url URL and --user NAME (the password on standard input).", code: 2) }
                account.url = url; account.user = user; account.passwordCommand = passwordCommand
                password = try passwordCommand == nil ? Self.passwordFromStdin() : SyncSettings().password(for: account)
                let access = try SyncService().access(account, password: password)
                let found = try await setup.backends.discover(access)
                notes = try await setup.chooseDAV(&account, access: access, found: found, wanted: wanted, create: create)
            }
            try SyncAccountWriter.save(account, password: passwordCommand == nil ? password : nil, configPath: global.paths.config)
        } catch let error as SyncSetupError {
            throw fail(error.description, code: 2)
        } catch let error as SyncError {
            throw fail(SyncService.message(error, account: account), code: 1)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw fail("\(error)", code: 1)
        }
        Self.saved(account, notes: notes, config: global.paths.config)
    }

    /// "Saved sync account 'home' in …", what each kind syncs with, and what to run next.
    static func saved(_ account: SyncAccount, notes: [String], config: String) {
        Output.line("Saved sync account '\(account.name)' (\(account.kind.rawValue)) in \(config).")
        notes.forEach { Output.line("  " + $0) }
        Output.line("Run `aihelper sync` to sync now.")
    }

    /// The first line of standard input, without its line end: the password, never echoed or stored elsewhere.
    static func passwordFromStdin() throws -> String {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let first = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let password = first.hasSuffix("\r") ? String(first.dropLast()) : String(first)
        guard !password.isEmpty else {
            throw SyncSetupError("Give the password on standard input (printf '%s\\n' \"$PASSWORD\" | aihelper sync setup …), or --password-command.")
        }
        return password
    }
}
