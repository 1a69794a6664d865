import Foundation
import Core

/// Reads "明天下午5点提醒我给妈妈打电话" into a task draft: the title without the request words and the
/// date phrase (which may come first, as Chinese puts it), the day and time, a category and a priority.
struct ChineseTaskDraftReader {
    typealias Words = ChineseVocabulary
    /// The title when nothing but the request and the time is said ("明天提醒我").
    static let placeholderTitle = "提醒"

    /// nil unless the message asks to create a task or reminder.
    func read(_ message: String, now: Date, timeZone: TimeZone) -> TaskDraft? {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let request: String
        if let (_, rest) = line.removingChineseWord(Words.taskMarkers) {
            request = rest
        } else if let (_, rest) = line.afterChineseOpening(Words.taskHeaders), rest.first.map("：:".contains) == true {
            request = rest
        } else {
            return nil
        }
        // The repeat first, as in English: in 每周一 the weekday is the series'.
        let repeats = RecurrencePhrases.find(in: request, today: CivilDate(now, in: timeZone))
        let rest = repeats.map { RecurrencePhrases.removing($0, from: request) } ?? request
        let match = DatePhrases.find(in: rest, now: now, timeZone: timeZone)
        let body = match.map { DatePhrases.removing($0, from: rest) } ?? rest
        let title = cleanTitle(body)
        return TaskDraft(title: title.isEmpty ? Self.placeholderTitle : title, date: match?.date, time: match?.time,
                         category: Self.category(of: title), priority: priority(of: line), recurrence: repeats?.rule)
    }

    /// Strips lead-in words (我要, 一下), priority words at either end, "!" and punctuation.
    private func cleanTitle(_ body: String) -> String {
        var title = body.replacingOccurrences(of: "！", with: "").replacingOccurrences(of: "!", with: "")
            .withoutChineseSentenceEnd.trimmingChineseEdges
        var changed = true
        while changed {
            changed = false
            let priorityWords = Words.highPriority + Words.lowPriority
            for (words, atStart) in [(Words.titleLeadIns, true), (priorityWords, true), (priorityWords, false)] {
                let cut = atStart ? title.afterChineseOpening(words)?.rest : title.beforeChineseEnding(words)?.rest
                if let cut, !cut.trimmingChineseEdges.isEmpty {
                    title = cut.trimmingChineseEdges
                    changed = true
                }
            }
        }
        return title
    }

    /// The first category with a keyword in the title; English keywords count too ("提醒我 call mom").
    static func category(of title: String) -> TaskCategory {
        if let (category, _) = Words.categories.first(where: { _, keywords in keywords.contains(where: title.contains) }) {
            return category
        }
        return OfflineVocabulary.english.categories
            .first { _, keywords in keywords.contains(where: title.containsWords) }?.0 ?? .other
    }

    private func priority(of message: String) -> Priority? {
        if message.contains("!") || message.contains("！") || Words.highPriority.contains(where: message.contains) {
            return .high
        }
        return Words.lowPriority.contains(where: message.contains) ? .low : nil
    }
}
