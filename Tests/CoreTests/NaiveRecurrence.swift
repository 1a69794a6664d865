@testable import Core

/// The reference for the cross-check tests: walks every day from the beginning of the start's
/// period, keeps its own weekday and period counters, asks for each day whether the rule's BY
/// parts accept it, applies BYSETPOS to each whole period, then the start, COUNT and UNTIL.
/// Slow and obvious, and it shares no code with the engine's period arithmetic.
struct NaiveRecurrence {
    let rule: RecurrenceRule
    let start: CivilDate

    func dates(through last: CivilDate) -> [CivilDate] {
        let weekStart = rule.weekStart?.rawValue ?? 0
        var day = firstDayOfStartPeriod
        var weekday = day.mondayBasedWeekday
        var dayIndex = 0, weekIndex = 0, currentPeriod = 0
        var generated: [CivilDate] = [], periodDays: [CivilDate] = []
        while true {
            let key = periodKey(day, dayIndex: dayIndex, weekIndex: weekIndex)
            if key != currentPeriod {
                generated += pickSetPositions(periodDays)
                periodDays = []
                currentPeriod = key
                if day > last { break }
            }
            if key % rule.interval == 0 && accepts(day, weekday: weekday) { periodDays.append(day) }
            day = Self.dayAfter(day)
            dayIndex += 1
            weekday = (weekday + 1) % 7
            if weekday == weekStart { weekIndex += 1 }
        }
        var dates = generated.filter { $0 >= start }
        if let count = rule.count { dates = Array(dates.prefix(count)) }
        if let until = rule.until { dates = dates.filter { $0 <= until } }
        return dates
    }

    private var firstDayOfStartPeriod: CivilDate {
        switch rule.frequency {
        case .daily: return start
        case .weekly:
            var day = start
            while day.mondayBasedWeekday != (rule.weekStart?.rawValue ?? 0) { day = day.adding(days: -1) }
            return day
        case .monthly: return CivilDate(year: start.year, month: start.month, day: 1)
        case .yearly: return CivilDate(year: start.year, month: 1, day: 1)
        }
    }

    /// Which period `day` is in, counted from the start's period.
    private func periodKey(_ day: CivilDate, dayIndex: Int, weekIndex: Int) -> Int {
        switch rule.frequency {
        case .daily: return dayIndex
        case .weekly: return weekIndex
        case .monthly: return (day.year - start.year) * 12 + day.month - start.month
        case .yearly: return day.year - start.year
        }
    }

    private func pickSetPositions(_ days: [CivilDate]) -> [CivilDate] {
        guard !rule.bySetPos.isEmpty else { return days }
        let indices = rule.bySetPos.map { $0 > 0 ? $0 - 1 : days.count + $0 }.filter { days.indices.contains($0) }
        return Set(indices).sorted().map { days[$0] }
    }

    /// Whether the BY parts (with those the start implies) accept `day`.
    private func accepts(_ day: CivilDate, weekday: Int) -> Bool {
        if !rule.byMonth.isEmpty && !rule.byMonth.contains(day.month) { return false }
        let length = CivilDate.daysIn(year: day.year, month: day.month)
        let monthDayOK = rule.byMonthDay.contains { $0 == day.day || $0 == day.day - length - 1 }
        switch rule.frequency {
        case .daily:
            return (rule.byMonthDay.isEmpty || monthDayOK) && (rule.byDay.isEmpty || weekdayOK(day, weekday))
        case .weekly:
            let weekdays = rule.byDay.isEmpty ? [start.mondayBasedWeekday] : rule.byDay.map(\.weekday.rawValue)
            return weekdays.contains(weekday)  // BYMONTHDAY is not allowed in WEEKLY rules
        case .monthly, .yearly:
            if !rule.byMonthDay.isEmpty { return monthDayOK && (rule.byDay.isEmpty || weekdayOK(day, weekday)) }
            if !rule.byDay.isEmpty { return weekdayOK(day, weekday) }
            // Only the start's day (and its month, for YEARLY without BYMONTH).
            if rule.frequency == .yearly && rule.byMonth.isEmpty && day.month != start.month { return false }
            return day.day == start.day
        }
    }

    /// BYDAY numbers count in the month, or in the year for YEARLY without BYMONTH.
    private func weekdayOK(_ day: CivilDate, _ weekday: Int) -> Bool {
        let inYear = rule.frequency == .yearly && rule.byMonth.isEmpty
        return rule.byDay.contains { entry in
            guard entry.weekday.rawValue == weekday else { return false }
            guard let n = entry.ordinal else { return true }
            let position = inYear ? (1..<day.month).reduce(day.day) { $0 + CivilDate.daysIn(year: day.year, month: $1) } : day.day
            let length = inYear ? (CivilDate.daysIn(year: day.year, month: 2) == 29 ? 366 : 365)
                                : CivilDate.daysIn(year: day.year, month: day.month)
            return n > 0 ? (position - 1) / 7 + 1 == n : (length - position) / 7 + 1 == -n
        }
    }

    private static func dayAfter(_ day: CivilDate) -> CivilDate {
        if day.day < CivilDate.daysIn(year: day.year, month: day.month) {
            return CivilDate(year: day.year, month: day.month, day: day.day + 1)
        }
        return day.month < 12 ? CivilDate(year: day.year, month: day.month + 1, day: 1) : CivilDate(year: day.year + 1, month: 1, day: 1)
    }
}
