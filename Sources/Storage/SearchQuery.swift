import Foundation

/// The FTS5 pattern for what a user typed, whatever it is: each word quoted (FTS syntax —
/// `"`, `*`, `NEAR`, `AND`, `OR`, `NOT`, `-`, parentheses — is just text), as a prefix, ANDed.
/// Words without a letter or digit are dropped (the index has no token for them); at most
/// `maxWords` words of at most `maxWordLength` characters, so a pasted page cannot make a
/// query of hundreds of prefix scans.
///
/// The index's unicode61 tokenizer makes a run of CJK characters one token, up to the next
/// space or punctuation: a CJK word matches the start of such a run, not its middle.
public enum SearchQuery {
    public static let maxWords = 10
    public static let maxWordLength = 64

    /// `"word"*` for each searchable word, ANDed; nil when nothing is searchable.
    public static func pattern(_ query: String) -> String? {
        let phrases = words(query).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
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
