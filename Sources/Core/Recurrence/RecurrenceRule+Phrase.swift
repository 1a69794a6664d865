/// What people type in the form's "Repeat" field: "weekdays", "every 2 weeks on monday and
/// thursday", "monthly on the last friday", "every day until 2027-03-01", "yearly 10 times", or
/// RRULE text. Reuses the date phrases' tokens and English words.
extension RecurrenceRule {
    /// nil for "", "none" and "never"; an error that suggests phrases for anything else unknown.
    /// With `today`, the last day may also be a date phrase ("until next friday"); without it,
    /// only YYYY-MM-DD.
    public static func parsePhrase(_ phrase: String, today: CivilDate? = nil) throws -> RecurrenceRule? {
        let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if ["", "none", "never", "no", "does not repeat"].contains(lower) { return nil }
        if lower.hasPrefix("freq=") || lower.hasPrefix("rrule:") { return try RecurrenceRule(parsing: trimmed) }

        var cursor = TokenCursor(phraseTokens(of: lower), at: 0)
        guard let rule = try readPhrase(&cursor, today: today, strict: true), cursor.current == nil else {
            throw notUnderstood(trimmed)
        }
        return rule
    }

    /// The tokens a repeat phrase is read from: commas and "&" between days carry nothing.
    static func phraseTokens(of text: String) -> [DateToken] {
        DateToken.tokens(of: text).filter { !($0.kind == .symbol && [",", "&"].contains($0.text)) }
    }

    /// Reads a repeat from the cursor on, as far as it goes; nil when none starts there. `strict`:
    /// an "until" without a readable day is an error (in a sentence it is left for others to read).
    static func readPhrase(_ cursor: inout TokenCursor, today: CivilDate?, strict: Bool) throws -> RecurrenceRule? {
        guard var rule = readCadence(&cursor) else { return nil }
        readDays(&cursor, into: &rule)
        try readEnd(&cursor, into: &rule, today: today, strict: strict)
        try rule.validate()
        return rule
    }

    private static func notUnderstood(_ phrase: String) -> RecurrenceError {
        RecurrenceError("can't read “\(phrase)” as a repeat: try “every 2 weeks”, “weekdays”, “monthly on the 15th”")
    }

    /// "daily", "weekdays", "every other week", "every 3 months", "every monday and thursday".
    private static func readCadence(_ cursor: inout TokenCursor) -> RecurrenceRule? {
        _ = cursor.take("on")  // "on weekdays"
        if let frequency = cursor.take(adverbs) { return RecurrenceRule(frequency: frequency) }
        if cursor.take(["biweekly", "fortnightly"]) != nil { return .weekly(interval: 2) }
        if cursor.take(["weekdays", "weekday"]) != nil { return .weekdays }
        guard cursor.take(["every", "each"]) != nil else { return nil }
        var interval = 1
        if cursor.take("other") {
            interval = 2
        } else if let number = cursor.takeNumber(digits: 1...3)?.number {
            interval = number
        } else if let number = cursor.take(DateVocabulary.countWords) {
            interval = number
        }
        if let unit = cursor.take(DateVocabulary.units) {
            switch unit {
            case .day: return .daily(interval: interval)
            case .week: return .weekly(interval: interval)
            case .month: return RecurrenceRule(frequency: .monthly, interval: interval)
            case .year: return RecurrenceRule(frequency: .yearly, interval: interval)
            case .minute, .hour: return nil
            }
        }
        // "every first thursday (of the month)", "each last friday": monthly on that weekday.
        var monthly: RecurrenceRule?
        if interval == 1, cursor.attempt({ cursor in
            guard let nth = readOrdinal(&cursor), let weekday = cursor.take(weekdayWords) else { return false }
            _ = cursor.attempt { $0.take("of") && $0.take("the") && $0.take("month") }
            var rule = RecurrenceRule(frequency: .monthly)
            rule.byDay = [WeekdayNum(weekday, ordinal: nth)]
            monthly = rule
            return true
        }) { return monthly }
        if interval == 1, cursor.take(["weekday", "weekdays"]) != nil { return .weekdays }
        let days = readWeekdays(&cursor)
        return days.isEmpty ? nil : .weekly(interval: interval, on: days)
    }

    /// "on monday and thursday" for weekly rules, "on the 15th", "on the last friday", "on the
    /// 2nd weekday", "on day 3" for monthly ones.
    private static func readDays(_ cursor: inout TokenCursor, into rule: inout RecurrenceRule) {
        cursor.attempt { cursor in
            _ = cursor.take("on")
            _ = cursor.take("the")
            switch rule.frequency {
            case .weekly where rule.byDay.isEmpty:
                rule.byDay = readWeekdays(&cursor).map { WeekdayNum($0) }
                return !rule.byDay.isEmpty
            case .monthly:
                if cursor.take("day"), let day = cursor.takeNumber()?.number {
                    rule.byMonthDay = [day]
                    return true
                }
                guard let nth = readOrdinal(&cursor) else { return false }
                if let weekday = cursor.take(weekdayWords) {
                    rule.byDay = [WeekdayNum(weekday, ordinal: nth)]
                } else if cursor.take("weekday") {
                    rule.byDay = Weekday.workdays.map { WeekdayNum($0) }
                    rule.bySetPos = [nth]
                } else {
                    _ = cursor.take("day")
                    rule.byMonthDay = [nth]
                }
                return true
            default:
                return false
            }
        }
    }

    /// " until 2027-03-01" (or, with `today`, " until march 1"), " for 10 times", " 10 times", " once".
    static func readEnd(_ cursor: inout TokenCursor, into rule: inout RecurrenceRule,
                        today: CivilDate?, strict: Bool) throws {
        var until: CivilDate?
        if cursor.attempt({ cursor in
            guard cursor.take("until") || cursor.take("till") else { return false }
            until = readISODate(&cursor) ?? today.flatMap { readDatePhrase(&cursor, today: $0) }
            return until != nil
        }) {
            rule.until = until
            return
        }
        if strict, cursor.current.map({ ["until", "till"].contains($0.text) }) == true {
            throw RecurrenceError("write the last day like “until 2027-03-01”")
        }
        cursor.attempt { cursor in
            _ = cursor.take("for")
            if cursor.take("once") { rule.count = 1; return true }
            if cursor.take("twice") { rule.count = 2; return true }
            guard let count = cursor.takeNumber(digits: 1...4)?.number ?? cursor.take(DateVocabulary.countWords),
                  cursor.take(["times", "time", "x"]) != nil else { return false }
            rule.count = count
            return true
        }
    }

    private static func readWeekdays(_ cursor: inout TokenCursor) -> [Weekday] {
        var days: [Weekday] = []
        while let day = cursor.take(weekdayWords) {
            if !days.contains(day) { days.append(day) }
            _ = cursor.take(["and", "or"])
        }
        return days
    }

    /// "15th", "15", "2nd", "first" … "fifth", "last", "second to last".
    private static func readOrdinal(_ cursor: inout TokenCursor) -> Int? {
        if let number = cursor.takeNumber()?.number {
            _ = cursor.take(DateVocabulary.ordinalSuffixes, glued: true)
            return number
        }
        guard let word = cursor.take(ordinalWords) else { return nil }
        if word > 0, cursor.attempt({ $0.take("to") && $0.take("last") }) { return -word }
        return word
    }

    private static func readISODate(_ cursor: inout TokenCursor) -> CivilDate? {
        var day: CivilDate?
        cursor.attempt { cursor in
            guard let year = cursor.takeNumber(digits: 4...4)?.number, cursor.takeSymbol(["-"]),
                  let month = cursor.takeNumber()?.number, cursor.takeSymbol(["-"]),
                  let date = cursor.takeNumber()?.number else { return false }
            day = CivilDate.valid(year: year, month: month, day: date)
            return day != nil
        }
        return day
    }

    /// The longest run of up to five tokens that is a day and nothing else ("next friday", "march 1 2027").
    private static func readDatePhrase(_ cursor: inout TokenCursor, today: CivilDate) -> CivilDate? {
        let tokens = cursor.tokens, start = cursor.index
        for end in stride(from: min(tokens.count, start + 5), to: start, by: -1) {
            let text = tokens[start..<end].enumerated()
                .map { offset, token in (offset > 0 && !token.glued ? " " : "") + token.text }.joined()
            if let match = DatePhrases.parse(text, today: today), let day = match.date, match.time == nil {
                cursor = TokenCursor(tokens, at: end)
                return day
            }
        }
        return nil
    }

    private static let adverbs: [String: Frequency] = [
        "daily": .daily, "weekly": .weekly, "monthly": .monthly, "yearly": .yearly, "annually": .yearly,
    ]
    private static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1,
    ]
    /// "monday", "mon", and plurals such as "mondays".
    private static let weekdayWords: [String: Weekday] = {
        var words: [String: Weekday] = [:]
        for (word, index) in DateVocabulary.weekdays {
            words[word] = Weekday(rawValue: index)
            if word.count > 3 { words[word + "s"] = Weekday(rawValue: index) }
        }
        return words
    }()
}
