import Foundation
import TOMLKit
import Providers

/// `credentials.toml` beside config.toml: API keys typed into the app, one per provider
/// (`openai = "sk-…"`), mode 0600. Keys in it win over the environment's (a key typed in the
/// settings is the one the user chose last). Keys are never logged, stored elsewhere or shown
/// whole: `masked` is all the screen gets.
enum Credentials {
    static func path(besideConfig config: String) -> String {
        (config as NSString).deletingLastPathComponent + "/credentials.toml"
    }

    /// The keys in the file; a file that cannot be read or parsed gives no keys and a warning
    /// that never quotes the file's text.
    static func load(path: String) -> (keys: [ProviderKind: String], warning: String?) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return ([:], FileManager.default.fileExists(atPath: path) ? "Cannot read \(path); keys in it are not used." : nil)
        }
        if let line = TOMLKeyLines.nulLine(in: text) {
            return ([:], "\(path) line \(line): \(TOMLKeyLines.nulMessage); keys in it are not used. Save the key again in the settings (F2).")
        }
        guard let table = try? TOMLTable(string: text) else {
            return ([:], "\(path) is not valid TOML; keys in it are not used. Save the key again in the settings (F2).")
        }
        var keys: [ProviderKind: String] = [:]
        var unknown: [String] = []
        for name in table.keys.sorted() {
            if let kind = ProviderKind(name: name), let key = table[name]?.string?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
                keys[kind] = key
            } else {
                unknown.append(name)
            }
        }
        let warning = unknown.isEmpty ? nil : "\(path): '\(unknown.joined(separator: "', '"))' is not a provider with a key (ignored)."
        return (keys, warning)
    }

    /// Saves `key` for `kind` (nil removes it), keeping the file's other lines; the file is 0600.
    static func save(_ key: String?, for kind: ProviderKind, path: String) throws {
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# API keys typed into AI Helper (F2). Keep this file private (mode 0600).\n"
        var editor = ConfigFileEditor(text: old)
        editor.set(kind.rawValue, key.map(ConfigFileEditor.string))
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
