import Foundation

/// A summary in the Life Wrapped schema: what `/summarize`, the automatic summaries of long
/// conversations and `aihelper review` produce. A reply that was not the JSON asked for is
/// kept as `plainText` (the seed's fallback) rather than thrown away.
public struct Summary: Codable, Sendable, Equatable {
    public var title: String
    public var keyInsights: [String]
    public var mainThemes: [String]
    /// Two or three sentences on how the conversation went.
    public var thoughtProcess: String
    public var actionItems: [String]
    /// The model's reply as it came, when it held no usable JSON.
    public var plainText: String?

    enum CodingKeys: String, CodingKey {
        case title, keyInsights = "key_insights", mainThemes = "main_themes"
        case thoughtProcess = "thought_process", actionItems = "action_items", plainText = "plain_text"
    }

    public init(title: String, keyInsights: [String] = [], mainThemes: [String] = [], thoughtProcess: String = "",
                actionItems: [String] = [], plainText: String? = nil) {
        self.title = title; self.keyInsights = keyInsights; self.mainThemes = mainThemes
        self.thoughtProcess = thoughtProcess; self.actionItems = actionItems; self.plainText = plainText
    }

    /// The strict JSON a model is asked for, described for its system prompt.
    public static let schemaPrompt = """
        Answer with JSON only: no words before or after it, no code fences. One object:
        {"title": a short title, "key_insights": [the main points, one sentence each],
         "main_themes": [a few topics, one to three words each],
         "thought_process": two or three sentences on how the discussion went and what was decided,
         "action_items": [specific next steps the user should take, or []]}
        """

    /// Reads a model's reply: the schema's fields from the first JSON object in it (fences,
    /// prose around it and trailing commas are tolerated); otherwise the reply as plain text.
    public static func parse(_ reply: String) -> Summary {
        if let object = JSONExtraction.firstValue(in: reply)?.objectValue {
            let summary = Summary(
                title: object["title"]?.stringValue?.trimmed ?? "",
                keyInsights: strings(object["key_insights"]),
                mainThemes: strings(object["main_themes"]),
                thoughtProcess: object["thought_process"]?.stringValue?.trimmed ?? "",
                actionItems: strings(object["action_items"]))
            if !summary.isEmpty { return summary }
        }
        let text = reply.trimmed
        return Summary(title: "Summary", plainText: text.isEmpty ? "The model gave no summary." : text)
    }

    /// A list field as strings; a single string is taken as a list of one.
    private static func strings(_ value: JSONValue?) -> [String] {
        if let one = value?.stringValue { return one.trimmed.isEmpty ? [] : [one.trimmed] }
        return (value?.arrayValue ?? []).compactMap { ($0.stringValue ?? $0["text"]?.stringValue)?.trimmed }.filter { !$0.isEmpty }
    }

    public var isEmpty: Bool {
        title.isEmpty && keyInsights.isEmpty && mainThemes.isEmpty && thoughtProcess.isEmpty && actionItems.isEmpty && plainText == nil
    }

    /// The readable text shown in the transcript and printed by `aihelper review`: built from
    /// the fields (title, insights, thought process, themes, action items), as the seed says.
    public var text: String { text() }

    /// `text` with another heading over the action items (the chat says how to act on them).
    public func text(actionItemsHeading: String = "Action items:") -> String {
        var parts: [String] = [title.isEmpty ? "Summary" : title]
        if let plainText { return parts[0] + "\n\n" + plainText }
        if !keyInsights.isEmpty { parts.append("Key insights:\n" + keyInsights.map { "• " + $0 }.joined(separator: "\n")) }
        if !thoughtProcess.isEmpty { parts.append(thoughtProcess) }
        if !mainThemes.isEmpty { parts.append("Themes: " + mainThemes.joined(separator: ", ")) }
        if !actionItems.isEmpty {
            parts.append(actionItemsHeading + "\n" + actionItems.map { "☐ " + $0 }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n")
    }

    /// Stored form: the schema's JSON.
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public init?(jsonText: String) {
        guard let value = try? JSONDecoder().decode(Summary.self, from: Data(jsonText.utf8)) else { return nil }
        self = value
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
