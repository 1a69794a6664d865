import Foundation
import Core

/// Lines of a VEVENT the app models but keeps as they came, so a file round-trips byte for byte
/// while the item is unchanged: its EXDATE lines (the days are also in the recurrence) and its
/// alarms (the first one the app models is also `alertMinutes`). Once the item changes them,
/// the app writes its own form instead.
enum KeptEventLines {
    /// The days an EXDATE line names, in the user's zone.
    static func days(of property: ContentLine, zone: TimeZone, notes: inout [String]) throws -> [CivilDate] {
        try property.value.split(separator: ",").map { value in
            var single = property
            single.value = String(value)
            return try DateValues.parse(single, notes: &notes).local(in: zone).day
        }
    }

    /// The EXDATE lines for `days`: the kept ones when they name exactly these days and each is
    /// what `written` makes of its own days (same zone form, same time); else `written(days)`.
    static func exceptions(_ days: [CivilDate], kept extra: String?, zone: TimeZone, written: ([CivilDate]) -> String) -> [String] {
        var notes: [String] = []
        var keptDays: [CivilDate] = []
        var lines: [String] = []
        for chunk in PropertyMapping.keptChunks(extra) where chunk.count == 1 {
            guard let line = try? ContentLine(parsing: chunk[0], line: 0), line.name == "EXDATE" else { continue }
            guard let named = try? Self.days(of: line, zone: zone, notes: &notes), written(named) == equivalentForm(line) else {
                return [written(days)]
            }
            keptDays += named
            lines.append(line.raw)
        }
        return !lines.isEmpty && Set(keptDays) == Set(days) ? lines : [written(days)]
    }

    /// The line as the app would write it: parameters other than TZID and VALUE=DATE dropped,
    /// VALUE=DATE-TIME (the default) too.
    private static func equivalentForm(_ line: ContentLine) -> String {
        let parameters = line.parameters.filter { $0.name == "TZID" || ($0.name == "VALUE" && $0.values.first?.uppercased() == "DATE") }
        return ContentLine(name: "EXDATE", parameters: parameters, value: line.value).raw
    }

    /// The first kept alarm the app models (as `alertMinutes`), with its minutes.
    static func modelledAlarm(in extra: String?) -> (block: [String], minutes: Int)? {
        for chunk in PropertyMapping.keptChunks(extra) where chunk.first?.uppercased() == "BEGIN:VALARM" {
            let properties = chunk.dropFirst().dropLast().compactMap { try? ContentLine(parsing: $0, line: 0) }
            if let minutes = EventMapping.alertMinutes(Component(name: "VALARM", properties: properties)) { return (chunk, minutes) }
        }
        return nil
    }
}
