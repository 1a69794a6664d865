import Foundation
import TOMLKit
import Sync

/// Writes a `[[sync.accounts]]` table into config.toml (`aihelper sync setup`), keeping every
/// other line as the user wrote it: an account of the same name is replaced where it is, a new
/// one goes at the end. The password goes to credentials.toml (0600), never to config.toml.
public enum SyncAccountWriter {
    /// Saves `account` into the config file at `configPath` and, when given, its password into
    /// credentials.toml beside it. Refuses a file that does not read as TOML (it would be made worse).
    public static func save(_ account: SyncAccount, password: String?, configPath: String) throws {
        let old = (try? String(contentsOfFile: configPath, encoding: .utf8)) ?? ""
        if !old.isEmpty, (try? TOMLTable(string: old)) == nil || TOMLKeyLines.nulLine(in: old) != nil {
            throw SyncSetupError("\(configPath) is not valid TOML; fix it (or move it away) and run the setup again. Nothing was changed.")
        }
        var editor = ConfigFileEditor(text: old)
        editor.setArrayTable("sync.accounts", key: "name", value: account.name, lines: lines(of: account))
        if let password {
            try Credentials.savePassword(password, account: account.name, path: Credentials.path(besideConfig: configPath))
        }
        try SafeFileWriter.write(editor.text, to: configPath, mode: 0o644)  // as the settings write it: no secret is in it
    }

    /// The account's table as TOML lines, defaults left out.
    static func lines(of account: SyncAccount) -> [String] {
        let s = ConfigFileEditor.string
        var lines = ["[[sync.accounts]]", "name = \(s(account.name))", "kind = \(s(account.kind.rawValue))"]
        if let url = account.url { lines.append("url = \(s(url))") }
        if let user = account.user { lines.append("user = \(s(user))") }
        if let path = account.path { lines.append("path = \(s(path))") }
        for kind in SyncKind.allCases { if let c = account.collections[kind] { lines.append("\(kind.rawValue) = \(s(c))") } }
        if account.intervalMinutes != 5 { lines.append("interval_minutes = \(account.intervalMinutes)") }
        if account.conflicts != .ask { lines.append("conflicts = \(s(account.conflicts.rawValue))") }
        if !account.allowRedirectHosts.isEmpty {
            lines.append("allow_redirect_hosts = [" + account.allowRedirectHosts.map(s).joined(separator: ", ") + "]")
        }
        if let command = account.passwordCommand { lines.append("password_command = \(s(command))") }
        return lines
    }
}
