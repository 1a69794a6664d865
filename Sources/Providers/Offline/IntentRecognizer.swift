import Foundation
import Core

/// Reads what a message asks for, without side effects: the offline assistant's "model". Messages
/// with Han characters are read as Chinese (`ChineseIntentReader`).
public struct IntentRecognizer: Sendable {
    public var vocabulary: OfflineVocabulary

    public init(vocabulary: OfflineVocabulary = .english) {
        self.vocabulary = vocabulary
    }

    /// The intent of `message`, with dates resolved against `now` in `timeZone`.
    public func recognize(_ message: String, now: Date, timeZone: TimeZone) -> OfflineIntent {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.containsHan { return ChineseIntentReader().recognize(trimmed, now: now, timeZone: timeZone) }
        if trimmed == "?" { return .help }
        let request = withoutPoliteness(trimmed)
        let key = request.withoutTrailingPunctuation.matchingKey
        let today = CivilDate(now, in: timeZone)

        if vocabulary.help.contains(key) { return .help }
        if vocabulary.greetings.contains(key) { return .greeting }
        if vocabulary.thanks.contains(key) { return .thanks }
        if let list = TodoListReader(vocabulary: vocabulary).read(request) {
            return .createTodoList(title: list.title, items: list.items)
        }
        let line = request.withoutTrailingPunctuation
        if let days = agendaPeriod(line, today: today) { return .listTasks(days) }
        if let phrase = dateQuestion(line, today: today) { return .resolveDate(phrase: phrase) }
        if let draft = TaskDraftReader(vocabulary: vocabulary).read(request, now: now, timeZone: timeZone) {
            return .createTask(draft)
        }
        if let title = completedTitle(line) { return .completeTask(title: title) }
        if let title = line.afterOpening(vocabulary.deleteOpenings).map({ taskTitle($0.rest) }), !title.isEmpty {
            return .deleteTask(title: title)
        }
        return .unknown
    }

    /// A task read from a line of text (`aihelper add`): its title, day, time, category and
    /// priority, or nil when it has no words for a title.
    public func taskDraft(_ text: String, now: Date, timeZone: TimeZone) -> TaskDraft? {
        if text.containsHan { return ChineseIntentReader().taskDraft(text, now: now, timeZone: timeZone) }
        return TaskDraftReader(vocabulary: vocabulary).read(withoutPoliteness(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                                                     now: now, timeZone: timeZone)
    }

    /// Drops "please", "can you" and the like from the start, and "please" from the end.
    private func withoutPoliteness(_ text: String) -> String {
        var text = text
        while let (_, rest) = text.afterOpening(vocabulary.politeOpenings),
              case let request = String(rest.drop { ",!".contains($0) || $0.isWhitespace }), !request.isEmpty {
            text = request
        }
        if let shorter = text.withoutTrailingPunctuation.beforeEnding(["please"]) { text = shorter }
        return text
    }

    /// "what's on friday", "show my tasks this week", "upcoming": the days asked about.
    private func agendaPeriod(_ line: String, today: CivilDate) -> ClosedRange<CivilDate>? {
        let upcoming = today...today.adding(days: DatePhrases.upcomingDays)
        if vocabulary.upcoming.contains(line.matchingKey) { return upcoming }
        for (openings, whenAlone) in [(vocabulary.agendaOpenings, today...today), (vocabulary.taskListOpenings, upcoming)] {
            guard let (_, rest) = line.afterOpening(openings) else { continue }
            return rest.isEmpty ? whenAlone : DatePhrases.period(rest, today: today)
        }
        return nil
    }

    /// "what date is next friday" → "next friday"; nil unless the rest really is a date phrase.
    private func dateQuestion(_ line: String, today: CivilDate) -> String? {
        guard let (_, rest) = line.afterOpening(vocabulary.dateQuestionOpenings) else { return nil }
        if rest.isEmpty || vocabulary.todayQuestions.contains(rest.matchingKey) { return "today" }
        return DatePhrases.parse(rest, today: today)?.date == nil ? nil : rest
    }

    /// "mark call mom as done", "complete dentist", "I finished the report", "call mom is done".
    private func completedTitle(_ line: String) -> String? {
        if let (opening, rest) = line.afterOpening(vocabulary.completeOpenings) {
            let body = rest.beforeEnding(vocabulary.completeEndings) ?? rest
            // "mark X" only completes with an ending ("as done"); "mark" alone could mean anything.
            guard opening != "mark" || body != rest else { return nil }
            let title = taskTitle(body)
            return title.isEmpty ? nil : title
        }
        guard let body = line.beforeEnding(vocabulary.completeEndings.filter { $0.hasPrefix("is ") }) else { return nil }
        let title = taskTitle(body)
        return title.isEmpty ? nil : title
    }

    /// The title a person used for an existing task: "the dentist task" → "dentist".
    private func taskTitle(_ text: String) -> String {
        var title = text.withoutTrailingPunctuation
        while let (_, rest) = title.afterOpening(vocabulary.titleArticles), !rest.isEmpty { title = rest }
        while let shorter = title.beforeEnding(vocabulary.titleNouns), !shorter.isEmpty { title = shorter }
        // "remove the task" names no task.
        return vocabulary.titleNouns.contains(title.matchingKey) ? "" : title.withoutTrailingPunctuation
    }
}
