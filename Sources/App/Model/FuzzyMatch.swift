import Foundation

/// fzf-like fuzzy matching, one scoring for every list the app filters (pickers, the palette,
/// the slash-command popup): the query's characters must appear in order, case-insensitively;
/// consecutive matches and matches at the start of a word score higher, gaps cost a little.
/// Works on grapheme clusters, so CJK and emoji match as characters.
struct FuzzyMatch: Equatable {
    var score: Int
    /// Character offsets (grapheme clusters) of `text` that matched, for highlighting.
    var positions: [Int]

    private static let match = 16, gapStart = -3, gapExtension = -1
    private static let boundaryWhite = 10, boundaryDelimiter = 9, boundary = 8, camel = 7, consecutive = 4
    private static let firstCharMultiplier = 2
    /// Longer texts are matched on their first characters only (a bound on the work per row).
    private static let maxLength = 512
    /// `maxLength` characters of up to four bytes, with as many spaces between them.
    static let maxQueryBytes = 8 * maxLength

    /// nil when `query` does not match; an empty query matches everything with score 0.
    static func match(_ query: String, in text: String) -> FuzzyMatch? {
        // More than a label can hold matches nothing; checked first (O(1)), so a pasted page is
        // not folded again for each of 20,000 rows.
        guard query.utf8.count <= maxQueryBytes else { return nil }
        let needle = query.filter { !$0.isWhitespace }.map { $0.lowercased() }
        guard !needle.isEmpty else { return FuzzyMatch(score: 0, positions: []) }
        let chars = Array(text.prefix(maxLength))
        let lower = chars.map { $0.lowercased() }
        // In order at all? (cheap, and most rows of a long list fail here)
        var q = 0
        for c in lower where q < needle.count && c == needle[q] { q += 1 }
        guard q == needle.count else { return nil }
        let bonus = bonuses(chars)
        let n = chars.count, m = needle.count, none = Int.min / 2
        // score[i][j]: best with needle[i] matched at j; from[i][j]: where needle[i-1] was matched.
        var score = [[Int]](repeating: [Int](repeating: none, count: n), count: m)
        var from = [[Int]](repeating: [Int](repeating: -1, count: n), count: m)
        // The bonus of the first character of the run of consecutive matches ending here.
        var runBonus = [[Int]](repeating: [Int](repeating: 0, count: n), count: m)
        for j in 0..<n where lower[j] == needle[0] {
            score[0][j] = match + bonus[j] * firstCharMultiplier
            runBonus[0][j] = bonus[j]
        }
        for i in 1..<m {
            var gapBest = none, gapFrom = -1
            for j in 1..<n {
                // A match of needle[i-1] at k ≤ j-2, carried over the gap up to j.
                if j >= 2 {
                    let carried = gapBest == none ? none : gapBest + gapExtension
                    let started = score[i - 1][j - 2] == none ? none : score[i - 1][j - 2] + gapStart
                    if started >= carried, started != none { gapBest = started; gapFrom = j - 2 } else { gapBest = carried }
                }
                guard lower[j] == needle[i] else { continue }
                var best = none, bestFrom = -1, bestRunBonus = 0
                if score[i - 1][j - 1] != none {
                    // A run keeps the bonus of its start ("/th" in "/theme": h counts as a word start too).
                    bestRunBonus = max(runBonus[i - 1][j - 1], bonus[j])
                    best = score[i - 1][j - 1] + match + max(bestRunBonus, consecutive)
                    bestFrom = j - 1
                }
                if gapBest != none, gapBest + match + bonus[j] > best {
                    best = gapBest + match + bonus[j]
                    bestFrom = gapFrom
                    bestRunBonus = bonus[j]
                }
                score[i][j] = best
                from[i][j] = bestFrom
                runBonus[i][j] = bestRunBonus
            }
        }
        // The best end; the earliest on a tie.
        var end = -1
        for j in 0..<n where score[m - 1][j] != none && (end < 0 || score[m - 1][j] > score[m - 1][end]) { end = j }
        guard end >= 0 else { return nil }
        var positions = [Int](repeating: 0, count: m)
        var j = end
        for i in stride(from: m - 1, through: 0, by: -1) {
            positions[i] = j
            j = from[i][j]
        }
        return FuzzyMatch(score: score[m - 1][end], positions: positions)
    }

    private enum Kind { case white, delimiter, lower, upper, letter, number, other }

    private static func kind(_ c: Character) -> Kind {
        if c.isWhitespace { return .white }
        if "/,:;|-_.".contains(c) { return .delimiter }
        if c.isNumber { return .number }
        if c.isLowercase { return .lower }
        if c.isUppercase { return .upper }
        if c.isLetter { return .letter }
        return .other
    }

    /// What a match at each position earns: the start of the text or of a word, a camelCase hump.
    private static func bonuses(_ chars: [Character]) -> [Int] {
        var previous = Kind.white
        return chars.map { c in
            let k = kind(c)
            defer { previous = k }
            // Chinese and Japanese write words without spaces: each ideograph may start one.
            if isIdeograph(c) { return previous == .white ? boundaryWhite : boundary }
            switch (previous, k) {
            case (_, .white), (_, .delimiter), (_, .other): return 0
            case (.white, _): return boundaryWhite
            case (.delimiter, _): return boundaryDelimiter
            case (.other, _): return boundary
            case (.lower, .upper), (.lower, .number), (.upper, .number), (.letter, .number): return camel
            default: return 0
            }
        }
    }

    private static func isIdeograph(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3400...0x9FFF).contains(v) || (0x3040...0x30FF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
    }

    /// `items` that match `query`, best first; ties keep their order (recent first, in use first).
    static func filter<T>(_ items: [T], query: String, text: (T) -> String) -> [(item: T, match: FuzzyMatch)] {
        let scored = items.enumerated().compactMap { i, item in match(query, in: text(item)).map { (i, item, $0) } }
        return scored.sorted { $0.2.score != $1.2.score ? $0.2.score > $1.2.score : $0.0 < $1.0 }.map { ($0.1, $0.2) }
    }
}
