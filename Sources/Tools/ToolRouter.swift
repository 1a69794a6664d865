import Foundation

/// Which tools to offer the model for a message, so definitions do not eat the context window:
/// the toolsets whose keywords the message mentions (a toolset without keywords, such as an
/// external server's, is always offered). Like the seed's `canHandle` confidence: a toolset
/// counts its keyword hits; one hit is enough. Nothing matched (a greeting, an unusual
/// phrasing): the core toolsets, which cover what people ask most.
public enum ToolRouter {
    /// Offered when no toolset's keywords match.
    public static let fallback: Set<String> = ["calendar", "reminders", "todos"]
    /// Offered along with a toolset: dates for what takes dates; the calendar with reminders,
    /// which are tasks too (the Offline assistant files a reminder with create_task).
    static let companions: [String: [String]] = ["calendar": ["dates"], "reminders": ["calendar", "dates"]]

    public static func toolsets(for text: String, in toolsets: [Toolset]) -> [Toolset] {
        let words = text.lowercased()
        let scores = toolsets.map { set in set.keywords.filter { mentions(words, $0) }.count }
        var chosen = Set(zip(toolsets, scores).filter { $0.1 > 0 }.map { $0.0.name })
        if chosen.isEmpty { chosen = fallback }
        for name in chosen { chosen.formUnion(companions[name] ?? []) }
        return toolsets.filter { $0.keywords.isEmpty || chosen.contains($0.name) }
    }

    /// `keyword` as a word or the start of one ("remind" in "reminders", not "task" in "multitasking").
    static func mentions(_ text: String, _ keyword: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: keyword, range: searchRange) {
            if found.lowerBound == text.startIndex || !text[text.index(before: found.lowerBound)].isLetter { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }
}
