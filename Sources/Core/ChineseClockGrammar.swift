/// The Chinese time-of-day phrases: 下午5点, 5点半, 八点一刻, 17:30, 晚上, 凌晨1点.
extension ChineseDateGrammar {
    /// An optional day part, then an hour: "下午5点" is 17:00 at once (`ChineseDayPart.hour`). A day part
    /// alone stands for its default time; an hour alone from 1 to 12 is read as in English
    /// (`DatePhrases`: 1–6 afternoon, 7–12 as said).
    func clock(_ c: inout HanCursor, afterShortDay: Bool) -> PieceValue? {
        var part: ChineseDayPart?
        c.attempt { c in
            guard let word = c.take(any: ChineseDayPart.words.keys),
                  afterShortDay || !ChineseDateVocabulary.shortDayParts.contains(word) else { return false }
            part = ChineseDayPart.words[word]
            return true
        }
        if part != nil { c.skipSpaces() }
        guard let (hour, minute, certain) = hourAndMinute(&c, afterDayPart: part != nil) else {
            guard let part, let time = part.defaultTime else { return nil }
            return PieceValue(clock: .dayPart(time, afternoon: part.isAfternoon))
        }
        guard certain || part != nil else { return nil }
        if let part {
            let (resolved, nextDay) = part.hour(hour)
            return PieceValue(clock: .exact(TimeOfDay(hour: resolved, minute: minute)), nextDay: nextDay)
        }
        if hour == 24 { return PieceValue(clock: .exact(TimeOfDay(hour: 0, minute: minute)), nextDay: true) }
        if hour == 0 || hour >= 13 { return PieceValue(clock: .exact(TimeOfDay(hour: hour, minute: minute))) }
        return PieceValue(clock: .bareHour(hour: hour, minute: minute))
    }

    /// "5点", "5点半", "5点30", "五点三十分", "5点一刻", "17:30", "5时"; the hour 0–24. `certain` is false for
    /// 一点 alone, which usually means "a little" (早一点, 快一点) unless a day part comes before it.
    private func hourAndMinute(_ c: inout HanCursor, afterDayPart: Bool) -> (Int, Int, certain: Bool)? {
        var result: (Int, Int, certain: Bool)?
        c.attempt { c in
            guard let hour = c.takeNumber(maxDigits: 2), hour.value <= 24 else { return false }
            if c.take(":") || c.take("：") {
                guard let minute = c.takeNumber(maxDigits: 2), minute.isArabic, minute.length == 2, minute.value < 60
                else { return false }
                result = (hour.value, minute.value, true)
                return true
            }
            guard c.take("点钟") || c.take("点") || c.take("时") else { return false }
            let minute = minutes(&c)
            let vague = !hour.isArabic && hour.value == 1 && minute == nil && !afterDayPart
            result = (hour.value, minute ?? 0, !vague)
            return minute ?? 0 < 60
        }
        return result
    }

    /// What follows 点: 半 30, 一刻 15, 三刻 45, 整 0, "30", "三十分", "05分".
    private func minutes(_ c: inout HanCursor) -> Int? {
        if c.take("半") { return 30 }
        if c.take("一刻") { return 15 }
        if c.take("三刻") { return 45 }
        if c.take("整") { return 0 }
        var minute: Int?
        c.attempt { c in
            guard let number = c.takeNumber(maxDigits: 2) else { return false }
            // "5点3个人" is not 5:03: a minute needs 分, two digits, or a numeral with 十.
            let saidFen = c.take("分钟") || c.take("分")
            guard saidFen || (number.isArabic ? number.length == 2 : number.value >= 10) else { return false }
            minute = number.value
            return true
        }
        return minute
    }
}

extension PieceValue {
    init(clock: PhrasePiece.Clock, nextDay: Bool) {
        self.init(clock: clock)
        self.nextDay = nextDay
    }
}
