/// A rule in a few words for a task row or the form: "every 2 weeks on Mon, Wed until 1 Mar 2027".
extension RecurrenceRule {
    public var summary: String { summary(start: nil) }

    /// With `start`, the days it implies are named as well: "yearly on 29 Feb" rather than "yearly".
    public func summary(start: CivilDate?) -> String {
        let rule = start.map(resolved) ?? self
        var text = rule.isEveryWeekday ? "every weekday" : rule.cadence + rule.daysPhrase
        if let until { text += " until \(until.day) \(Self.monthShortName(until.month)) \(until.year)" }
        if let count { text += count == 1 ? ", once" : ", \(count) times" }
        return text
    }

    private var isEveryWeekday: Bool {
        interval == 1 && (frequency == .daily || frequency == .weekly) && byMonth.isEmpty && byMonthDay.isEmpty
            && bySetPos.isEmpty && Set(byDay) == Set(Weekday.workdays.map { WeekdayNum($0) })
    }

    private var cadence: String {
        if interval != 1 { return "every \(interval) \(cadenceUnit)s" }
        return frequency == .daily ? "every day" : frequency.rawValue.lowercased()
    }

    private var daysPhrase: String {
        if let picked = pickedWeekdays { return " on the \(picked)" }
        if frequency == .yearly, byMonth.count == 1, byMonthDay.count == 1, byMonthDay[0] > 0, byDay.isEmpty {
            return " on \(byMonthDay[0]) \(Self.monthShortName(byMonth[0]))"
        }
        var text = ""
        let weekdays = byDay.map { entry in
            entry.ordinal.map { "the \(Self.ordinal($0)) \(entry.weekday.name)" } ?? entry.weekday.shortName
        }.joined(separator: ", ")
        if !byMonthDay.isEmpty {
            text += " on " + monthDaysPhrase
            if !weekdays.isEmpty { text += " if a " + weekdays }
        } else if !weekdays.isEmpty {
            text += " on " + weekdays
        }
        if !byMonth.isEmpty { text += " in " + byMonth.map(Self.monthShortName).joined(separator: ", ") }
        if !bySetPos.isEmpty { text += " (only the \(positions) of each \(cadenceUnit))" }
        return text
    }

    /// BYDAY plain weekdays narrowed by BYSETPOS: "last weekday", "1st and last of Mon, Fri".
    private var pickedWeekdays: String? {
        guard !bySetPos.isEmpty, !byDay.isEmpty, byMonthDay.isEmpty, byDay.allSatisfy({ $0.ordinal == nil }) else { return nil }
        let days = Set(byDay.map(\.weekday))
        let group: String
        switch days {
        case Set(Weekday.workdays): group = "weekday"
        case Set(Weekday.allCases): group = "day"
        case [.saturday, .sunday]: group = "weekend day"
        default: group = "of " + days.sorted().map(\.shortName).joined(separator: ", ")
        }
        let base = "\(positions) \(group)"
        return byMonth.isEmpty ? base : base + " in " + byMonth.map(Self.monthShortName).joined(separator: ", ")
    }

    private var positions: String { bySetPos.map(Self.ordinal).joined(separator: " and ") }

    private var cadenceUnit: String {
        switch frequency {
        case .daily: "day"
        case .weekly: "week"
        case .monthly: "month"
        case .yearly: "year"
        }
    }

    /// "day 31", "days 1, 15", "the last day", "day 1 and the last day".
    private var monthDaysPhrase: String {
        let fromStart = byMonthDay.filter { $0 > 0 }
        var pieces: [String] = []
        if !fromStart.isEmpty {
            pieces.append((fromStart.count == 1 ? "day " : "days ") + fromStart.map(String.init).joined(separator: ", "))
        }
        pieces += byMonthDay.filter { $0 < 0 }.map { "the \(Self.ordinal($0)) day" }
        return pieces.joined(separator: " and ")
    }

    /// 1 → "1st", 22 → "22nd", -1 → "last", -2 → "2nd-to-last".
    static func ordinal(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < 0 { return ordinal(-n) + "-to-last" }
        let suffix = switch (n % 100, n % 10) {
        case (11...13, _): "th"
        case (_, 1): "st"
        case (_, 2): "nd"
        case (_, 3): "rd"
        default: "th"
        }
        return "\(n)\(suffix)"
    }

    static func monthShortName(_ month: Int) -> String { String(DateVocabulary.monthNames[month - 1].prefix(3)) }
}
