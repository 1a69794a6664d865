/// When every whole period yields the same number of dates, COUNT can skip periods by multiplying
/// instead of generating them. This proves that number only for shapes where the calendar cannot
/// change it (days that exist in every month, weekdays that occur in every week); anything else
/// returns nil and the expander counts period by period.
extension RecurrenceExpander {
    var occurrencesPerWholePeriod: Int? {
        guard let sizes = candidateCountBounds else { return nil }
        let positions = rule.bySetPos
        if positions.isEmpty { return sizes.lowerBound == sizes.upperBound ? sizes.lowerBound : nil }
        if sizes.lowerBound == sizes.upperBound {
            return Self.pick(positions: positions, from: Array(0..<sizes.lowerBound)).count
        }
        // Periods differ in size, but positions counted from one end that every period reaches
        // always pick that many distinct dates.
        let oneSided = positions.allSatisfy { $0 > 0 } || positions.allSatisfy { $0 < 0 }
        return oneSided && positions.allSatisfy({ abs($0) <= sizes.lowerBound }) ? Set(positions).count : nil
    }

    /// BYSETPOS positions no period can reach ("the 3rd" of a day's single date) mean no dates at
    /// all; knowing it saves `next(after:)` a search through a whole 400-year cycle.
    var setPositionsUnreachable: Bool {
        guard !rule.bySetPos.isEmpty else { return false }
        let most = switch rule.frequency {
        case .daily: 1
        case .weekly: Set(rule.byDay.map(\.weekday)).count
        case .monthly: 31
        case .yearly: 366
        }
        return rule.bySetPos.allSatisfy { abs($0) > most }
    }

    /// The fewest and most dates a whole period can have before BYSETPOS; nil when unknown.
    private var candidateCountBounds: ClosedRange<Int>? {
        let weekdays = Set(rule.byDay.map(\.weekday)).count
        let allPlain = rule.byDay.allSatisfy { $0.ordinal == nil }
        switch rule.frequency {
        case .daily:
            return rule.byMonth.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty ? 1...1 : nil
        case .weekly:
            return rule.byMonth.isEmpty && rule.byMonthDay.isEmpty ? weekdays...weekdays : nil
        case .monthly:
            guard rule.byMonth.isEmpty else { return nil }
            if rule.byDay.isEmpty { return fixed(Self.daysInEveryMonth(rule.byMonthDay, shortest: 28)) }
            guard rule.byMonthDay.isEmpty else { return nil }
            if allPlain { return (4 * weekdays)...(5 * weekdays) }  // each weekday falls 4 or 5 times a month
            let ordinals = rule.byDay.compactMap(\.ordinal)
            guard ordinals.count == rule.byDay.count else { return nil }
            let oneSided = ordinals.allSatisfy { $0 > 0 } || ordinals.allSatisfy { $0 < 0 }
            return oneSided && ordinals.allSatisfy({ abs($0) <= 4 }) ? fixed(Set(rule.byDay).count) : nil
        case .yearly:
            if rule.byDay.isEmpty {
                let months = rule.byMonth.isEmpty ? Array(1...12) : Array(Set(rule.byMonth))
                var total = 0
                for month in months {
                    guard let days = Self.daysInEveryMonth(rule.byMonthDay, shortest: Self.shortestLength(month)) else { return nil }
                    total += days
                }
                return total...total
            }
            guard rule.byMonth.isEmpty && rule.byMonthDay.isEmpty && allPlain else { return nil }
            return (52 * weekdays)...(53 * weekdays)  // each weekday falls 52 or 53 times a year
        }
    }

    private func fixed(_ count: Int?) -> ClosedRange<Int>? { count.map { $0...$0 } }

    /// How many distinct days BYMONTHDAY picks in a month at least `shortest` days long, when that
    /// cannot vary: all counted from the same end (1 and -28 meet in February) and all short enough.
    private static func daysInEveryMonth(_ monthDays: [Int], shortest: Int) -> Int? {
        let oneSided = monthDays.allSatisfy { $0 > 0 } || monthDays.allSatisfy { $0 < 0 }
        return oneSided && monthDays.allSatisfy({ abs($0) <= shortest }) ? Set(monthDays).count : nil
    }

    private static func shortestLength(_ month: Int) -> Int { month == 2 ? 28 : CivilDate.daysIn(year: 2001, month: month) }
}
