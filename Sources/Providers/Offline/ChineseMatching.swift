import Foundation

/// Matching Chinese phrases: no spaces and no case, so words are found as substrings, longest first,
/// and what is cut out leaves no gap.
extension String {
    /// Trimmed, without sentence punctuation, final particles (吧, 呢, 吗) and spaces at the end.
    var withoutChineseSentenceEnd: String {
        var s = trimmingCharacters(in: .whitespacesAndNewlines)
        while let last = s.last,
              ChineseVocabulary.sentencePunctuation.contains(last) || ChineseVocabulary.finalParticles.contains(last)
                || last.isWhitespace {
            s.removeLast()
        }
        return s
    }

    /// Without punctuation, colons and spaces at either end.
    var trimmingChineseEdges: String { trimmingCharacters(in: Self.chineseEdges) }

    private static let chineseEdges = CharacterSet(charactersIn: "：:，,、；;。.！!？?-–— ").union(.whitespacesAndNewlines)

    /// The text after the longest of `openings` it starts with.
    func afterChineseOpening(_ openings: [String]) -> (opening: String, rest: String)? {
        let lowered = lowercased()
        guard let opening = openings.filter({ lowered.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { return nil }
        return (opening, String(dropFirst(opening.count)).trimmingCharacters(in: .whitespaces))
    }

    /// The text before the longest of `endings` it ends with.
    func beforeChineseEnding(_ endings: [String]) -> (ending: String, rest: String)? {
        let lowered = lowercased()
        guard let ending = endings.filter({ lowered.hasSuffix($0) }).max(by: { $0.count < $1.count }) else { return nil }
        return (ending, String(dropLast(ending.count)).trimmingCharacters(in: .whitespaces))
    }

    /// The text with the first occurrence of the longest of `words` it contains cut out.
    func removingChineseWord(_ words: [String]) -> (word: String, rest: String)? {
        guard let word = words.filter(contains).max(by: { $0.count < $1.count }),
              let range = range(of: word) else { return nil }
        return (word, String(self[..<range.lowerBound]) + String(self[range.upperBound...]))
    }

    /// Cuts `words` (and the punctuation after them) from the start again and again ("请" then "帮我"),
    /// keeping something; the end stays as typed ("！" still says it is urgent).
    func droppingChineseOpenings(_ words: [String]) -> String {
        var text = self
        while let (_, rest) = text.afterChineseOpening(words),
              case let kept = String(rest.unicodeScalars.drop(while: Self.chineseEdges.contains)), !kept.isEmpty {
            text = kept
        }
        return text
    }
}
