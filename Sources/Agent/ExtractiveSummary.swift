import Foundation
import Core

/// The Offline assistant's summary, and the fallback when a model cannot be asked: sentences
/// picked from the conversation by how many of its frequent words they hold (no model, so
/// the same messages always give the same summary).
public enum ExtractiveSummary {
    public static func make(_ messages: [(role: Role, content: String)]) -> Summary {
        let texts = messages.filter { $0.role == .user || $0.role == .assistant }
        guard let firstQuestion = texts.first(where: { $0.role == .user }) else {
            return Summary(title: "Empty conversation", thoughtProcess: "There is nothing to summarize yet.")
        }
        let sentences = texts.flatMap { m in split(Sanitizer.clean(m.content)).map { (role: m.role, text: $0) } }
        let frequency = wordFrequency(sentences.map(\.text))
        let scored = sentences.enumerated().map { i, s in (i, s, score(s.text, frequency)) }
        let insights = scored.filter { $0.1.role == .assistant }.sorted { $0.2 > $1.2 }.prefix(3).sorted { $0.0 < $1.0 }.map(\.1.text)
        let themes = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(4).map(\.key)
        let questions = texts.filter { $0.role == .user }.count
        let thought = "An offline extractive summary of \(texts.count) messages (\(questions) from you). "
            + "It picks the sentences that share the most words with the rest of the conversation; a model writes a fuller one."
        return Summary(title: oneLine(firstQuestion.content, max: 60), keyInsights: insights.isEmpty ? [oneLine(firstQuestion.content, max: 120)] : insights,
                       mainThemes: themes, thoughtProcess: thought,
                       actionItems: actionItems(texts.filter { $0.role == .user }.map(\.content)))
    }

    private static func oneLine(_ text: String, max: Int) -> String {
        let flat = Sanitizer.clean(text).split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > max ? String(flat.prefix(max - 1)) + "…" : flat
    }

    /// Sentences the user wrote as things to do ("remind me to…", "I need to…", "todo: …").
    static func actionItems(_ userTexts: [String]) -> [String] {
        let cues = ["remind me to ", "i need to ", "i have to ", "i must ", "i should ", "don't forget to ", "todo: ", "to do: "]
        var items: [String] = []
        for sentence in userTexts.flatMap({ split(Sanitizer.clean($0)) }) {
            let lower = sentence.lowercased()
            guard let cue = cues.first(where: lower.contains), let range = lower.range(of: cue) else { continue }
            let start = sentence.index(sentence.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: range.upperBound))
            let item = String(sentence[start...]).trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            if !item.isEmpty, !items.contains(item) { items.append(item.prefix(1).uppercased() + item.dropFirst()) }
        }
        return Array(items.prefix(8))
    }

    /// Sentences (split at . ! ? and line ends), at most 200 characters each.
    static func split(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        for ch in text {
            if ch == "\n" || ch == "\r" {
                flush(&current, into: &out)
            } else {
                current.append(ch)
                if ch == "." || ch == "!" || ch == "?" { flush(&current, into: &out) }
            }
        }
        flush(&current, into: &out)
        return out
    }

    private static func flush(_ current: inout String, into out: inout [String]) {
        let sentence = current.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "-*•#>")))
        if sentence.split(separator: " ").count >= 3 { out.append(String(sentence.prefix(200))) }
        current = ""
    }

    private static let stopWords: Set<String> = [
        "about", "after", "again", "also", "because", "been", "before", "being", "could", "does", "doing", "from", "have",
        "here", "into", "just", "like", "make", "more", "most", "much", "need", "only", "other", "over", "please", "should",
        "some", "such", "than", "that", "their", "them", "then", "there", "these", "they", "this", "those", "very", "want",
        "what", "when", "where", "which", "while", "will", "with", "would", "your", "you're", "i'm", "it's", "can't", "don't",
    ]

    private static func words(_ sentence: String) -> [String] {
        sentence.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init).filter { $0.count > 3 && !stopWords.contains($0) }
    }

    private static func wordFrequency(_ sentences: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for sentence in sentences { for word in Set(words(sentence)) { counts[word, default: 0] += 1 } }
        return counts
    }

    private static func score(_ sentence: String, _ frequency: [String: Int]) -> Double {
        let w = words(sentence)
        guard !w.isEmpty else { return 0 }
        return Double(w.reduce(0) { $0 + (frequency[$1] ?? 0) }) / Double(w.count).squareRoot()
    }
}
