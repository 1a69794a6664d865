import Foundation
import Core

/// Reads "remind me to call mom tomorrow at 5pm" into a task draft: the title without the request
/// words, the repeat and the date phrase, the date and time, a repeat ("every weekday"), a category
/// guessed from keywords, and a priority.
struct TaskDraftReader {
    let vocabulary: OfflineVocabulary

    /// nil unless the message asks to create a task or reminder.
    func read(_ message: String, now: Date, timeZone: TimeZone) -> TaskDraft? {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard let (_, said) = line.afterOpening(vocabulary.createTaskOpenings) else { return nil }
        // The repeat first: in "every monday" the weekday is the series', not next Monday.
        let today = CivilDate(now, in: timeZone)
        let repeats = RecurrencePhrases.find(in: said, today: today)
        let request = repeats.map { RecurrencePhrases.removing($0, from: said) } ?? said
        let match = DatePhrases.find(in: request, now: now, timeZone: timeZone)
        let body = match.map { DatePhrases.removing($0, from: request) } ?? request
        let title = cleanTitle(body)
        var date = match?.date
        let time = repeats.map { $0.time(saying: match?.time) } ?? match?.time
        if let time, time != match?.time, DatePhrases.find(in: request, today: today)?.date == nil {
            // The day came from the time alone (today if still ahead): read it for the day part's time.
            date = DatePhrases.parse(time.hhmm, now: now, timeZone: timeZone)?.date
        }
        return TaskDraft(title: title.isEmpty ? "Reminder" : title, date: date, time: time,
                         category: category(of: title), priority: priority(of: line), recurrence: repeats?.rule)
    }

    /// Strips lead-in words ("to", ":"), priority words at either end, "!" and trailing punctuation.
    private func cleanTitle(_ body: String) -> String {
        var title = body.replacingOccurrences(of: "!", with: "").withoutTrailingPunctuation
        var changed = true
        while changed {
            changed = false
            for opening in [vocabulary.titleLeadIns, vocabulary.highPriority, vocabulary.lowPriority] {
                if let (_, rest) = title.afterOpening(opening), !rest.isEmpty {
                    title = rest.withoutTrailingPunctuation
                    changed = true
                }
            }
            if let shorter = title.beforeEnding(vocabulary.highPriority + vocabulary.lowPriority), !shorter.isEmpty {
                title = shorter.withoutTrailingPunctuation
                changed = true
            }
        }
        return title.trimmingCharacters(in: CharacterSet(charactersIn: ":-– ")).capitalizingFirstLetter
    }

    private func category(of title: String) -> TaskCategory {
        vocabulary.categories.first { _, keywords in keywords.contains(where: title.containsWords) }?.0 ?? .other
    }

    private func priority(of message: String) -> Priority? {
        if message.contains("!") || vocabulary.highPriority.contains(where: message.containsWords) { return .high }
        if vocabulary.lowPriority.contains(where: message.containsWords) { return .low }
        return nil
    }
}
