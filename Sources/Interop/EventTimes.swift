import Foundation
import Core

/// How a task's date-times are written (DTSTART, DTEND, EXDATE, RRULE's UNTIL), so a time keeps
/// its zone through import → store → export.
///
/// The app keeps a task as a day and a clock time in the user's zone. A task imported with a
/// UTC (`…Z`) or TZID start keeps that DTSTART line in `extra` and is written back in the same
/// form: the line itself while the day and time are unchanged, else the new time in that zone.
/// Other timed tasks are floating (the app's own); all-day tasks are dates. EXDATE and UNTIL
/// take the value type of DTSTART, as RFC 5545 §3.3.10 and §3.8.5.1 ask.
struct EventTimes {
    enum Form: Equatable {
        case floating, utc
        case zoned(tzid: String, zone: TimeZone)
    }

    let form: Form
    /// The kept DTSTART line and the instant it names.
    private let original: (line: ContentLine, instant: Date)?
    /// The user's zone: the task's day and time are its clock.
    private let zone: TimeZone

    /// `property`: the kept line that sets the form (a VTODO's DUE has it too).
    init(extra: String?, zone: TimeZone, property: String = "DTSTART") {
        self.zone = zone
        var notes: [String] = []
        guard let line = PropertyMapping.keptLine(property, in: extra),
              case .instant(let instant)? = try? DateValues.parse(line, notes: &notes) else {
            form = .floating
            original = nil
            return
        }
        original = (line, instant)
        if let tzid = line.parameter("TZID"), let named = DateValues.timeZone(tzid) {
            form = .zoned(tzid: tzid, zone: named)
        } else {
            form = .utc
        }
    }

    /// True for a DTSTART that names an instant: its line is kept in `extra` on import.
    static func keeps(_ start: DateValue) -> Bool { if case .instant = start { return true } else { return false } }

    /// DTSTART of a task at `time` on `day`; DTEND with `plus` minutes.
    func line(_ name: String, _ day: CivilDate, _ time: TimeOfDay, plus minutes: Int = 0) -> String {
        guard form != .floating else {
            let total = time.minutesSinceMidnight + minutes
            return name + ":" + DateValues.format(day.adding(days: total / 1_440), TimeOfDay(hour: (total % 1_440) / 60, minute: total % 60))
        }
        if minutes == 0, let original, isOriginal(day, time) { return original.line.raw }
        return name + parametersAndValues([instant(day, time).addingTimeInterval(Double(minutes * 60))])
    }

    /// EXDATE of the given days at the task's time.
    func exceptions(_ days: [CivilDate], at time: TimeOfDay) -> String {
        guard form != .floating else { return "EXDATE:" + days.map { DateValues.format($0, time) }.joined(separator: ",") }
        return "EXDATE" + parametersAndValues(days.map { instant($0, time) })
    }

    /// An RRULE's UNTIL value in DTSTART's value type: a date for an all-day task, floating or
    /// UTC for a timed one (a day ends at 23:59:59 in the user's zone).
    func until(_ value: String, timed: Bool) -> String {
        let bytes = Array(value.utf8)
        guard bytes.count >= 8, let day = CivilDate(iso: "\(value.prefix(4))-\(value.dropFirst(4).prefix(2))-\(value.dropFirst(6).prefix(2))")
        else { return value }
        let isUTC = bytes.last == UInt8(ascii: "Z") && bytes.count == 16
        var notes: [String] = []
        let instant: Date
        if bytes.count == 8 {
            instant = DateValues.zoned(day, TimeOfDay(hour: 23, minute: 59), second: 59, in: zone)
        } else if let parsed = try? DateValues.parse(ContentLine(name: "UNTIL", value: value), notes: &notes) {
            switch parsed {
            case .instant(let date): instant = date
            case .floating(let day, let time): instant = time.date(on: day, in: zone)
            case .date: return value
            }
        } else {
            return value
        }
        if !timed { return bytes.count == 8 ? value : DateValues.format(DateValue.instant(instant).local(in: zone).day) }
        switch form {
        case .floating: return bytes.count == 15 ? value : DateValues.formatLocal(instant, in: zone)
        case .utc, .zoned: return isUTC ? value : DateValues.formatUTC(instant)
        }
    }

    /// ":v1,v2" (UTC) or ";TZID=…:v1,v2" (that zone's clock).
    private func parametersAndValues(_ instants: [Date]) -> String {
        switch form {
        case .floating, .utc: return ":" + instants.map(DateValues.formatUTC).joined(separator: ",")
        case .zoned(let tzid, let named):
            return ";TZID=" + ContentLine.quotedIfNeeded(tzid) + ":" + instants.map { DateValues.formatLocal($0, in: named) }.joined(separator: ",")
        }
    }

    /// The instant of `time` on `day` in the user's zone (the original's, to the second, when it is that).
    private func instant(_ day: CivilDate, _ time: TimeOfDay) -> Date {
        if let original, isOriginal(day, time) { return original.instant }
        return time.date(on: day, in: zone)
    }

    private func isOriginal(_ day: CivilDate, _ time: TimeOfDay) -> Bool {
        guard let original else { return false }
        let local = DateValue.instant(original.instant).local(in: zone)
        return local.day == day && local.time == time
    }
}
