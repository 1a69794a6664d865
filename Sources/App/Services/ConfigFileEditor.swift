import Foundation
import TOMLKit
#if canImport(Glibc)
import Glibc
#endif

/// Changes top-level keys (or a table's, `[voice]`) of a TOML file line by line and keeps
/// everything else as written: the user's comments, blank lines, tables and keys this app does not know.
struct ConfigFileEditor {
    private(set) var lines: [String]

    init(text: String) {
        lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
    }

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// Sets `key` to `value` (TOML text such as `"openai"`, `0.7`, `true`), or removes it when nil.
    /// An existing line is replaced where it is; a new key goes after the last top-level key.
    mutating func set(_ key: String, _ value: String?) {
        let top = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") } ?? lines.count
        if let at = lines[..<top].firstIndex(where: { Self.keyOf($0) == key }) {
            let end = Self.valueEnd(lines, from: at)
            if let value { lines.replaceSubrange(at...end, with: ["\(key) = \(value)"]) } else { lines.removeSubrange(at...end) }
            return
        }
        guard let value else { return }
        var insertAt = top
        while insertAt > 0, lines[insertAt - 1].trimmingCharacters(in: .whitespaces).isEmpty { insertAt -= 1 }
        lines.insert("\(key) = \(value)", at: insertAt)
        // Keep a blank line between the keys and the first table.
        if insertAt + 1 < lines.count, lines[insertAt + 1].trimmingCharacters(in: .whitespaces).hasPrefix("[") {
            lines.insert("", at: insertAt + 1)
        }
    }

    /// Sets `key` of `[table]` (a plain table header, as the app writes it): replaced where it
    /// is, added after the table's last key, the table added at the end when it is new.
    mutating func set(_ key: String, _ value: String?, in table: String) {
        let header = "[\(table)]"
        guard let start = lines.firstIndex(where: { Self.header(of: $0) == header }) else {
            guard let value else { return }
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
            lines += (lines.isEmpty ? [] : [""]) + [header, "\(key) = \(value)"]
            return
        }
        set(key, value, inBlockAt: start)
    }

    /// Sets `key` in the entry of an array of tables (`[[sync.accounts]]`) whose `name` is
    /// `name`; false (nothing changed) when no entry has that name: entries are not added here.
    @discardableResult
    mutating func set(_ key: String, _ value: String?, inEntryNamed name: String, of table: String) -> Bool {
        guard let start = entry(of: table, where: "name", is: name) else { return false }
        set(key, value, inBlockAt: start)
        return true
    }

    /// The header line of the `[[table]]` entry whose `key` is the string `value`.
    private func entry(of table: String, where key: String, is value: String) -> Int? {
        lines.indices.first { start in
            Self.arrayHeader(of: lines[start]) == table
                && lines[(start + 1)..<blockEnd(after: start)].contains { Self.keyOf($0) == key && Self.stringValue(of: $0) == value }
        }
    }

    /// The line after the last of the block whose header is at `start`.
    private func blockEnd(after start: Int) -> Int {
        lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[") } ?? lines.count
    }

    /// Sets `key` of the table whose header is at `start`: replaced where it is, else added after its last key.
    private mutating func set(_ key: String, _ value: String?, inBlockAt start: Int) {
        let end = blockEnd(after: start)
        if let at = lines[(start + 1)..<end].firstIndex(where: { Self.keyOf($0) == key }) {
            let last = Self.valueEnd(lines, from: at)
            if let value { lines.replaceSubrange(at...last, with: ["\(key) = \(value)"]) } else { lines.removeSubrange(at...last) }
            return
        }
        guard let value else { return }
        var insertAt = end
        while insertAt > start + 1, lines[insertAt - 1].trimmingCharacters(in: .whitespaces).isEmpty { insertAt -= 1 }
        lines.insert("\(key) = \(value)", at: insertAt)
    }

    /// Puts `lines` (a `[[table]]` header and its keys) in place of the `[[table]]` whose `key`
    /// is `value`, or after everything when there is none.
    mutating func setArrayTable(_ table: String, key: String, value: String, lines new: [String]) {
        if let start = entry(of: table, where: key, is: value) {
            var last = blockEnd(after: start)
            while last > start + 1, lines[last - 1].trimmingCharacters(in: .whitespaces).isEmpty { last -= 1 }
            lines.replaceSubrange(start..<last, with: new)
            return
        }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        lines += (lines.isEmpty ? [] : [""]) + new
    }

    /// "sync.accounts" for a `[[sync.accounts]]` line (a comment after it dropped), nil for other lines.
    static func arrayHeader(of line: String) -> String? {
        let trimmed = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
            .trimmingCharacters(in: .whitespaces) ?? ""
        guard trimmed.hasPrefix("[["), trimmed.hasSuffix("]]") else { return nil }
        return trimmed.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
    }

    /// The text of a one-line string value (`name = "home"`, `name = 'home'`); escapes are
    /// read for quotes and backslashes only, enough to match a name.
    private static func stringValue(of line: String) -> String? {
        let value = line.drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)
        guard let quote = value.first, quote == "\"" || quote == "'", let close = value.dropFirst().lastIndex(of: quote) else { return nil }
        let inner = String(value[value.index(after: value.startIndex)..<close])
        return quote == "'" ? inner : inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// "[voice]" for a table's header line (comments after it dropped), nil for other lines.
    private static func header(of line: String) -> String? {
        let trimmed = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
            .trimmingCharacters(in: .whitespaces) ?? ""
        guard trimmed.hasPrefix("["), !trimmed.hasPrefix("[["), trimmed.hasSuffix("]") else { return nil }
        return "[" + trimmed.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) + "]"
    }

    /// A TOML basic string: quotes, backslashes and control characters escaped.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The bare key a line defines (`name = …`), nil for comments, tables and other lines.
    private static func keyOf(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    }

    /// The last line of the value that starts at `start`: a multi-line string runs to its closing quotes.
    private static func valueEnd(_ lines: [String], from start: Int) -> Int {
        let value = lines[start].drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)
        for quote in ["\"\"\"", "'''"] where value.hasPrefix(quote) {
            if value.dropFirst(3).contains(quote) { return start }
            return lines[(start + 1)...].firstIndex { $0.contains(quote) } ?? start
        }
        return start
    }
}

/// Writes a file whole through a temporary file and a rename, so a crash leaves the old or the
/// new text, never half; `mode` is set before the text is written (credentials: 0600).
enum SafeFileWriter {
    static func write(_ text: String, to path: String, mode: mode_t) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        fchmod(fd, mode)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "Cannot write \(path) (\(reason)). Check the folder's permissions; nothing was changed." }
    }
}
