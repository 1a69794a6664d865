import Foundation
import Core

/// The form's "Repeat" field: a recurrence shown as words and read back from words.
enum RepeatText {
    static func describe(_ recurrence: String?, start: CivilDate? = nil) -> String {
        guard let recurrence else { return "" }
        guard let set = try? RecurrenceSet(parsing: recurrence) else { return recurrence }
        let exceptions = set.exceptionDates.count
        return set.rule.summary(start: start) + (exceptions > 0 ? " (\(exceptions) skipped)" : "")
    }

    /// The stored recurrence text, nil for none. Text left as shown keeps the stored set (and
    /// its exceptions); anything else is read as a phrase ("every 2 weeks") or RRULE text.
    static func read(_ text: String, keeping stored: String?, start: CivilDate? = nil) -> Result<String?, FormMessage> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == describe(stored, start: start) { return .success(stored) }
        do {
            guard let rule = try RecurrenceRule.parsePhrase(trimmed) else { return .success(nil) }
            return .success(RecurrenceSet(rule: rule).text)
        } catch {
            return .failure(FormMessage(text: "\(error)".prefix(1).uppercased() + "\(error)".dropFirst() + "."))
        }
    }
}
