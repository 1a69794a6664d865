/// One RFC 5545 RRULE, limited to what a task on a civil day can use: repeats by day, week,
/// month or year (no hours, no BYWEEKNO/BYYEARDAY). Text form: `RecurrenceRule+Text.swift`;
/// dates: `RecurrenceSet+Occurrences.swift`; words: `RecurrenceRule+Summary.swift`.
public struct RecurrenceRule: Equatable, Sendable {
    public enum Frequency: String, CaseIterable, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// Raw values match `CivilDate.mondayBasedWeekday` (0 = Monday).
    public enum Weekday: Int, CaseIterable, Comparable, Sendable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The RFC 5545 two-letter code: "MO".
        public var code: String { Self.codes[rawValue] }
        public var name: String { DateVocabulary.weekdayNames[rawValue] }
        public var shortName: String { String(name.prefix(3)) }

        public init?(code: String) {
            guard let index = Self.codes.firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: index)
        }
        public init(of day: CivilDate) { self.init(rawValue: day.mondayBasedWeekday)! }

        public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
        public static let workdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
        private static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    }

    /// A BYDAY entry (RFC 5545 "weekdaynum"): `MO` (every Monday), `2TU` (the second Tuesday),
    /// `-1FR` (the last Friday) of the month, or of the year in a YEARLY rule without BYMONTH.
    public struct WeekdayNum: Hashable, Sendable {
        public var ordinal: Int?
        public var weekday: Weekday
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.ordinal = ordinal
            self.weekday = weekday
        }
    }

    public var frequency: Frequency
    public var interval: Int
    /// The last day the series may fall on (inclusive).
    public var until: CivilDate?
    /// How many occurrences the rule generates; exception dates still use them up.
    public var count: Int?
    public var byDay: [WeekdayNum]
    /// Days of the month; -1 is the last day.
    public var byMonthDay: [Int]
    public var byMonth: [Int]
    /// Picks among each period's dates: 1 is the first, -1 the last.
    public var bySetPos: [Int]
    /// WKST: the day weeks start on, which decides which weeks a WEEKLY rule with INTERVAL > 1
    /// skips. nil means not written (Monday).
    public var weekStart: Weekday?

    public init(frequency: Frequency, interval: Int = 1, until: CivilDate? = nil, count: Int? = nil,
                byDay: [WeekdayNum] = [], byMonthDay: [Int] = [], byMonth: [Int] = [], bySetPos: [Int] = [],
                weekStart: Weekday? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.until = until
        self.count = count
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
        self.bySetPos = bySetPos
        self.weekStart = weekStart
    }
}

/// A recurrence text that cannot be read; `message` names the part that is wrong.
public struct RecurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// The builders the task form uses.
extension RecurrenceRule {
    public static func daily(interval: Int = 1) -> RecurrenceRule {
        RecurrenceRule(frequency: .daily, interval: interval)
    }

    /// Empty `days` repeats on the start's weekday.
    public static func weekly(interval: Int = 1, on days: [Weekday] = []) -> RecurrenceRule {
        RecurrenceRule(frequency: .weekly, interval: interval, byDay: days.map { WeekdayNum($0) })
    }

    /// Monday to Friday.
    public static var weekdays: RecurrenceRule { weekly(on: Weekday.workdays) }

    /// `dayOfMonth` may be negative: -1 is the last day of each month.
    public static func monthly(interval: Int = 1, dayOfMonth: Int) -> RecurrenceRule {
        RecurrenceRule(frequency: .monthly, interval: interval, byMonthDay: [dayOfMonth])
    }

    /// `nth` 1...5 from the start of the month, -1 the last.
    public static func monthly(interval: Int = 1, nth: Int, weekday: Weekday) -> RecurrenceRule {
        RecurrenceRule(frequency: .monthly, interval: interval, byDay: [WeekdayNum(weekday, ordinal: nth)])
    }

    /// Every year on the start's month and day.
    public static var yearly: RecurrenceRule { RecurrenceRule(frequency: .yearly) }
}
