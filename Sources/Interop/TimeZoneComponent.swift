import Foundation

/// VTIMEZONE blocks (RFC 5545 §3.6.5) for the TZIDs an export names, made from the system's
/// zone database: every TZID parameter must name a VTIMEZONE of the file.
enum TimeZoneComponent {
    /// The blocks for the known TZIDs in `lines` (unfolded content lines): each lists the
    /// zone's changes from the year before the first value naming it through ten years after
    /// the later of the last such value and `now`.
    static func blocks(for lines: [String], now: Date) -> [String] {
        var years: [String: ClosedRange<Int>] = [:]
        for text in lines where text.contains("TZID=") {
            guard let line = try? ContentLine(parsing: text, line: 0), let tzid = line.parameter("TZID"),
                  DateValues.timeZone(tzid) != nil, let year = Int(line.value.prefix(4)) else { continue }
            let known = years[tzid] ?? year...year
            years[tzid] = min(known.lowerBound, year)...max(known.upperBound, year)
        }
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: now)
        return years.keys.sorted().flatMap { tzid in
            let span = years[tzid]!
            return block(tzid: tzid, zone: DateValues.timeZone(tzid)!, years: (span.lowerBound - 1)...(max(span.upperBound, thisYear) + 10))
        }
    }

    /// One STANDARD or DAYLIGHT part per kind of change (its later onsets as RDATEs), onsets in
    /// the local time before the change; a zone without changes gets one STANDARD part.
    static func block(tzid: String, zone: TimeZone, years: ClosedRange<Int>) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = DateValues.utc
        var moment = calendar.date(from: DateComponents(year: years.lowerBound, month: 1, day: 1))!
        let end = calendar.date(from: DateComponents(year: years.upperBound + 1, month: 1, day: 1))!
        var parts: [(daylight: Bool, from: Int, to: Int, onsets: [String])] = []
        var offset = zone.secondsFromGMT(for: moment)
        while let next = zone.nextDaylightSavingTimeTransition(after: moment), next < end {
            let to = zone.secondsFromGMT(for: next), daylight = zone.isDaylightSavingTime(for: next)
            let onset = DateValues.formatLocal(next, in: TimeZone(secondsFromGMT: offset) ?? DateValues.utc)
            if let i = parts.firstIndex(where: { $0.daylight == daylight && $0.from == offset && $0.to == to }) {
                parts[i].onsets.append(onset)
            } else {
                parts.append((daylight, offset, to, [onset]))
            }
            offset = to
            moment = next
        }
        if parts.isEmpty { parts = [(false, offset, offset, [String(format: "%04d0101T000000", years.lowerBound)])] }
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + tzid]
        for part in parts {
            let kind = part.daylight ? "DAYLIGHT" : "STANDARD"
            lines += ["BEGIN:" + kind, "DTSTART:" + part.onsets[0], "TZOFFSETFROM:" + offsetText(part.from), "TZOFFSETTO:" + offsetText(part.to)]
            if part.onsets.count > 1 { lines.append("RDATE:" + part.onsets.dropFirst().joined(separator: ",")) }
            lines.append("END:" + kind)
        }
        return lines + ["END:VTIMEZONE"]
    }

    /// "+0100", "-0430", "+053328" (seconds only when there are some).
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+", value = abs(seconds)
        let text = String(format: "%@%02d%02d", sign, value / 3600, (value % 3600) / 60)
        return value % 60 == 0 ? text : text + String(format: "%02d", value % 60)
    }
}
