/// The days a recurring task falls on. `start` is the task's due date (DTSTART); as in RFC 5545
/// implementations (python-dateutil), it is an occurrence only when it matches the rule.
/// COUNT counts the dates the rule generates, so an EXDATE day still uses one up.
extension RecurrenceSet {
    /// The occurrences inside `range`, in order. Cost grows with the periods inside the range,
    /// not with the years between `start` and the range.
    public func occurrences(start: CivilDate, in range: ClosedRange<CivilDate>) -> [CivilDate] {
        let excluded = Set(exceptionDates)
        var days: [CivilDate] = []
        RecurrenceExpander(rule: rule, start: start).walk(from: range.lowerBound, through: range.upperBound) { day in
            if !excluded.contains(day) { days.append(day) }
            return true
        }
        let extras = extraDates.filter { range.contains($0) && !excluded.contains($0) }
        return applyingMoved(extras.isEmpty ? days : Array(Set(days + extras)).sorted(), in: range, excluded: excluded)
    }

    /// The first occurrence strictly after `day` (for the next reminder); nil when the series has ended.
    public func next(after day: CivilDate, start: CivilDate) -> CivilDate? {
        let excluded = Set(exceptionDates)
        let movedAway = Set(moved.map(\.from))
        var found: CivilDate?
        RecurrenceExpander(rule: rule, start: start).walk(from: day.adding(days: 1), through: nil) { candidate in
            if excluded.contains(candidate) || movedAway.contains(candidate) { return true }
            found = candidate
            return false
        }
        let extra = extraDates.first { $0 > day && !excluded.contains($0) && !movedAway.contains($0) }
        let arrived = moved.compactMap(\.to).filter { $0 > day && !excluded.contains($0) }.min()
        return [found, extra, arrived].compactMap { $0 }.min()
    }

    public func isOccurrence(_ day: CivilDate, start: CivilDate) -> Bool {
        !occurrences(start: start, in: day...day).isEmpty
    }
}
