import Foundation

/// The text around the first matched word of a search hit, the matched words between
/// `SearchHit.highlight` marks. Made in Swift for the hits shown only: FTS5's snippet() in the
/// ranking query was computed for every match before the best were picked (300 ms for a word
/// in all 50,000 messages of the benchmark database, against 60 ms without it).
enum SearchSnippet {
    /// `words`: the query's words as the index sees them (`folded`); a word matches as a prefix.
    static func make(_ text: String, words: [String], before: Int = 4, length: Int = 14) -> String {
        let tokens = wordRanges(text)
        guard !tokens.isEmpty else { return String(text.prefix(80)) }
        let matches = tokens.map { range in
            let token = folded(String(text[range]))
            // A CJK word is found inside a run (the scan's substring match).
            return words.contains { token.hasPrefix($0) || (SearchQuery.isCJK($0) && token.contains($0)) }
        }
        let first = matches.firstIndex(of: true) ?? 0
        let start = max(0, first - before), end = min(tokens.count, start + length)
        var out = start > 0 ? "…" : ""
        var cursor = tokens[start].lowerBound
        for i in start..<end {
            out += text[cursor..<tokens[i].lowerBound]
            out += matches[i] ? SearchHit.highlight.open + text[tokens[i]] + SearchHit.highlight.close : String(text[tokens[i]])
            cursor = tokens[i].upperBound
        }
        if end < tokens.count { out += "…" } else { out += text[cursor...] }
        return out
    }

    /// Case and accents ignored, as the index's unicode61 tokenizer does.
    static func folded(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Runs of letters and digits: the words the index knows.
    private static func wordRanges(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i].isLetter || text[i].isNumber {
                if start == nil { start = i }
            } else if let s = start {
                ranges.append(s..<i)
                start = nil
            }
            i = next
        }
        if let s = start { ranges.append(s..<text.endIndex) }
        return ranges
    }
}
