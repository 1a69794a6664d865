import Foundation
import ArgumentParser
import App
import Sync
#if canImport(Glibc)
import Glibc
#endif

/// `aihelper sync setup` on a terminal: asks for the server, user and password (not echoed),
/// lists the calendars, task lists and address books found, and lets the user pick one for each
/// kind of item or make a new one. Questions go to stderr; everything the server named is cleaned.
struct SyncSetupQuestions {
    let global: GlobalOptions
    let name: String?
    let create: Bool

    func ask() async throws {
        Output.note("Set up sync with a CalDAV/CardDAV server (docs/sync.md). Examples: https://HOST/remote.php/dav (Nextcloud), "
                    + "https://caldav.fastmail.com/, https://caldav.icloud.com (app-specific password), http://localhost:5232 (Radicale).")
        let url = try line("Server URL: ")
        let user = try line("User name: ")
        let password = try Self.hiddenLine("Password (not shown): ")
        var account = SyncAccount(name: name ?? SyncSetup.defaultAccountName(url: url), kind: .caldav)
        account.url = url; account.user = user
        let setup = SyncSetup()
        let access = try SyncService().access(account, password: password)
        let found: [FoundCollection]
        do { found = try await setup.backends.discover(access) } catch {
            throw fail(SyncService.message(error, account: account), code: 1)
        }
        var wanted: [SyncKind: String] = [:]
        var toMake: [SyncKind: String] = [:]
        for kind in SyncKind.allCases {
            let fitting = found.filter { $0.kinds.contains(kind) }
            Output.note("\nWhich \(SyncSetup.noun(kind)) for \(kind.rawValue)?")
            for (i, c) in fitting.enumerated() { Output.note("  \(i + 1)  \(c.displayName)  (\(c.url))") }
            Output.note("  n  make a new one    Enter  none")
            let answer = try line("> ", allowEmpty: true).lowercased()
            if answer == "n" {
                let newName = try line("Name [\(SyncSetup.defaultName(kind))]: ", allowEmpty: true)
                toMake[kind] = newName.isEmpty ? SyncSetup.defaultName(kind) : newName
            } else if let n = Int(answer), fitting.indices.contains(n - 1) {
                wanted[kind] = fitting[n - 1].url
            }
        }
        guard !(wanted.isEmpty && toMake.isEmpty) else { throw fail("nothing chosen; nothing was saved.", code: 2) }
        do {
            let notes = try await setup.chooseDAV(&account, access: access, found: found, wanted: wanted.merging(toMake) { a, _ in a },
                                                  create: !toMake.isEmpty || create)
            try SyncAccountWriter.save(account, password: password, configPath: global.paths.config)
            SyncSetupCommand.saved(account, notes: notes, config: global.paths.config)
        } catch let error as SyncSetupError {
            throw fail(error.description, code: 2)
        } catch {
            throw fail(SyncService.message(error, account: account), code: 1)
        }
    }

    /// A line typed after `prompt`; end of input stops the setup.
    private func line(_ prompt: String, allowEmpty: Bool = false) throws -> String {
        while true {
            Output.prompt(prompt)
            guard let text = readLine() else { throw fail("setup stopped; nothing was saved.", code: 2) }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if allowEmpty || !trimmed.isEmpty { return trimmed }
        }
    }

    /// A line read with the terminal's echo off (and put back however it ends).
    static func hiddenLine(_ prompt: String) throws -> String {
        Output.prompt(prompt)
        var saved = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if isTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer { if isTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved); Output.note("") } }
        guard let text = readLine(), !text.isEmpty else { throw fail("no password; nothing was saved.", code: 2) }
        return text
    }
}
