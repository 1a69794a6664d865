import Core

/// A priority argument, in the two forms the tools take: words (create_task, update_task) or
/// a number 0–9 as in reminder apps and iCalendar (create_reminder). A model sends either
/// form to either tool; `ArgumentShapes` turns it into the one the schema asks for.
enum PriorityArgument {
    static let wordSchema: JSONValue = ["type": "string", "enum": ["none", "low", "medium", "high"],
                                        "description": "none, low, medium or high (a number 1–9 is read as in create_reminder)."]
    static let numberSchema: JSONValue = ["type": "integer", "minimum": 0, "maximum": 9,
                                          "description": "1 highest … 9 lowest; 0 none (high, medium and low are read as 1, 5 and 9)."]

    /// "high" → 1, "medium" → 5, "low" → 9, "none" → 0 (the iCalendar numbers); "3" → 3. nil
    /// for a word `Priority(loose:)` does not know.
    static func number(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let n = Int(text) { return (0...9).contains(n) ? n : nil }
        switch Priority(loose: text) {
        case .high: return 1
        case .medium: return 5
        case .low: return 9
        case .none: return text == "none" ? 0 : nil
        }
    }

    /// The canonical word of a number 0–9 (1–4 high, 5 medium, 6–9 low, 0 none: `Reminder.priority`)
    /// or of a word `Priority(loose:)` knows ("urgent", "!!", "High").
    static func word(_ value: JSONValue) -> String? {
        let n = value.doubleValue.flatMap { $0 == $0.rounded() && (0...9).contains($0) ? Int($0) : nil }
            ?? value.stringValue.flatMap(number)
        return n.map { Reminder.priority($0).rawValue }
    }

    /// `value` in the form `schema` asks for, when `schema` is one of these two.
    static func shaped(_ value: JSONValue, for schema: JSONValue) -> JSONValue? {
        if schema == numberSchema, let text = value.stringValue { return number(text).map { .number(Double($0)) } }
        if schema == wordSchema { return word(value).map(JSONValue.string) }
        return nil
    }
}
