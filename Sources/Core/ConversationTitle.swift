import Foundation

/// Conversation titles: made from the first message without a model (the Offline assistant),
/// or taken from a model's suggestion once it is cleaned.
public enum ConversationTitle {
    public static let untitled = "New conversation"
    static let maxWords = 6
    static let maxLength = 48

    /// The first words that carry meaning: greetings and requests ("hi, can you please help me")
    /// go, articles and fillers inside go, at most six words and 48 columns; the first letter
    /// capitalized. "Can you help me plan a trip to Japan in March?" → "Plan trip to Japan in March".
    public static func heuristic(_ firstMessage: String) -> String {
        let words = Sanitizer.clean(firstMessage).split(whereSeparator: { $0.isWhitespace })
            .map { String($0).trimmingCharacters(in: Self.edgePunctuation) }
            .filter { !$0.isEmpty }
        let meaningful = words.drop(while: { leadingFiller.contains($0.lowercased()) })
            .filter { !innerFiller.contains($0.lowercased()) }
        var title = ""
        for word in meaningful.prefix(maxWords) {
            let next = title.isEmpty ? word : title + " " + word
            if next.count > maxLength { break }
            title = next
        }
        if title.isEmpty { title = String(words.joined(separator: " ").prefix(maxLength)) }
        guard let first = title.first else { return untitled }
        return first.uppercased() + title.dropFirst()
    }

    /// A model's answer to "give a short title": its first non-empty line, without quotes,
    /// a "Title:" label or Markdown marks, at most 60 characters; nil when nothing is left.
    public static func fromModel(_ answer: String) -> String? {
        guard let line = Sanitizer.clean(answer).split(whereSeparator: \.isNewline)
            .map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else { return nil }
        var title = line
        if let colon = title.range(of: "title:", options: [.caseInsensitive, .anchored]) { title = String(title[colon.upperBound...]) }
        title = title.trimmingCharacters(in: CharacterSet(charactersIn: "\"'“”‘’*#`_ .").union(.whitespaces))
        guard !title.isEmpty else { return nil }
        return title.count > 60 ? String(title.prefix(59)) + "…" : title
    }

    private static let edgePunctuation = CharacterSet(charactersIn: ",.;!?¿¡\"“”'‘’()[]{}…")
    private static let leadingFiller: Set<String> = [
        "hi", "hey", "hello", "please", "pls", "can", "could", "would", "will", "you", "i", "i'd", "i’d", "want", "like",
        "need", "help", "me", "to", "so", "ok", "okay", "kindly", "just", "um", "uh", "yo",
    ]
    private static let innerFiller: Set<String> = ["a", "an", "the", "please", "pls", "kindly", "just", "um", "uh"]
}
