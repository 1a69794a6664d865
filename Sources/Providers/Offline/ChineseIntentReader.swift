import Foundation
import Core

/// Reads what a Chinese message asks for (`IntentRecognizer` hands over any message with Han
/// characters): the same intents as English, found by substrings since Chinese has no spaces.
struct ChineseIntentReader {
    typealias Words = ChineseVocabulary

    func recognize(_ message: String, now: Date, timeZone: TimeZone) -> OfflineIntent {
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init)?.withoutChineseSentenceEnd ?? ""
        let key = line.lowercased().filter { !$0.isWhitespace }
        if Words.help.contains(key) { return .help }
        if Words.greetings.contains(key) { return .greeting }
        if Words.thanks.contains(key) { return .thanks }
        let request = withoutPoliteness(message)
        let today = CivilDate(now, in: timeZone)
        if let list = ChineseTodoListReader().read(request) {
            return .createTodoList(title: list.title, items: list.items)
        }
        let sentence = request.withoutChineseSentenceEnd
        if let days = agendaPeriod(sentence, today: today) { return .listTasks(days) }
        if let phrase = dateQuestion(sentence, today: today) { return .resolveDate(phrase: phrase) }
        if let title = completedTitle(sentence, now: now, timeZone: timeZone) { return .completeTask(title: title) }
        if let title = deletedTitle(sentence, now: now, timeZone: timeZone) { return .deleteTask(title: title) }
        if let draft = taskDraft(request, now: now, timeZone: timeZone) { return .createTask(draft) }
        return .unknown
    }

    func taskDraft(_ text: String, now: Date, timeZone: TimeZone) -> TaskDraft? {
        ChineseTaskDraftReader().read(withoutPoliteness(text), now: now, timeZone: timeZone)
    }

    /// Drops 请, 麻烦你, 你好 and the like (with a comma after them) from the start.
    private func withoutPoliteness(_ text: String) -> String {
        text.droppingChineseOpenings(Words.politeOpenings)
    }

    /// "这周有什么安排", "我明天有什么事", "接下来有什么", "看看我的任务": the days asked about.
    private func agendaPeriod(_ sentence: String, today: CivilDate) -> ClosedRange<CivilDate>? {
        let keywords = Words.agendaKeywords.map(\.0)
        guard let (keyword, rest) = sentence.removingChineseWord(keywords) else { return nil }
        var period = rest.filter { !$0.isWhitespace }
        for filler in Words.agendaFillers { period = period.replacingOccurrences(of: filler, with: "") }
        period = period.trimmingChineseEdges
        if period.isEmpty {
            let upcoming = Words.agendaKeywords.first { $0.0 == keyword }?.upcomingWhenAlone ?? false
            return upcoming ? today...today.adding(days: DatePhrases.upcomingDays) : today...today
        }
        return DatePhrases.period(period, today: today)
    }

    /// "下周五是几号" → "下周五"; "今天几号", "几号" → "今天"; nil unless the rest really is a date phrase.
    private func dateQuestion(_ sentence: String, today: CivilDate) -> String? {
        guard let (_, rest) = sentence.beforeChineseEnding(Words.dateQuestionEndings) else { return nil }
        let phrase = rest.trimmingChineseEdges
        if Words.todayQuestions.contains(phrase) { return Words.today }
        let day = phrase.hasSuffix("是") ? String(phrase.dropLast()) : phrase
        return DatePhrases.parse(day, today: today)?.date == nil ? nil : day
    }

    /// "把给妈妈打电话标记为完成", "完成了报告", "报告做完了": the title of the task done.
    private func completedTitle(_ sentence: String, now: Date, timeZone: TimeZone) -> String? {
        let body = sentence.afterChineseOpening(Words.completeOpenings)?.rest
            ?? sentence.beforeChineseEnding(Words.completeEndings)?.rest
        return body.flatMap { taskTitle($0, now: now, timeZone: timeZone) }
    }

    /// "删除看牙医的任务", "把开会删掉", "取消明天的会议": the title of the task to delete.
    private func deletedTitle(_ sentence: String, now: Date, timeZone: TimeZone) -> String? {
        let body = sentence.afterChineseOpening(Words.deleteOpenings)?.rest
            ?? (sentence.hasPrefix("把") ? sentence.beforeChineseEnding(Words.deleteEndings)?.rest : nil)
        return body.flatMap { taskTitle($0, now: now, timeZone: timeZone) }
    }

    /// The title a person used for an existing task, without 把, 这个任务 and the day it is on; nil when empty.
    private func taskTitle(_ text: String, now: Date, timeZone: TimeZone) -> String? {
        var title = text.trimmingChineseEdges
        if let match = DatePhrases.find(in: title, now: now, timeZone: timeZone) {
            title = DatePhrases.removing(match, from: title)
        }
        var changed = true
        while changed {
            changed = false
            for cut in [title.afterChineseOpening(Words.titleWrappers)?.rest,
                        title.beforeChineseEnding(Words.titleWrappers)?.rest] {
                if let cut, !cut.trimmingChineseEdges.isEmpty, cut != title {
                    title = cut.trimmingChineseEdges
                    changed = true
                }
            }
        }
        title = title.trimmingChineseEdges
        return title.isEmpty || Words.titleWrappers.contains(title) ? nil : title
    }
}
