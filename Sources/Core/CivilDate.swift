import Foundation

/// A calendar day with no time zone: what a task is "on". Stored as "YYYY-MM-DD"
/// so a task never moves to another day when the time zone or DST changes.
public struct CivilDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone = .current) {
        let c = CivilDate.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(year: c.year!, month: c.month!, day: c.day!)
    }

    /// Parses "YYYY-MM-DD"; nil when it is not a real date.
    public init?(iso: String) {
        // The stored form, "YYYY-MM-DD", read from its bytes: splitting made three substrings
        // and three Ints per date (10,000 series are read at start-up).
        var text = iso
        if let (y, m, d) = text.withUTF8({ b -> (Int, Int, Int)? in
            guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
                  let y = Self.digits(b, 0, 4), let m = Self.digits(b, 5, 2), let d = Self.digits(b, 8, 2) else { return nil }
            return (y, m, d)
        }) {
            guard (1...12).contains(m), d >= 1, d <= CivilDate.daysIn(year: y, month: m) else { return nil }
            self.init(year: y, month: m, day: d)
            return
        }
        let parts = iso.split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= CivilDate.daysIn(year: y, month: m) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `length` decimal digits from `from`; nil at anything else.
    static func digits(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ length: Int) -> Int? {
        var value = 0
        for i in from..<(from + length) {
            let d = Int(b[i]) &- 48
            guard d >= 0, d <= 9 else { return nil }
            value = value * 10 + d
        }
        return value
    }

    public var iso: String { padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) }
    public var description: String { iso }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Midnight of this day in `timeZone`.
    public func startDate(in timeZone: TimeZone = .current) -> Date {
        CivilDate.calendar(timeZone).date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// 1 = Sunday ... 7 = Saturday (Gregorian).
    public var weekday: Int {
        CivilDate.calendar(TimeZone(identifier: "UTC")!)
            .component(.weekday, from: startDate(in: TimeZone(identifier: "UTC")!))
    }

    public func adding(days: Int) -> CivilDate {
        let utc = TimeZone(identifier: "UTC")!
        let d = CivilDate.calendar(utc).date(byAdding: .day, value: days, to: startDate(in: utc))!
        return CivilDate(d, in: utc)
    }

    /// Adds months, clamping the day to the month's length (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> CivilDate {
        let total = (year * 12 + (month - 1)) + months
        let y = total / 12, m = total % 12 + 1
        return CivilDate(year: y, month: m, day: min(day, CivilDate.daysIn(year: y, month: m)))
    }

    public func days(until other: CivilDate) -> Int {
        let utc = TimeZone(identifier: "UTC")!
        return CivilDate.calendar(utc).dateComponents([.day], from: startDate(in: utc), to: other.startDate(in: utc)).day!
    }

    public var firstOfMonth: CivilDate { CivilDate(year: year, month: month, day: 1) }
    public var daysInMonth: Int { CivilDate.daysIn(year: year, month: month) }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func today(in timeZone: TimeZone = .current) -> CivilDate { CivilDate(Date(), in: timeZone) }

    static func calendar(_ tz: TimeZone) -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = tz
        return c
    }
}

/// A wall-clock time of day, minute precision. Stored as "HH:mm".
public struct TimeOfDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// The wall-clock time of `date` in `timeZone`, to the minute.
    public init(_ date: Date, in timeZone: TimeZone = .current) {
        let c = CivilDate.calendar(timeZone).dateComponents([.hour, .minute], from: date)
        self.init(hour: c.hour!, minute: c.minute!)
    }

    /// Parses "HH:mm" (24-hour); nil when out of range.
    public init?(hhmm: String) {
        var text = hhmm
        if let (h, m) = text.withUTF8({ b -> (Int, Int)? in
            guard b.count == 5, b[2] == UInt8(ascii: ":"), let h = CivilDate.digits(b, 0, 2), let m = CivilDate.digits(b, 3, 2) else { return nil }
            return (h, m)
        }) {
            guard (0...23).contains(h), (0...59).contains(m) else { return nil }
            self.init(hour: h, minute: m)
            return
        }
        let parts = hhmm.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        self.init(hour: h, minute: m)
    }

    public var hhmm: String { padded(hour, 2) + ":" + padded(minute, 2) }
    public var description: String { hhmm }
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutesSinceMidnight < b.minutesSinceMidnight }

    /// The instant this time falls on `day` in `timeZone`.
    public func date(on day: CivilDate, in timeZone: TimeZone = .current) -> Date {
        CivilDate.calendar(timeZone).date(from: DateComponents(
            year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))!
    }
}

/// `String(format: "%0*d", width, n)` without the formatter (dates are bound per row on import:
/// the formatter was 5% of a 100,000-event import).
func padded(_ n: Int, _ width: Int) -> String {
    guard n >= 0 else { return String(format: "%0*d", width, n) }
    let digits = String(n)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
