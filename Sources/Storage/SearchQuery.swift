import Foundation

/// The FTS5 pattern for what a user typed, whatever it is: each word quoted (FTS syntax —
/// `"`, `*`, `NEAR`, `AND`, `OR`, `NOT`, `-`, parentheses — is just text), as a prefix (a
/// single character as a word), ANDed.
/// Words without a letter or digit are dropped (the index has no token for them); at most
/// `maxWords` words of at most `maxWordLength` characters, so a pasted page cannot make a
/// query of hundreds of prefix scans.
///
/// The index's unicode61 tokenizer makes a run of CJK characters one token, up to the next
/// space or punctuation, so the index cannot find a CJK word inside a sentence: a query with a
/// CJK word is a substring scan of the text instead (`Plan.scan`), newest first.
public enum SearchQuery {
    /// How a query is looked for: the full-text index, or (a CJK word in it) a substring scan.
    enum Plan {
        case index(pattern: String)
        /// Each word a `LIKE` pattern (`%word%`, with `%`, `_` and the escape `\` escaped).
        case scan(likes: [String])
    }

    static func plan(_ query: String) -> Plan? {
        let words = words(query)
        guard words.contains(where: isCJK) else { return pattern(query).map { .index(pattern: $0) } }
        return .scan(likes: words.map { word in
            "%" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
        })
    }

    /// Has a Han, kana or Hangul character (scripts written without spaces between words).
    static func isCJK(_ word: String) -> Bool {
        word.unicodeScalars.contains { s in
            switch s.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
            default: return false
            }
        }
    }

    public static let maxWords = 10
    public static let maxWordLength = 64

    /// `"word"*` for each searchable word, ANDed; nil when nothing is searchable. A word of
    /// one character is itself (`"t"`): the index keeps prefixes of two and three characters
    /// (Schema v9), and the prefix of one letter is most of the index.
    public static func pattern(_ query: String) -> String? {
        let phrases = words(query).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + ($0.count > 1 ? "\"*" : "\"") }
        return phrases.isEmpty ? nil : phrases.joined(separator: " ")
    }

    /// The words searched for: split at white space, each with a letter or digit, repeats
    /// dropped, cut to `maxWordLength`, the first `maxWords`.
    public static func words(_ query: String) -> [String] {
        var seen = Set<String>(), out: [String] = []
        for piece in query.split(whereSeparator: { $0.isWhitespace }) where piece.contains(where: { $0.isLetter || $0.isNumber }) {
            let word = String(piece.prefix(maxWordLength))
            guard seen.insert(word.lowercased()).inserted else { continue }
            out.append(word)
            if out.count == maxWords { break }
        }
        return out
    }

    /// The words as the index splits them ("don't" is "don" and "t"), folded as it folds them:
    /// what the snippet marks.
    static func snippetWords(_ query: String) -> [String] {
        words(query).joined(separator: " ").split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map { SearchSnippet.folded(String($0)) }
    }
}
