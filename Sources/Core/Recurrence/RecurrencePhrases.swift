/// A repeat said inside a sentence ("standup every weekday at 9:30"), and where it sat.
public struct RecurrencePhraseMatch: Sendable {
    public var rule: RecurrenceRule
    /// The stretches to cut out of the sentence: the repeat, and its end when said apart
    /// ("every weekday at 9:30 until 2027-01-31").
    public var parts: [Range<String.Index>]
    /// A part of the day said with it ("every tuesday evening", "every morning").
    var dayPart: (time: TimeOfDay, afternoon: Bool)?

    /// The series' time: the one said elsewhere in the sentence, on the afternoon side when the
    /// day part is ("every evening at 7" is 19:00, as "tonight at 9" is 21:00), else the day part's.
    public func time(saying said: TimeOfDay?) -> TimeOfDay? {
        guard let said else { return dayPart?.time }
        if dayPart?.afternoon == true, said.hour < 12 { return TimeOfDay(hour: said.hour + 12, minute: said.minute) }
        return said
    }
}

/// Finds the phrase the form's Repeat field reads (`RecurrenceRule.parsePhrase`) inside a
/// sentence: "daily", "weekdays", "every monday and thursday", "every 2 weeks until march 1",
/// "monthly on the last friday 10 times"; in Chinese 每天, 每个工作日, 每周一和周四
/// (`ChineseRecurrencePhrases`). Read before the date phrases, so "every monday" is a
/// repeat and not next Monday, and "until 2027-01-31" is its end and not the task's day.
public enum RecurrencePhrases {
    /// The first repeat in `text`, read as far as it goes; `today` reads "until next friday".
    public static func find(in text: String, today: CivilDate) -> RecurrencePhraseMatch? {
        if text.containsHan, let chinese = ChineseRecurrencePhrases.find(in: text) { return chinese }
        let tokens = RecurrenceRule.phraseTokens(of: text)
        func range(_ tokenRange: Range<Int>) -> Range<String.Index> {
            tokens[tokenRange.lowerBound].range.lowerBound..<tokens[tokenRange.upperBound - 1].range.upperBound
        }
        for start in tokens.indices where tokens[start].kind == .word {
            var cursor = TokenCursor(tokens, at: start)
            var rule: RecurrenceRule
            if let read = try? RecurrenceRule.readPhrase(&cursor, today: today, strict: false) {
                if cursor.index == start + 1, describesANoun(tokens, at: start) { continue }
                rule = read
            } else {
                // "every morning", "each evening": daily, at that part of the day.
                cursor = TokenCursor(tokens, at: start)
                guard cursor.take(["every", "each"]) != nil, let word = cursor.current?.text,
                      DateVocabulary.dayParts[word] != nil else { continue }
                rule = .daily()
            }
            let dayPart = cursor.take(DateVocabulary.dayParts)
            var parts = [range(start..<cursor.index)]
            if rule.until == nil, rule.count == nil, let end = end(after: cursor.index, in: tokens, rule: rule, today: today) {
                rule = end.rule
                parts.append(range(end.tokens))
            }
            return RecurrencePhraseMatch(rule: rule, parts: parts, dayPart: dayPart)
        }
        return nil
    }

    /// The text without the phrase, cut and tidied as a date phrase is (Chinese joined without a space).
    public static func removing(_ match: RecurrencePhraseMatch, from text: String) -> String {
        let range = match.parts[0].lowerBound..<match.parts[match.parts.count - 1].upperBound
        return DatePhrases.removing(DatePhraseMatch(date: nil, time: nil, range: range, matchedText: String(text[range]),
                                                    parts: match.parts), from: text)
    }

    /// "the weekly report", "daily standup": a lone cadence word before a word that is no part
    /// of a date names a kind of thing, and stays in the title ("pay rent monthly on the 1st",
    /// "water the plants daily" still repeat).
    private static func describesANoun(_ tokens: [DateToken], at index: Int) -> Bool {
        guard cadenceAdjectives.contains(tokens[index].text.lowercased()), index + 1 < tokens.count else { return false }
        let next = tokens[index + 1]
        return next.kind == .word && !mayFollowARepeat.contains(next.text.lowercased())
    }

    private static let cadenceAdjectives: Set<String> = ["daily", "weekly", "monthly", "yearly", "annually", "fortnightly", "biweekly"]
    private static let mayFollowARepeat: Set<String> = DateVocabulary.connectors
        .union(DateVocabulary.clockIntroducers).union(DateVocabulary.today).union(DateVocabulary.tomorrow)
        .union(DateVocabulary.weekdays.keys).union(DateVocabulary.months.keys).union(DateVocabulary.dayParts.keys)
        .union(["until", "till", "from", "starting", "in", "and", "next", "this", "tonight", "am", "pm"])

    /// "until …" or "N times" said later in the sentence, after the time.
    private static func end(after index: Int, in tokens: [DateToken], rule: RecurrenceRule,
                            today: CivilDate) -> (rule: RecurrenceRule, tokens: Range<Int>)? {
        for start in tokens.indices where start >= index {
            var cursor = TokenCursor(tokens, at: start), ended = rule
            try? RecurrenceRule.readEnd(&cursor, into: &ended, today: today, strict: false)
            if cursor.index > start, (try? ended.validate()) != nil { return (ended, start..<cursor.index) }
        }
        return nil
    }
}

extension RecurrenceRule {
    /// The day a new series starts on: `day` when the rule's days include it, else the first of
    /// them after (the task shows the day it first comes round); nil when the rule has no day
    /// from `day` on.
    public func firstDay(from day: CivilDate) -> CivilDate? {
        // Every period counts here: said on a Thursday, "every other week on wednesday" starts
        // next Wednesday, and its other weeks are counted from there.
        var first = self
        first.interval = 1
        return RecurrenceSet(rule: first).next(after: day.adding(days: -1), start: day)
    }
}
