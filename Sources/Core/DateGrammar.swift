/// What one phrase of the input says ("next friday", "at 5pm", "tonight").
struct PhrasePiece: Equatable {
    enum Clock: Equatable {
        case exact(TimeOfDay)
        /// An hour said without am/pm ("at 5", "5:30"): a nearby day part or the default rule picks the half.
        case bareHour(hour: Int, minute: Int)
        /// "morning", "tonight": a default time, and which half of the day it speaks of.
        case dayPart(TimeOfDay, afternoon: Bool)
    }

    /// Which tokens (for Chinese, which characters) the piece covers.
    var tokens: Range<Int>
    var date: CivilDate?
    var clock: Clock?
    /// A date that does not exist ("feb 30", "2026-13-01"): the input then has no date at all,
    /// rather than a wrong one.
    var impossible = false
    /// The clock time falls after midnight following the day said (see `PieceValue.nextDay`).
    var nextDay = false
}

/// The meaning a matcher found, before it knows which tokens it covers.
struct PieceValue {
    var date: CivilDate?
    var clock: PhrasePiece.Clock?
    var impossible = false
    /// The time is past midnight after the day said ("晚上12点" is 00:00 of the next day).
    var nextDay = false

    static let impossibleDate = PieceValue(impossible: true)
}

/// Finds the date and time phrases in a token list: at each token the longest phrase wins.
struct DateGrammar {
    let tokens: [DateToken]
    let today: CivilDate
    /// The current time; without it "in 2 hours" is not understood.
    let now: TimeOfDay?
    /// The whole input is meant as a phrase (`parse`), so words that are ambiguous inside
    /// a sentence ("sun", "morning", "weekend") count on their own.
    let wholeInputIsPhrase: Bool

    struct Context {
        /// The word just before the phrase ("on", "at"...).
        let previousWord: String?
        /// The phrase directly follows another ("tomorrow morning", "monday-morning").
        let followsPiece: Bool

        var afterConnector: Bool { previousWord.map(DateVocabulary.connectors.contains) ?? false }
    }

    func pieces() -> [PhrasePiece] {
        PhrasePiece.scan(count: tokens.count, longestPiece: longestPiece(at:after:))
    }

    private func longestPiece(at start: Int, after previous: PhrasePiece?) -> PhrasePiece? {
        guard isWordStart(start) else { return nil }
        let gapIsGlue = previous.map { p in
            p.tokens.upperBound == start
                || (p.tokens.upperBound == start - 1 && ["-", ","].contains(tokens[start - 1].text))
        } ?? false
        let context = Context(previousWord: start > 0 && tokens[start - 1].kind == .word ? tokens[start - 1].text : nil,
                              followsPiece: gapIsGlue)
        let matchers: [(inout TokenCursor) -> PieceValue?] = [
            isoDate, slashDate, monthThenDay, dayThenMonth, { dayOfMonth(&$0, context) }, relativeDay,
            { weekday(&$0, context) }, { weekOrMonth(&$0, context) }, endOf, inDuration, durationFromNow,
            meridiemTime, colonTime, { bareHour(&$0, context) }, namedTime, { dayPart(&$0, context) },
        ]
        return PhrasePiece.longest(from: TokenCursor(tokens, at: start), matchers: matchers, endsWell: isWordEnd)
    }

    /// A phrase must not start or end inside a run like "x5pm" or "5pmx".
    private func isWordStart(_ i: Int) -> Bool {
        i == 0 || !tokens[i].glued || tokens[i - 1].kind == .symbol
    }

    private func isWordEnd(_ end: Int) -> Bool {
        end == tokens.count || !tokens[end].glued || tokens[end].kind == .symbol
    }

    // MARK: Calendar days

    /// "2026-12-01"
    func isoDate(_ c: inout TokenCursor) -> PieceValue? {
        guard let year = c.takeNumber(digits: 4...4)?.number, c.takeSymbol(["-"]),
              let month = c.takeNumber(glued: true)?.number, c.takeSymbol(["-"]),
              let day = c.takeNumber(glued: true)?.number else { return nil }
        return .exactDay(year: year, month: month, day: day)
    }

    /// "12/01", "12/1/2026", "12/1/26": month first, as in the US.
    func slashDate(_ c: inout TokenCursor) -> PieceValue? {
        guard let month = c.takeNumber()?.number, c.takeSymbol(["/"]),
              let day = c.takeNumber(glued: true)?.number else { return nil }
        var year: Int?
        c.attempt { c in
            guard c.takeSymbol(["/"]), let y = c.takeNumber(digits: 2...4, glued: true), y.text.count != 3,
                  let value = y.number else { return false }
            year = value < 100 ? 2000 + value : value
            return true
        }
        if let year { return .exactDay(year: year, month: month, day: day) }
        return .upcomingDay(month: month, day: day, today: today)
    }

    /// "dec 1", "december 1st, 2026"
    func monthThenDay(_ c: inout TokenCursor) -> PieceValue? {
        guard let month = c.take(DateVocabulary.months) else { return nil }
        _ = c.takeSymbol(["."])
        guard let day = c.takeNumber()?.number else { return nil }
        _ = c.take(DateVocabulary.ordinalSuffixes, glued: true)
        return year(after: &c).map { .exactDay(year: $0, month: month, day: day) }
            ?? .upcomingDay(month: month, day: day, today: today)
    }

    /// "1 dec", "the 1st of december 2026"
    func dayThenMonth(_ c: inout TokenCursor) -> PieceValue? {
        _ = c.take("the")
        guard let day = c.takeNumber()?.number else { return nil }
        _ = c.take(DateVocabulary.ordinalSuffixes, glued: true)
        _ = c.take("of")
        guard let month = c.take(DateVocabulary.months) else { return nil }
        return year(after: &c).map { .exactDay(year: $0, month: month, day: day) }
            ?? .upcomingDay(month: month, day: day, today: today)
    }

    private func year(after c: inout TokenCursor) -> Int? {
        var year: Int?
        c.attempt { c in
            _ = c.takeSymbol([","])
            year = c.takeNumber(digits: 4...4)?.number
            return year != nil
        }
        return year
    }

    /// "the 15th", "on the 3rd": the next such day of a month, today included.
    func dayOfMonth(_ c: inout TokenCursor, _ context: Context) -> PieceValue? {
        let saidThe = c.take("the")
        guard let day = c.takeNumber()?.number, c.take(DateVocabulary.ordinalSuffixes, glued: true) != nil,
              saidThe || context.afterConnector || wholeInputIsPhrase else { return nil }
        return .upcomingDayOfMonth(day, today: today)
    }

    /// today, tonight, tomorrow, yesterday, the day after tomorrow, the day before yesterday
    func relativeDay(_ c: inout TokenCursor) -> PieceValue? {
        if c.take(DateVocabulary.today) != nil { return PieceValue(date: today) }
        if c.take("tonight") {
            return PieceValue(date: today, clock: .dayPart(DateVocabulary.tonight, afternoon: true))
        }
        if c.take(DateVocabulary.tomorrow) != nil { return PieceValue(date: today.adding(days: 1)) }
        if c.take(DateVocabulary.yesterday) != nil { return PieceValue(date: today.adding(days: -1)) }
        if c.take("overmorrow") { return PieceValue(date: today.adding(days: 2)) }
        _ = c.take("the")
        guard c.take("day") else { return nil }
        if c.take("after"), c.take(DateVocabulary.tomorrow) != nil { return PieceValue(date: today.adding(days: 2)) }
        if c.take("before"), c.take(DateVocabulary.yesterday) != nil { return PieceValue(date: today.adding(days: -2)) }
        return nil
    }

    /// A weekday, with the rules people use:
    /// - "friday" alone is the next Friday after today; said on a Friday it means a week later.
    /// - "this friday" / "coming friday" is the coming one, today included.
    /// - "next friday" is the Friday of next week (weeks start Monday), as Todoist reads it:
    ///   on Monday 2026-11-23 it is 2026-12-04, not 2026-11-27. "friday next week" is the same day.
    /// - "last friday" is the most recent one before today.
    func weekday(_ c: inout TokenCursor, _ context: Context) -> PieceValue? {
        var modifier = c.take(["this", "next", "coming", "last"])
        if modifier == "this", c.take("coming") { modifier = "coming" }
        guard let word = c.current?.text, let day = c.take(DateVocabulary.weekdays) else { return nil }
        if DateVocabulary.weekdaysThatAreWords.contains(word), modifier == nil,
           !context.afterConnector, !wholeInputIsPhrase { return nil }
        if modifier == nil, c.attempt({ $0.take("next") && $0.take("week") }) { modifier = "next" }
        switch modifier {
        case "this", "coming": return PieceValue(date: today.next(weekday: day, includingSelf: true))
        case "next": return PieceValue(date: today.startOfWeek.adding(days: 7 + day))
        case "last": return PieceValue(date: today.adding(days: -8).next(weekday: day, includingSelf: false))
        default: return PieceValue(date: today.next(weekday: day, includingSelf: false))
        }
    }

    /// "next week" (its Monday), "next month" (its 1st), "next year" (1 January), "this weekend" (its Saturday,
    /// or today when it is the weekend), "next weekend".
    func weekOrMonth(_ c: inout TokenCursor, _ context: Context) -> PieceValue? {
        let modifier = c.take(["next", "this", "the"])
        if c.take("weekend") {
            guard modifier != nil || context.afterConnector || wholeInputIsPhrase else { return nil }
            let saturday = today.startOfWeek.adding(days: modifier == "next" ? 12 : 5)
            return PieceValue(date: max(saturday, today))
        }
        guard modifier == "next", let unit = c.take(["week", "month", "year"]) else { return nil }
        switch unit {
        case "week": return PieceValue(date: today.startOfWeek.adding(days: 7))
        case "month": return PieceValue(date: today.firstOfMonth.adding(months: 1))
        default: return PieceValue(date: CivilDate(year: today.year + 1, month: 1, day: 1))
        }
    }

    /// "end of month", "the end of the week", "end of this year"
    func endOf(_ c: inout TokenCursor) -> PieceValue? {
        _ = c.take("the")
        guard c.take("end"), c.take("of") else { return nil }
        _ = c.take(["the", "this"])
        switch c.take(["month", "week", "year"]) {
        case "month": return PieceValue(date: today.lastOfMonth)
        case "week": return PieceValue(date: today.endOfWeek)
        case "year": return PieceValue(date: CivilDate(year: today.year, month: 12, day: 31))
        default: return nil
        }
    }

    /// "in 3 days", "in a week", "in 2 hours", "in 30 minutes"
    func inDuration(_ c: inout TokenCursor) -> PieceValue? {
        guard c.take("in"), let (count, unit) = amount(&c) else { return nil }
        return .offset(count, unit, today: today, now: now)
    }

    /// "3 days from now", "a week from today"
    func durationFromNow(_ c: inout TokenCursor) -> PieceValue? {
        guard let (count, unit) = amount(&c), c.take("from"), c.take(["now", "today"]) != nil else { return nil }
        return .offset(count, unit, today: today, now: now)
    }

    private func amount(_ c: inout TokenCursor) -> (Int, DateVocabulary.Unit)? {
        guard let count = c.takeNumber(digits: 1...3)?.number ?? c.take(DateVocabulary.countWords),
              let unit = c.take(DateVocabulary.units) else { return nil }
        return (count, unit)
    }
}
