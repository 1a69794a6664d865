import Foundation
import Core

/// Reads the date and time texts models send, in every form that has one meaning: ISO dates
/// and date-times ("2027-01-15T09:30:00", with seconds, a fraction, "Z" or an offset), clock
/// times on the 24-hour clock ("09:30", "9.30", "09:30:00"), and whatever the app's own phrase
/// parser (`DatePhrases`) reads: "next friday", "tomorrow at 9am", "9:30am", "noon".
/// A date-time with a zone is an instant: it is read in the user's time zone.
enum DateTimeText {
    /// A day and/or a time read from one text.
    struct Reading: Equatable {
        var date: CivilDate?
        var time: TimeOfDay?
    }

    enum Problem: Error { case ambiguous, unknown }

    /// A date text (a day, perhaps with a time).
    static func date(_ text: String, context: ToolContext) -> Result<Reading, Problem> {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let day = CivilDate(iso: text) { return .success(Reading(date: day)) }
        if let reading = isoDateTime(text, context: context) { return .success(reading) }
        // "03/04/2027": the phrase parser reads it month first, as in the US; elsewhere it is April 3.
        if let m = text.wholeMatch(of: /(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?/), let a = Int(m.1), let b = Int(m.2),
           a != b, (1...12).contains(a), (1...12).contains(b) {
            return .failure(.ambiguous)
        }
        if let match = DatePhrases.parse(text, now: context.now, timeZone: context.timeZone), match.date != nil || match.time != nil {
            return .success(Reading(date: match.date, time: match.time))
        }
        return .failure(.unknown)
    }

    /// A time text (perhaps with a day: a whole date-time sent as the time).
    static func time(_ text: String, context: ToolContext) -> Result<Reading, Problem> {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let time = clock24(text) { return .success(Reading(time: time)) }
        // "9" or "930": which hour, morning or evening, with or without minutes, is a guess.
        if text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) { return .failure(.ambiguous) }
        if let reading = isoDateTime(text, context: context) { return .success(reading) }
        // Without the current time, so "9:30am" stays a time and is not given a day.
        if let match = DatePhrases.parse(text, today: context.today), let time = match.time {
            return .success(Reading(date: match.date, time: time))
        }
        return .failure(.unknown)
    }

    /// "09:30", "9:30", "9.30", "21.15", "09:30:00", "09:30:00.000": hours 0–23, as on the
    /// 24-hour clock the tools' schemas ask for. Seconds are dropped (times are kept to the minute).
    static func clock24(_ text: String) -> TimeOfDay? {
        guard let m = text.wholeMatch(of: /(\d{1,2})[:.](\d{2})(?::(\d{2})(?:[.,]\d+)?)?/),
              let hour = Int(m.1), let minute = Int(m.2), hour < 24, minute < 60,
              (m.3.flatMap { Int($0) } ?? 0) < 60 else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }

    /// "2027-01-15T09:30", "2027-01-15 09:30:00", "2027-01-15T09:30:00.5Z", "…+01:00".
    static func isoDateTime(_ text: String, context: ToolContext) -> Reading? {
        guard let m = text.wholeMatch(of: /(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)(Z|z|[+-]\d{2}(?::?\d{2})?)?/),
              let day = CivilDate(iso: String(m.1)), let time = clock24(String(m.2)) else { return nil }
        guard let zone = m.3.map(String.init) else { return Reading(date: day, time: time) }
        guard let offset = offsetSeconds(zone), let utc = TimeZone(secondsFromGMT: 0) else { return nil }
        let instant = time.date(on: day, in: utc).addingTimeInterval(TimeInterval(-offset))
        return Reading(date: CivilDate(instant, in: context.timeZone), time: TimeOfDay(instant, in: context.timeZone))
    }

    /// "Z" → 0, "+01:00", "+0100", "-05" → seconds east of UTC.
    private static func offsetSeconds(_ zone: String) -> Int? {
        if zone.lowercased() == "z" { return 0 }
        let sign = zone.hasPrefix("-") ? -1 : 1
        let digits = zone.dropFirst().filter(\.isNumber)
        guard let hours = Int(digits.prefix(2)), hours <= 14 else { return nil }
        let minutes = digits.count > 2 ? Int(digits.dropFirst(2)) ?? 60 : 0
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
