/// Spans of days for Chinese agenda questions ("这周有什么安排"), as `DatePhrases.period` reads English.
extension ChineseDatePhrases {
    /// - 这周/本周/这个星期: today through Sunday; 下周/下个星期: next Monday through Sunday
    /// - 周末/这周末: its Saturday (or today) through Sunday; 下周末
    /// - 这个月/本月: today through the month's last day; 下个月: all of it
    /// - 接下来/最近/近期/未来/之后: today through 30 days on; 未来7天/接下来三天: today and the days after it
    /// - any single-day phrase (今天, 明天, 周五, 12月1日): that day
    static func period(_ phrase: String, today: CivilDate) -> ClosedRange<CivilDate>? {
        let words = phrase.filter { !$0.isWhitespace && !periodFillers.contains($0) }
        let monday = today.startOfWeek
        switch words {
        case "这周", "本周", "这个星期", "这星期", "本星期", "这个礼拜", "这礼拜", "本礼拜", "这一周", "这个周":
            return today...today.endOfWeek
        case "下周", "下个星期", "下星期", "下个礼拜", "下礼拜", "下一周", "下个周":
            return monday.adding(days: 7)...monday.adding(days: 13)
        case "周末", "这周末", "本周末", "这个周末":
            return max(monday.adding(days: 5), today)...today.endOfWeek
        case "下周末", "下个周末":
            return monday.adding(days: 12)...monday.adding(days: 13)
        case "这个月", "本月", "这月":
            return today...today.lastOfMonth
        case "下个月", "下月":
            let first = today.firstOfMonth.adding(months: 1)
            return first...first.lastOfMonth
        case "接下来", "最近", "近期", "未来", "之后", "以后", "将来", "近来", "最近几天", "接下来几天", "这几天":
            return today...today.adding(days: DatePhrases.upcomingDays)
        default:
            break
        }
        var cursor = HanCursor(Array(words), at: 0)
        if cursor.take(any: ["接下来", "未来", "最近"]) != nil, let count = cursor.takeNumber(maxDigits: 3), count.value > 0,
           let unit = cursor.take(["天": 1, "日": 1, "周": 7, "个星期": 7, "星期": 7]), cursor.current == nil {
            return today...today.adding(days: count.value * unit - 1)
        }
        guard let day = parse(String(words), today: today, now: nil)?.date else { return nil }
        return day...day
    }

    /// Words around a period that do not change it: 这周内, 今天的, 本月里.
    private static let periodFillers: Set<Character> = ["的", "内", "里", "中", "在", "，", ",", "？", "?", "。"]
}
