/// Finds the date and time phrases in Chinese text, character by character: at each character the
/// longest phrase wins. The pieces are those of the English grammar, so `PhraseReading` combines both.
struct ChineseDateGrammar {
    typealias Words = ChineseDateVocabulary
    let characters: [Character]
    let today: CivilDate
    /// The current time; without it "两小时后" is not understood.
    let now: TimeOfDay?

    func pieces() -> [PhrasePiece] {
        PhrasePiece.scan(count: characters.count, longestPiece: longestPiece(at:after:))
    }

    private func longestPiece(at start: Int, after previous: PhrasePiece?) -> PhrasePiece? {
        guard isStart(start) else { return nil }
        // 今晚, 明早: a one-character day part only right after a one-character day.
        let afterShortDay = previous.map { $0.tokens.upperBound == start && $0.tokens.count == 1 } ?? false
        let matchers: [(inout HanCursor) -> PieceValue?] = [
            relativeDay, weekday, monthOrYear, duration, writtenDate, isoDate, dayOfMonth,
            { clock(&$0, afterShortDay: afterShortDay) },
        ]
        return PhrasePiece.longest(from: HanCursor(characters, at: start), matchers: matchers, endsWell: isEnd)
    }

    /// A phrase starts at a character, never inside a number ("十二月" is not read from its 二).
    private func isStart(_ i: Int) -> Bool {
        guard !characters[i].isWhitespace else { return false }
        guard i > 0 else { return true }
        let (before, here) = (characters[i - 1], characters[i])
        if HanCursor.isArabicDigit(here) { return !HanCursor.isArabicDigit(before) && !before.isASCIILetter }
        if HanCursor.chineseDigits[here] != nil || here == "十" {
            return HanCursor.chineseDigits[before] == nil && before != "十"
        }
        return true
    }

    /// …and ends before anything but another digit or an ASCII letter ("5点" but not "5pm" read as 5).
    private func isEnd(_ end: Int) -> Bool {
        guard end > 0, end < characters.count else { return true }
        let (last, next) = (characters[end - 1], characters[end])
        return !(HanCursor.isArabicDigit(last) && (HanCursor.isArabicDigit(next) || next.isASCIILetter))
    }

    // MARK: Days

    /// 今天, 明天, 后天, 大后天, 昨天; 今/明/昨 before 早/晚/夜 (今晚, 明早).
    func relativeDay(_ c: inout HanCursor) -> PieceValue? {
        if let days = c.take(Words.relativeDays) { return PieceValue(date: today.adding(days: days)) }
        guard let days = c.take(Words.shortDays), let next = c.current,
              Words.shortDayParts.contains(String(next)) else { return nil }
        return PieceValue(date: today.adding(days: days))
    }

    /// 周五, 星期天, 礼拜三: the next one after today, as English "friday" (said on a Friday, a week later).
    /// 这周五/本周五: the Friday of this week; 下周五/下个星期五: of next week (as English "next friday");
    /// 下下周五: the week after; 上周五: last week's. 下周 alone is next Monday; 周末/这周末 this Saturday
    /// (today on a weekend), 下周末 next week's.
    func weekday(_ c: inout HanCursor) -> PieceValue? {
        let weekOffset = c.take(Words.weekPrefixes)
        guard c.take(any: Words.weekWords) != nil else { return nil }
        let monday = today.startOfWeek.adding(days: weekOffset ?? 0)
        if c.take("末") {
            return PieceValue(date: max(monday.adding(days: 5), today))
        }
        guard let dayCharacter = c.current, let day = Words.weekdayCharacters[dayCharacter] else {
            // 下周 is next week's Monday, as "next week"; 这周 alone names no day.
            guard let weekOffset, weekOffset != 0 else { return nil }
            return PieceValue(date: monday)
        }
        _ = c.take(String(dayCharacter))
        guard weekOffset != nil else { return PieceValue(date: today.next(weekday: day, includingSelf: false)) }
        return PieceValue(date: monday.adding(days: day))
    }

    /// 下个月 (its 1st), 月底 (this month's last day), 下个月底, 明年 (1 January), 年底 (31 December).
    func monthOrYear(_ c: inout HanCursor) -> PieceValue? {
        if let months = c.take(Words.monthPrefixes) {
            let first = today.firstOfMonth.adding(months: months)
            if c.take("底") || c.take("末") { return PieceValue(date: first.lastOfMonth) }
            return months > 0 ? PieceValue(date: first) : nil
        }
        if c.take("月底") || c.take("月末") { return PieceValue(date: today.lastOfMonth) }
        let years = c.take(Words.yearPrefixes)
        if c.take("年底") || c.take("年末") || (years != nil && (c.take("底") || c.take("末"))) {
            return PieceValue(date: CivilDate(year: today.year + (years ?? 0), month: 12, day: 31))
        }
        guard let years, years > 0 else { return nil }
        return PieceValue(date: CivilDate(year: today.year + years, month: 1, day: 1))
    }

    /// 三天后, 两个星期以后, 一个月后, 10分钟后, 半小时后, 过两天.
    func duration(_ c: inout HanCursor) -> PieceValue? {
        let saidPass = c.take(any: Words.passWords) != nil
        let count: Int, unit: DateVocabulary.Unit
        if c.take("半") {
            guard c.take(any: ["个小时", "小时", "个钟头", "钟头"]) != nil else { return nil }
            (count, unit) = (30, .minute)
        } else {
            guard let number = c.takeNumber(maxDigits: 3) else { return nil }
            if c.take("个半") {  // 一个半小时
                guard c.take(any: ["小时", "钟头"]) != nil else { return nil }
                (count, unit) = (number.value * 60 + 30, .minute)
            } else {
                guard let said = c.take(Words.durationUnits) else { return nil }
                let halfHour = said == .hour && c.take("半")  // 一小时半
                (count, unit) = halfHour ? (number.value * 60 + 30, .minute) : (number.value, said)
            }
        }
        guard c.take(any: Words.afterWords) != nil || saidPass else { return nil }
        return .offset(count, unit, today: today, now: now)
    }

    /// 12月1日, 十二月一号, 2026年12月1日, 明年3月5日, 下个月5号.
    func writtenDate(_ c: inout HanCursor) -> PieceValue? {
        if let months = c.take(Words.monthPrefixes) {
            guard let day = dayNumber(&c) else { return nil }
            let month = today.firstOfMonth.adding(months: months)
            return .exactDay(year: month.year, month: month.month, day: day)
        }
        var year: Int?
        if let years = c.take(Words.yearPrefixes) {
            year = today.year + years
        } else {
            c.attempt { c in
                guard let number = c.takeNumber(), number.length == 4, c.take("年") else { return false }
                year = number.value
                return true
            }
        }
        guard let month = c.takeNumber(maxDigits: 2)?.value, c.take("月") else { return nil }
        c.skipSpaces()
        guard let day = dayNumber(&c) else { return nil }
        if let year { return .exactDay(year: year, month: month, day: day) }
        return .upcomingDay(month: month, day: day, today: today)
    }

    /// 15号, 十五日: the next such day, today included (as English "the 15th").
    func dayOfMonth(_ c: inout HanCursor) -> PieceValue? {
        dayNumber(&c).map { .upcomingDayOfMonth($0, today: today) }
    }

    /// "1日", "一号", but not 3号楼.
    private func dayNumber(_ c: inout HanCursor) -> Int? {
        var day: Int?
        c.attempt { c in
            guard let number = c.takeNumber(maxDigits: 2), c.take("日") || c.take("号") else { return false }
            if let next = c.current, Words.notDayAfterHao.contains(next) { return false }
            day = number.value
            return true
        }
        return day
    }

    /// 2026-12-01, 2026/12/1, 2026.12.1
    func isoDate(_ c: inout HanCursor) -> PieceValue? {
        guard let year = c.takeNumber(), year.isArabic, year.length == 4, let separator = c.current,
              ["-", "/", "."].contains(separator), c.take(String(separator)),
              let month = c.takeNumber(maxDigits: 2), month.isArabic, c.take(String(separator)),
              let day = c.takeNumber(maxDigits: 2), day.isArabic else { return nil }
        return .exactDay(year: year.value, month: month.value, day: day.value)
    }
}

extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
}
