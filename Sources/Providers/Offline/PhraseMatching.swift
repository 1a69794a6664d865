import Foundation

/// Case-insensitive, whole-word matching of vocabulary phrases against what the user typed,
/// keeping the user's own spelling of whatever is cut out.
extension String {
    /// Lowercased, curly apostrophes straightened, runs of spaces made one.
    var matchingKey: String {
        lowercased().replacingOccurrences(of: "’", with: "'")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The matching key and the text as typed, character for character.
    private var matchingPair: (key: [Character], own: [Character]) {
        let key = Array(matchingKey)
        let own = Array(split(whereSeparator: \.isWhitespace).joined(separator: " "))
        // Lowercasing can change the length of rare characters; then the key is all we can cut.
        return (key, own.count == key.count ? own : key)
    }

    /// The text after the first of `openings` it starts with (whole words only), trimmed.
    func afterOpening(_ openings: [String]) -> (opening: String, rest: String)? {
        let (key, own) = matchingPair
        for opening in openings where key.starts(with: opening) {
            let end = opening.count
            // "remind" must not match "reminder": the opening ends at a word edge.
            if end < key.count, let last = opening.last, last.isLetter, key[end].isLetter || key[end].isNumber {
                continue
            }
            return (opening, String(own[end...]).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// The text before the first of `endings` it ends with (whole words only), trimmed.
    func beforeEnding(_ endings: [String]) -> String? {
        let (key, own) = matchingPair
        for ending in endings where key.count > ending.count && key.suffix(ending.count).elementsEqual(ending) {
            let start = key.count - ending.count
            guard key[start - 1] == " " else { continue }
            return String(own[..<start]).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The lowercase words, split at anything that is not a letter, digit or apostrophe.
    var lowercaseWords: [String] {
        matchingKey.split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    /// Whether `phrase` occurs as whole words ("run" is not in "brunch").
    func containsWords(_ phrase: String) -> Bool {
        let words = lowercaseWords, wanted = phrase.lowercaseWords
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        return (0...(words.count - wanted.count)).contains { words[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }

    /// Without trailing sentence punctuation and spaces.
    var withoutTrailingPunctuation: String {
        var s = trimmingCharacters(in: .whitespacesAndNewlines)
        while let last = s.last, ".!?,;:".contains(last) || last.isWhitespace { s.removeLast() }
        return s
    }

    /// First letter uppercased, the rest as typed.
    var capitalizingFirstLetter: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
