import Foundation
import TOMLKit
import Providers

/// `credentials.toml` beside config.toml: API keys typed into the app, one per provider
/// (`openai = "sk-…"`), the transcription server's (`voice = "…"`, `[voice]`) and the sync accounts'
/// passwords (a `[sync]` table, `home = "…"`, docs/sync.md), mode 0600. Keys in it win over the environment's (a key typed in the
/// settings is the one the user chose last). Keys are never logged, stored elsewhere or shown
/// whole: `masked` is all the screen gets.
enum Credentials {
    static func path(besideConfig config: String) -> String {
        (config as NSString).deletingLastPathComponent + "/credentials.toml"
    }

    /// The keys in the file; a file that cannot be read or parsed gives no keys and a warning
    /// that never quotes the file's text.
    static func load(path: String) -> (keys: [ProviderKind: String], voice: String?, sync: [String: String], warning: String?) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return ([:], nil, [:], FileManager.default.fileExists(atPath: path) ? "Cannot read \(path); keys in it are not used." : nil)
        }
        if let line = TOMLKeyLines.nulLine(in: text) {
            return ([:], nil, [:], "\(path) line \(line): \(TOMLKeyLines.nulMessage); keys in it are not used. Save the key again in the settings (F2).")
        }
        guard let table = try? TOMLTable(string: text) else {
            return ([:], nil, [:], "\(path) is not valid TOML; keys in it are not used. Save the key again in the settings (F2).")
        }
        var keys: [ProviderKind: String] = [:]
        var voice: String?
        var sync: [String: String] = [:]
        var unknown: [String] = []
        for name in table.keys.sorted() {
            let key = table[name]?.string?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if name == syncTable, let passwords = table[name]?.table {
                // Passwords are kept as written (a space may belong to one); an empty one is none.
                for account in passwords.keys { if let p = passwords[account]?.string, !p.isEmpty { sync[account] = p } }
            } else if name == voiceName, !key.isEmpty {
                voice = key
            } else if let kind = ProviderKind(name: name), !key.isEmpty {
                keys[kind] = key
            } else {
                unknown.append(name)
            }
        }
        let warning = unknown.isEmpty ? nil : "\(path): '\(unknown.joined(separator: "', '"))' is not a provider with a key (ignored)."
        return (keys, voice, sync, warning)
    }

    /// The table of the sync accounts' passwords: `[sync]` with `NAME = "…"`.
    static let syncTable = "sync"

    /// Saves the password of the sync account `account` (nil removes it) in `[sync]`, keeping the
    /// file's other lines; the file is 0600.
    static func savePassword(_ password: String?, account: String, path: String) throws {
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Keys and passwords typed into AI Helper. Keep this file private (mode 0600).\n"
        var editor = ConfigFileEditor(text: old)
        editor.set(account, password.map(ConfigFileEditor.string), in: syncTable)
        try SafeFileWriter.write(editor.text, to: path, mode: 0o600)
    }

    /// The transcription server's key in the file (`[voice]`, docs/voice.md).
    static let voiceName = "voice"

    /// Saves `key` for `kind` (nil removes it), keeping the file's other lines; the file is 0600.
    static func save(_ key: String?, for kind: ProviderKind, path: String) throws {
        try save(key, named: kind.rawValue, path: path)
    }

    /// Saves the key under `name` (a provider's, or `voiceName`).
    static func save(_ key: String?, named name: String, path: String) throws {
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# API keys typed into AI Helper (F2). Keep this file private (mode 0600).\n"
        var editor = ConfigFileEditor(text: old)
        editor.set(name, key.map(ConfigFileEditor.string))
        try SafeFileWriter.write(editor.text, to: path, mode: 0o600)
    }

    /// "sk-…7f3a": enough to tell keys apart, never enough to use one.
    static func masked(_ key: String) -> String {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard key.count >= 12 else { return "…" + (key.count >= 8 ? String(key.suffix(2)) : "") }
        let prefix = key.prefix { $0 != "-" && $0 != "_" }
        let head = prefix.count <= 4 && prefix.count < key.count ? String(key.prefix(prefix.count + 1)) : ""
        return head + "…" + key.suffix(4)
    }
}
