/// Spans of days for agenda questions ("what's on this week").
extension DatePhrases {
    /// How far "upcoming" looks ahead.
    public static let upcomingDays = 30

    /// The days a period phrase covers:
    /// - "today", "tomorrow", "friday" or any single-day phrase: that day
    /// - "this week": today through Sunday (weeks start Monday); "next week": next Monday through Sunday
    /// - "this weekend": its Saturday (or today) through Sunday; "next weekend"
    /// - "this month": today through the month's last day; "next month": all of it
    /// - "next 7 days": today and the 6 days after it (a week, counting today); "next 2 weeks" likewise
    /// - "upcoming", "coming up", "soon", "next": today through 30 days on
    public static func period(_ phrase: String, today: CivilDate) -> ClosedRange<CivilDate>? {
        if phrase.containsHan { return ChineseDatePhrases.period(phrase, today: today) }
        var words = phrase.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        while let first = words.first, ["for", "on", "in", "the", "during", "over", "of"].contains(first) {
            words.removeFirst()
        }
        let monday = today.startOfWeek
        switch words.joined(separator: " ") {
        case "this week", "week", "rest of the week", "rest of this week":
            return today...today.endOfWeek
        case "next week":
            return monday.adding(days: 7)...monday.adding(days: 13)
        case "this weekend", "weekend":
            return max(monday.adding(days: 5), today)...today.endOfWeek
        case "next weekend":
            return monday.adding(days: 12)...monday.adding(days: 13)
        case "this month", "month", "rest of the month":
            return today...today.lastOfMonth
        case "next month":
            let first = today.firstOfMonth.adding(months: 1)
            return first...first.lastOfMonth
        case "upcoming", "coming up", "soon", "next", "later":
            return today...today.adding(days: upcomingDays)
        default:
            break
        }
        if words.count == 3, words[0] == "next",
           let count = Int(words[1]) ?? DateVocabulary.countWords[words[1]], count > 0,
           let unit = DateVocabulary.units[words[2]], unit == .day || unit == .week {
            let days = unit == .day ? count : 7 * count
            return today...today.adding(days: days - 1)
        }
        guard let day = parse(phrase, today: today)?.date else { return nil }
        return day...day
    }
}
