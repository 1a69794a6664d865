import Foundation

/// Finds the line of a key in TOML text, for error messages: TOMLKit reports lines for
/// syntax errors only, not for values. A light scan of table headers (`[a.b]`) and
/// `key = value` lines, enough for files like themes; it does not follow multi-line strings.
enum TOMLKeyLines {
    /// The 1-based line that defines `path` (e.g. ["styles", "accent", "fg"]): the line of
    /// the key itself, else of the longest part of it found (the inline table `accent = {…}`
    /// holding `fg`, or the `[styles]` header); nil when nothing of it is in the text.
    static func line(of path: [String], in text: String) -> Int? {
        var table: [String] = []
        var best: (length: Int, line: Int)?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let found: [String]
            if line.hasPrefix("[") {
                let inside = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = keyParts(inside)
                found = table
            } else if let equals = line.firstIndex(of: "=") {
                found = table + keyParts(line[..<equals])
            } else {
                continue
            }
            guard found.count <= path.count, Array(path.prefix(found.count)) == found,
                  found.count > (best?.length ?? 0) else { continue }
            best = (found.count, index + 1)
            if found.count == path.count { break }
        }
        return best?.line
    }

    /// The 1-based line of the first NUL byte, if any. TOML allows none, and the parser reads
    /// the text as a C string: without this check everything after it was dropped unsaid.
    static func nulLine(in text: String) -> Int? {
        var line = 1
        for byte in text.utf8 {
            if byte == 0 { return line }
            if byte == 0x0A { line += 1 }
        }
        return nil
    }

    static let nulMessage = "a NUL byte, which a TOML file cannot hold"

    /// `a."b.c" . d` → ["a", "b.c", "d"].
    static func keyParts(_ key: Substring) -> [String] {
        var parts: [String] = [], current = "", quote: Character?
        for c in key {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "." {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
