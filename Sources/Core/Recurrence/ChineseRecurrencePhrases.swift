/// Chinese repeats inside a sentence, for `RecurrencePhrases.find`: 每天, 每日, 每3天, 每个工作日,
/// 每周, 每两周, 每周一, 每周一和周四, 每星期五, 每月, 每月15号, 每年. An end (直到…, 共10次) is not read.
enum ChineseRecurrencePhrases {
    typealias Words = ChineseDateVocabulary

    static func find(in text: String) -> RecurrencePhraseMatch? {
        let characters = Array(text)
        for start in characters.indices where characters[start] == "每" {
            var cursor = HanCursor(characters, at: start + 1)
            guard let rule = read(&cursor) else { continue }
            let indices = Array(text.indices) + [text.endIndex]
            return RecurrencePhraseMatch(rule: rule, parts: [indices[start]..<indices[cursor.index]])
        }
        return nil
    }

    /// What follows 每.
    private static func read(_ cursor: inout HanCursor) -> RecurrenceRule? {
        _ = cursor.take("个")
        if cursor.take("工作日") { return .weekdays }
        let interval = cursor.takeNumber(maxDigits: 3)?.value ?? 1
        guard interval >= 1 else { return nil }
        _ = cursor.take("个")
        if cursor.take(any: ["天", "日"]) != nil { return .daily(interval: interval) }
        if cursor.take(any: Words.weekWords) != nil {
            return .weekly(interval: interval, on: interval == 1 ? weekdays(&cursor) : [])
        }
        if cursor.take("月") {
            var rule = RecurrenceRule(frequency: .monthly, interval: interval)
            cursor.attempt { cursor in
                guard let day = cursor.takeNumber(maxDigits: 2)?.value, (1...31).contains(day),
                      cursor.take(any: ["号", "日"]) != nil else { return false }
                rule.byMonthDay = [day]
                return true
            }
            return rule
        }
        if cursor.take("年") { return RecurrenceRule(frequency: .yearly, interval: interval) }
        return nil
    }

    /// "一和周四", "一、三、五": the days after 每周.
    private static func weekdays(_ cursor: inout HanCursor) -> [RecurrenceRule.Weekday] {
        var days: [RecurrenceRule.Weekday] = []
        // Han days only: "每周3次" is three times a week, not Wednesdays.
        while let c = cursor.current, c.isHan, let number = Words.weekdayCharacters[c],
              let day = RecurrenceRule.Weekday(rawValue: number) {
            _ = cursor.take(String(c))
            if !days.contains(day) { days.append(day) }
            cursor.attempt { cursor in
                guard cursor.take(any: ["和", "、", "，", ",", "及", "跟"]) != nil else { return false }
                _ = cursor.take(any: Words.weekWords)
                return cursor.current.map { $0.isHan && Words.weekdayCharacters[$0] != nil } == true
            }
        }
        return days
    }
}

extension RecurrenceRule {
    /// The rule in the words `ChineseRecurrencePhrases` reads: 每天, 每3天, 每个工作日, 每周一、周四,
    /// 每2周, 每月15号, 每年 (an end or other parts are left out).
    public var chineseSummary: String {
        let every = interval == 1 ? "每" : "每\(interval)"
        switch frequency {
        case .daily: return every + "天"
        case .weekly where interval == 1 && Set(byDay) == Set(Weekday.workdays.map { WeekdayNum($0) }):
            return "每个工作日"
        case .weekly:
            let days = byDay.map { ChineseDateVocabulary.weekdayNames[$0.weekday.rawValue] }.joined(separator: "、")
            return every + "周" + days.dropFirst()  // 周一、周四 after 每周: 每周一、周四
        case .monthly:
            let day = byMonthDay.count == 1 && byMonthDay[0] > 0 ? "\(byMonthDay[0])号" : ""
            return every + (interval == 1 ? "月" : "个月") + day
        case .yearly: return every + "年"
        }
    }
}
