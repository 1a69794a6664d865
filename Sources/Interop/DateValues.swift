import Foundation
import Core

/// A DATE or DATE-TIME property value (RFC 5545 §3.3.4–3.3.5).
public enum DateValue: Equatable, Sendable {
    /// VALUE=DATE: a whole day.
    case date(CivilDate)
    /// A wall-clock time with no zone: the same clock time wherever it is read.
    case floating(CivilDate, TimeOfDay)
    /// An instant: a UTC time (…Z) or a time in a known TZID.
    case instant(Date)

    /// The day and clock time in `zone` (nil time for a whole day).
    public func local(in zone: TimeZone) -> (day: CivilDate, time: TimeOfDay?) {
        switch self {
        case .date(let day): return (day, nil)
        case .floating(let day, let time): return (day, time)
        case .instant(let instant):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            return (CivilDate(year: c.year!, month: c.month!, day: c.day!), TimeOfDay(hour: c.hour!, minute: c.minute!))
        }
    }

    public var isDate: Bool { if case .date = self { return true } else { return false } }
}

/// Reads and writes DATE, DATE-TIME and DURATION values.
public enum DateValues {
    /// Reads a date property. `notes` collects what was guessed (an unknown TZID read as floating).
    public static func parse(_ property: ContentLine, notes: inout [String]) throws -> DateValue {
        let text = property.value.trimmedSpaces
        func bad() -> InteropError {
            InteropError(line: property.line, "\(property.name) has the value “\(text)”, which is not a date",
                         hint: "write a date as 20261201 (with VALUE=DATE) or a date and time as 20261201T090000 (Z for UTC)")
        }
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, let day = civilDate(bytes[0..<8]) else { throw bad() }
        if bytes.count == 8 { return .date(day) }
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
              let hour = number(bytes[9..<11]), let minute = number(bytes[11..<13]), let second = number(bytes[13..<15]),
              hour < 24, minute < 60, second <= 60 else { throw bad() }
        let time = TimeOfDay(hour: hour, minute: minute)
        if bytes.count == 16 { return .instant(time.date(on: day, in: utc).addingTimeInterval(Double(second))) }
        if let tzid = property.parameter("TZID") {
            if let zone = timeZone(tzid) {
                return .instant(zoned(day, time, second: second, in: zone))
            }
            notes.append("line \(property.line): unknown time zone “\(tzid)”: read \(text) as local time")
        }
        return .floating(day, time)
    }

    /// The instant a wall-clock time names in `zone`. In the hour skipped by a DST change the
    /// clock time is read with the offset before the change (RFC 5545 §3.3.5), as Foundation does.
    static func zoned(_ day: CivilDate, _ time: TimeOfDay, second: Int, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day,
                                                  hour: time.hour, minute: time.minute, second: second))!
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// The system's zone a TZID names ("Europe/Berlin", or "/Europe/Berlin" as some writers put it).
    static func timeZone(_ tzid: String) -> TimeZone? {
        TimeZone(identifier: tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        return value
    }

    private static func civilDate(_ bytes: ArraySlice<UInt8>) -> CivilDate? {
        let start = bytes.startIndex
        guard let y = number(bytes[start..<start + 4]), let m = number(bytes[start + 4..<start + 6]),
              let d = number(bytes[start + 6..<start + 8]), (1...12).contains(m), d >= 1,
              d <= CivilDate.daysIn(year: y, month: m) else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    // MARK: Writing

    /// "20261201"
    public static func format(_ day: CivilDate) -> String { String(format: "%04d%02d%02d", day.year, day.month, day.day) }

    /// "20261201T090000" (floating)
    public static func format(_ day: CivilDate, _ time: TimeOfDay) -> String {
        format(day) + String(format: "T%02d%02d00", time.hour, time.minute)
    }

    /// "20261201T090000Z"
    public static func formatUTC(_ instant: Date) -> String { formatLocal(instant, in: utc) + "Z" }

    /// "20261201T100000": the clock time of `instant` in `zone`, to the second.
    static func formatLocal(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    // MARK: Durations (RFC 5545 §3.3.6)

    /// Seconds of "PT1H30M", "P1D", "-PT15M", "P0DT1H30M0S", "P2W"; nil when it is not a duration.
    public static func duration(_ text: String) -> Int? {
        var chars = Substring(text.trimmedSpaces.uppercased())
        var sign = 1
        if chars.first == "-" { sign = -1; chars.removeFirst() } else if chars.first == "+" { chars.removeFirst() }
        guard chars.first == "P" else { return nil }
        chars.removeFirst()
        var total = 0, number: Int?, inTime = false, sawUnit = false
        for c in chars {
            if let digit = c.wholeNumberValue, c.isASCII {
                number = (number ?? 0) * 10 + digit
                continue
            }
            if c == "T" { guard number == nil, !inTime else { return nil }; inTime = true; continue }
            guard let n = number else { return nil }
            switch (c, inTime) {
            case ("W", false): total += n * 604_800
            case ("D", false): total += n * 86_400
            case ("H", true): total += n * 3_600
            case ("M", true): total += n * 60
            case ("S", true): total += n
            default: return nil
            }
            number = nil
            sawUnit = true
        }
        guard sawUnit, number == nil else { return nil }
        return sign * total
    }

    /// "PT1H30M", "P1D", "P1DT2H", "PT0S" for a number of minutes (negative: "-PT15M").
    public static func formatDuration(minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : ""
        let m = abs(minutes)
        let days = m / 1_440, hours = (m % 1_440) / 60, rest = m % 60
        var text = sign + "P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || rest > 0 || days == 0 { text += "T" }
        if hours > 0 { text += "\(hours)H" }
        if rest > 0 { text += "\(rest)M" }
        if m == 0 { text += "0S" }
        return text
    }
}
