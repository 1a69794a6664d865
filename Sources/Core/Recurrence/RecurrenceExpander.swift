/// Turns a rule and its start (DTSTART) into dates one period at a time: a period is a day, a week
/// (from WKST), a month or a year, and every INTERVAL-th period from the start's is active.
/// Expansion jumps straight to the first active period that can reach the wanted dates, so a
/// series that started decades ago costs no more than one that starts today.
struct RecurrenceExpander {
    /// The rule with the parts the start implies written out (see `resolved(start:)`).
    let rule: RecurrenceRule
    private let startNumber: Int
    private let startPeriod: Int

    init(rule: RecurrenceRule, start: CivilDate) {
        let rule = rule.resolved(start: start)
        self.rule = rule
        startNumber = DayNumber.of(start)
        startPeriod = Self.period(containing: startNumber, of: rule)
    }

    /// Calls `visit` with each date the rule generates on or after `from`, in order, until `visit`
    /// returns false, the series ends (UNTIL, COUNT) or the dates pass `through`. With `through`
    /// nil it stops after one whole 400-year Gregorian cycle of active periods: the pattern repeats
    /// after that, so a rule that found nothing by then never will.
    func walk(from: CivilDate, through: CivilDate?, visit: (CivilDate) -> Bool) {
        let fromNumber = max(DayNumber.of(from), startNumber)
        var index = max(0, DayNumber.ceilDivide(period(containing: fromNumber) - startPeriod, rule.interval))
        var lastNumber = through.map(DayNumber.of) ?? span(ofPeriod: activePeriod(index + cycleOfActivePeriods)).upperBound
        if let until = rule.until { lastNumber = min(lastNumber, DayNumber.of(until)) }
        guard fromNumber <= lastNumber, !setPositionsUnreachable else { return }

        var remaining = rule.count
        if let count = remaining, index > 0 {
            if let perPeriod = occurrencesPerWholePeriod {
                // Every date before `from` still uses up COUNT: the start's period is counted
                // (it may begin before the start), the whole periods after it are multiplied out.
                let inFirstPeriod = candidates(inPeriod: startPeriod).filter { $0 >= startNumber }.count
                remaining = count - inFirstPeriod - (index - 1) * perPeriod
            } else {
                index = 0  // periods differ in size: count them one by one (never day by day)
            }
        }
        while true {
            let period = activePeriod(index)
            if span(ofPeriod: period).lowerBound > lastNumber { return }
            for number in candidates(inPeriod: period) where number >= startNumber {
                if number > lastNumber { return }
                if let left = remaining {
                    if left <= 0 { return }
                    remaining = left - 1
                }
                if number >= fromNumber && !visit(DayNumber.date(number)) { return }
            }
            index += 1
        }
    }

    // MARK: - Periods

    private func activePeriod(_ index: Int) -> Int { startPeriod + index * rule.interval }

    private func period(containing number: Int) -> Int { Self.period(containing: number, of: rule) }

    /// Periods since 1970: days, weeks starting on WKST, months or years.
    private static func period(containing number: Int, of rule: RecurrenceRule) -> Int {
        switch rule.frequency {
        case .daily: return number
        case .weekly: return DayNumber.floorDivide(number + 3 - (rule.weekStart?.rawValue ?? 0), 7)
        case .monthly:
            let day = DayNumber.date(number)
            return day.year * 12 + day.month - 1
        case .yearly: return DayNumber.date(number).year
        }
    }

    private func span(ofPeriod period: Int) -> ClosedRange<Int> {
        switch rule.frequency {
        case .daily: return period...period
        case .weekly:
            let first = period * 7 + weekStart - 3
            return first...(first + 6)
        case .monthly:
            let year = DayNumber.floorDivide(period, 12)
            return Self.monthSpan(year: year, month: period - year * 12 + 1)
        case .yearly:
            return DayNumber.of(CivilDate(year: period, month: 1, day: 1))...DayNumber.of(CivilDate(year: period, month: 12, day: 31))
        }
    }

    private var weekStart: Int { rule.weekStart?.rawValue ?? 0 }

    /// 400 Gregorian years hold a whole number of days, weeks, months and years.
    private var cycleOfActivePeriods: Int {
        let cycle = switch rule.frequency {
        case .daily: 146_097
        case .weekly: 20_871
        case .monthly: 4_800
        case .yearly: 400
        }
        var (a, b) = (cycle, rule.interval)
        while b != 0 { (a, b) = (b, a % b) }
        return cycle / a
    }

    private static func monthSpan(year: Int, month: Int) -> ClosedRange<Int> {
        let first = DayNumber.of(CivilDate(year: year, month: month, day: 1))
        return first...(first + CivilDate.daysIn(year: year, month: month) - 1)
    }

    // MARK: - The dates of one period

    /// The period's dates in order, after BYSETPOS, before the start, UNTIL and COUNT are applied.
    func candidates(inPeriod period: Int) -> [Int] {
        let span = span(ofPeriod: period)
        var days: [Int]
        switch rule.frequency {
        case .daily:
            // One day per period; a rule that never matches walks 146,097 of these, so no arrays.
            guard passesLimits(period), rule.bySetPos.isEmpty || rule.bySetPos.contains(where: { abs($0) == 1 }) else { return [] }
            return [period]
        case .weekly:
            days = span.filter(passesLimits)
        case .monthly:
            guard rule.byMonth.isEmpty || rule.byMonth.contains(DayNumber.date(span.lowerBound).month) else { return [] }
            days = datesInMonth(span, weekdayScope: span)
        case .yearly:
            if rule.byMonth.isEmpty && rule.byMonthDay.isEmpty {
                days = expandByDay(in: span)
            } else {
                let months = rule.byMonth.isEmpty ? Array(1...12) : Array(Set(rule.byMonth)).sorted()
                days = months.flatMap { month in
                    let monthSpan = Self.monthSpan(year: period, month: month)
                    // "the 2nd Monday" means of the month when BYMONTH is given, else of the year
                    return self.datesInMonth(monthSpan, weekdayScope: rule.byMonth.isEmpty ? span : monthSpan)
                }
            }
        }
        if rule.frequency == .monthly || rule.frequency == .yearly, days.count > 1 {
            days = Array(Set(days)).sorted()  // BYMONTHDAY 1 and -31, or several months, may overlap
        }
        return rule.bySetPos.isEmpty ? days : Self.pick(positions: rule.bySetPos, from: days)
    }

    /// DAILY and WEEKLY periods are cut down by BYMONTH, BYMONTHDAY and BYDAY.
    private func passesLimits(_ number: Int) -> Bool {
        if !rule.byDay.isEmpty && !rule.byDay.contains(where: { $0.weekday.rawValue == DayNumber.weekday(number) }) {
            return false
        }
        if rule.byMonth.isEmpty && rule.byMonthDay.isEmpty { return true }
        let day = DayNumber.date(number)
        if !rule.byMonth.isEmpty && !rule.byMonth.contains(day.month) { return false }
        return rule.byMonthDay.isEmpty || rule.byMonthDay.contains { Self.monthDay($0, of: day) == day.day }
    }

    /// BYMONTHDAY expands within the month (BYDAY then limits); otherwise BYDAY expands.
    private func datesInMonth(_ month: ClosedRange<Int>, weekdayScope: ClosedRange<Int>) -> [Int] {
        guard !rule.byMonthDay.isEmpty else { return expandByDay(in: month) }
        let length = month.count
        let days = rule.byMonthDay.compactMap { value -> Int? in
            let day = value > 0 ? value : length + value + 1
            return (1...length).contains(day) ? month.lowerBound + day - 1 : nil
        }
        if rule.byDay.isEmpty { return days }
        return days.filter { number in rule.byDay.contains { Self.matches(number, $0, in: weekdayScope) } }
    }

    private func expandByDay(in scope: ClosedRange<Int>) -> [Int] {
        rule.byDay.flatMap { entry -> [Int] in
            let first = scope.lowerBound + DayNumber.floorModulo(entry.weekday.rawValue - DayNumber.weekday(scope.lowerBound), 7)
            guard let ordinal = entry.ordinal else { return Array(stride(from: first, through: scope.upperBound, by: 7)) }
            let last = scope.upperBound - DayNumber.floorModulo(DayNumber.weekday(scope.upperBound) - entry.weekday.rawValue, 7)
            let day = ordinal > 0 ? first + 7 * (ordinal - 1) : last + 7 * (ordinal + 1)
            return scope.contains(day) ? [day] : []
        }
    }

    private static func matches(_ number: Int, _ entry: RecurrenceRule.WeekdayNum, in scope: ClosedRange<Int>) -> Bool {
        guard DayNumber.weekday(number) == entry.weekday.rawValue else { return false }
        guard let ordinal = entry.ordinal else { return true }
        return ordinal > 0 ? (number - scope.lowerBound) / 7 + 1 == ordinal : (scope.upperBound - number) / 7 + 1 == -ordinal
    }

    /// BYMONTHDAY value as a day of `day`'s month (-1 → the last day); nil when the month is too short.
    static func monthDay(_ value: Int, of day: CivilDate) -> Int? {
        let resolved = value > 0 ? value : day.daysInMonth + value + 1
        return (1...day.daysInMonth).contains(resolved) ? resolved : nil
    }

    static func pick(positions: [Int], from days: [Int]) -> [Int] {
        let n = days.count
        let indices = positions.compactMap { p -> Int? in
            let index = p > 0 ? p - 1 : n + p
            return (0..<n).contains(index) ? index : nil
        }
        return Set(indices).sorted().map { days[$0] }
    }
}

extension RecurrenceRule {
    /// The rule with what RFC 5545 takes from DTSTART written out: WEEKLY without BYDAY repeats on
    /// the start's weekday, MONTHLY without BYDAY/BYMONTHDAY on its day, YEARLY without either on
    /// its month and day.
    func resolved(start: CivilDate) -> RecurrenceRule {
        guard byDay.isEmpty && byMonthDay.isEmpty else { return self }
        var rule = self
        switch frequency {
        case .daily: break
        case .weekly: rule.byDay = [WeekdayNum(Weekday(of: start))]
        case .monthly: rule.byMonthDay = [start.day]
        case .yearly:
            if byMonth.isEmpty { rule.byMonth = [start.month] }
            rule.byMonthDay = [start.day]
        }
        return rule
    }
}
