import Foundation
import Core
import Storage
import Interop

/// The rows of the conversation list and of search results, as picker items.
enum ConversationItems {
    /// Title; "3 h ago · 12 messages · openai · gpt-4o · Casual · #7" (archived ones dimmed,
    /// marked; the persona only when the conversation has its own).
    static func list(_ summaries: [ConversationSummary], now: Date, timeZone: TimeZone) -> [Picker.Item] {
        let ago = Ago(now: now, timeZone: timeZone)
        return summaries.compactMap { summary in
            let c = summary.conversation
            guard let id = c.id else { return nil }
            // What matters most first: a narrow screen cuts the end.
            let parts = [ago(summary.lastActivity), tr.conversations.messages(summary.messageCount)]
                + (c.archived ? [tr.conversations.archived] : []) + [c.provider, c.model, c.persona.map { tr.settings.persona(Persona.of($0)) }].compactMap { $0 } + ["#\(id)"]
            return Picker.Item(id: String(id), label: oneLine(c.title), detail: parts.joined(separator: " · "), dimmed: c.archived)
        }
    }

    /// The snippet, matches highlighted; "You · Title · Nov 12" (or Assistant, Tool result, Note).
    static func search(_ hits: [SearchHit], now: Date, timeZone: TimeZone) -> [Picker.Item] {
        let ago = Ago(now: now, timeZone: timeZone)
        return hits.compactMap { hit in
            let id: SearchItemID
            if let c = hit.conversationId, let m = hit.messageId { id = .message(conversation: c, message: m) }
            else if let n = hit.noteId { id = .note(n) }
            else { return nil }
            let parts = hit.snippetParts.map { Picker.HighlightedText(text: $0.text, match: $0.match) }
            let who: String
            switch hit.kind {
            case .userMessage: who = tr.conversations.you
            case .assistantMessage: who = tr.conversations.assistant
            case .toolResult: who = tr.conversations.toolResult
            case .note: who = tr.conversations.note
            }
            return Picker.Item(id: id.text, label: parts.map(\.text).joined(),
                               detail: [who, oneLine(hit.title), ago(hit.date)].joined(separator: " · "),
                               highlighted: parts)
        }
    }

    private static func oneLine(_ text: String) -> String {
        Sanitizer.clean(text).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// "just now", "5 min ago", "3 h ago", "yesterday", "Nov 12", "2025-11-12"; one calendar for a
/// whole list.
struct Ago {
    let now: Date
    private let calendar: Calendar
    private let today: Date
    private let year: Int

    init(now: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.now = now
        self.calendar = calendar
        today = calendar.startOfDay(for: now)
        year = calendar.component(.year, from: now)
    }

    func callAsFunction(_ date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let words = tr.conversations
        if seconds < 60 { return words.justNow }
        if seconds < 3_600 { return words.minutesAgo(Int(seconds / 60)) }
        if date >= today { return words.hoursAgo(Int(seconds / 3_600)) }
        if date >= calendar.date(byAdding: .day, value: -1, to: today)! { return words.yesterday }
        let d = calendar.dateComponents([.year, .month, .day], from: date)
        if d.year == year { return words.monthDay(d.month ?? 1, d.day ?? 1) }
        return String(format: "%04d-%02d-%02d", d.year ?? 0, d.month ?? 0, d.day ?? 0)
    }
}
