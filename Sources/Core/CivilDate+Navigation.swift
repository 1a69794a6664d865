import Foundation

/// Week and month arithmetic the date phrases need. Weeks start on Monday (ISO 8601).
extension CivilDate {
    /// 0 = Monday ... 6 = Sunday.
    public var mondayBasedWeekday: Int { (weekday + 5) % 7 }

    /// The Monday of this day's week.
    public var startOfWeek: CivilDate { adding(days: -mondayBasedWeekday) }

    /// The Sunday of this day's week.
    public var endOfWeek: CivilDate { startOfWeek.adding(days: 6) }

    public var lastOfMonth: CivilDate { CivilDate(year: year, month: month, day: daysInMonth) }

    /// The first day on or after this one (or strictly after, when `includingSelf` is false)
    /// that falls on `weekday` (0 = Monday ... 6 = Sunday).
    public func next(weekday: Int, includingSelf: Bool) -> CivilDate {
        var ahead = (weekday - mondayBasedWeekday + 7) % 7
        if ahead == 0 && !includingSelf { ahead = 7 }
        return adding(days: ahead)
    }

    /// The day as people say it: "Friday, 4 December 2026".
    public var spokenEnglish: String {
        "\(DateVocabulary.weekdayNames[mondayBasedWeekday]), \(day) \(DateVocabulary.monthNames[month - 1]) \(year)"
    }

    /// A real calendar day, or nil (February 30, month 13).
    static func valid(year: Int, month: Int, day: Int) -> CivilDate? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(year: year, month: month) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
