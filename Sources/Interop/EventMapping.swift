import Foundation
import Core

/// VEVENT ↔ TaskItem (the mapping table is in docs/interop.md).
enum EventMapping {
    /// Marks the DTSTART of a task without a date (written only because a VEVENT needs one).
    static let undated = "X-AIHELPER-UNDATED"

    /// Reads a VEVENT. Times are converted to the civil day and clock time of `zone`.
    static func task(from event: Component, zone: TimeZone, notes: inout [String], now: Date) throws -> TaskItem {
        var task = TaskItem(uid: PropertyMapping.uid(of: event), title: "", createdAt: now, updatedAt: now)
        var kept: [String] = []
        var start: DateValue?
        var startLine: ContentLine?
        var end: (value: DateValue, line: Int)?
        var durationSeconds: Int?
        var categories: [String] = []
        var undated = false
        var exdates: [CivilDate] = []
        for property in event.properties {
            switch property.name {
            case "UID", "DTSTAMP": break
            case "SUMMARY": task.title = ContentText.unescape(property.value)
            case "DESCRIPTION": task.notes = ContentText.unescape(property.value)
            case "DTSTART":
                start = try DateValues.parse(property, notes: &notes)
                startLine = property
            case "DTEND": end = (try DateValues.parse(property, notes: &notes), property.line)
            case "DURATION":
                guard let seconds = DateValues.duration(property.value) else {
                    throw InteropError(line: property.line, "DURATION has the value “\(property.value)”, which is not a duration",
                                       hint: "write a duration as PT1H30M, P1D or P2W")
                }
                durationSeconds = seconds
            case "CATEGORIES": categories += ContentText.list(property.value)
            case "PRIORITY":
                let number = Int(property.value.trimmedSpaces) ?? 0
                task.priority = PropertyMapping.priority(number)
                // 2, 3, 4, 6, 7, 8 are kept so they are written back as they were.
                if PropertyMapping.number(task.priority) != number && number != 0 { kept.append(property.raw) }
            case "STATUS":
                if property.value.uppercased() == "COMPLETED" { task.completed = true } else { kept.append(property.raw) }
            case "COMPLETED":
                task.completed = true
                if case .instant(let instant) = try DateValues.parse(property, notes: &notes) { task.completedAt = instant }
                else { kept.append(property.raw) }
            case "RRULE": task.recurrence = [task.recurrence, property.raw].compactMap { $0 }.joined(separator: "\n")  // as written
            case "EXDATE":
                exdates += try KeptEventLines.days(of: property, zone: zone, notes: &notes)
                kept.append(property.raw)  // written back as it came while it says the same (KeptEventLines)
            case "X-AIHELPER-LIST": task.list = ContentText.unescape(property.value)
            case Self.undated: undated = true
            default: kept.append(property.raw)
            }
        }
        if let first = categories.first {
            task.category = PropertyMapping.category(first)
            if categories.count > 1 {
                kept.append("CATEGORIES:" + categories.dropFirst().map(ContentText.escape).joined(separator: ","))
            }
        }
        if !exdates.isEmpty {
            let line = "EXDATE;VALUE=DATE:" + exdates.map(DateValues.format).joined(separator: ",")
            task.recurrence = [task.recurrence, line].compactMap { $0 }.joined(separator: "\n")
        }
        if let start, !undated {
            // A UTC or TZID start is kept, so the export writes it in its zone (EventTimes).
            if EventTimes.keeps(start), let startLine { kept.append(startLine.raw) }
            let local = start.local(in: zone)
            task.dueDate = local.day
            task.dueTime = local.time
            if let end { task.durationMinutes = try minutes(from: start, to: end.value, zone: zone, line: end.line) }
            else if let durationSeconds { task.durationMinutes = durationSeconds / 60 }
        }
        for child in event.children {
            // Every alarm is kept as it came; the first one the app models gives the alert.
            if child.name == "VALARM", task.alertMinutes == nil, let minutes = alertMinutes(child) { task.alertMinutes = minutes }
            kept += child.rawLines
        }
        if task.title.isEmpty { task.title = "(no title)" }
        task.extra = PropertyMapping.joinedExtra(kept)
        return task
    }

    /// Minutes from DTSTART to DTEND (whole days for dates).
    private static func minutes(from start: DateValue, to end: DateValue, zone: TimeZone, line: Int) throws -> Int {
        func instant(_ value: DateValue) -> Date {
            switch value {
            case .date(let day): return day.startDate(in: DateValues.utc)
            case .floating(let day, let time): return time.date(on: day, in: zone)
            case .instant(let date): return date
            }
        }
        let minutes: Int
        if case .date(let a) = start, case .date(let b) = end { minutes = a.days(until: b) * 1_440 }
        else { minutes = Int(instant(end).timeIntervalSince(instant(start)) / 60) }
        guard minutes >= 0 else {
            throw InteropError(line: line, "DTEND is before DTSTART", hint: "swap them, or remove DTEND")
        }
        return minutes
    }

    /// Minutes before the start of a VALARM whose TRIGGER is a duration relative to the start,
    /// at or before it; nil for any other alarm (kept verbatim instead).
    static func alertMinutes(_ alarm: Component) -> Int? {
        guard let trigger = alarm.first("TRIGGER"), trigger.parameter("VALUE") != "DATE-TIME",
              trigger.parameter("RELATED").map({ $0.uppercased() == "START" }) ?? true,
              let seconds = DateValues.duration(trigger.value), seconds <= 0, seconds % 60 == 0 else { return nil }
        return -seconds / 60
    }

    // MARK: Writing

    /// The VEVENT lines of `task` (unfolded), with its kept lines after the modelled ones.
    /// `zone` is the one the task's day and time are clock times in.
    static func lines(_ task: TaskItem, stamp: Date, zone: TimeZone) -> [String] {
        var lines = ["BEGIN:VEVENT", "UID:" + task.uid, "DTSTAMP:" + DateValues.formatUTC(stamp)]
        lines.append("SUMMARY:" + ContentText.escape(task.title))
        if !task.notes.isEmpty { lines.append("DESCRIPTION:" + ContentText.escape(task.notes)) }
        let times = EventTimes(extra: task.extra, zone: zone)
        if let day = task.dueDate {
            if let time = task.dueTime {
                lines.append(times.line("DTSTART", day, time))
                if let minutes = task.durationMinutes { lines.append(times.line("DTEND", day, time, plus: minutes)) }
            } else {
                lines.append("DTSTART;VALUE=DATE:" + DateValues.format(day))
                if let minutes = task.durationMinutes {
                    let days = max(1, (minutes + 1_439) / 1_440)
                    lines.append("DTEND;VALUE=DATE:" + DateValues.format(day.adding(days: days)))
                }
            }
        } else {
            // A VEVENT needs a DTSTART (RFC 5545 §3.6.1; Radicale refuses one without): the day
            // it is written on, marked so that reading it back gives a task without a date.
            lines += ["DTSTART;VALUE=DATE:" + DateValues.formatUTC(stamp).prefix(8), Self.undated + ":TRUE"]
        }
        lines += recurrenceLines(task, times: times, zone: zone)
        if let category = task.category { lines.append("CATEGORIES:" + ContentText.escape(category)) }
        if let kept = PropertyMapping.keptLine("PRIORITY", in: task.extra),
           PropertyMapping.priority(Int(kept.value) ?? 0) == task.priority {
            lines.append(kept.raw)
        } else if let number = PropertyMapping.number(task.priority) {
            lines.append("PRIORITY:\(number)")
        }
        if let status = PropertyMapping.statusLine(completed: task.completed, extra: task.extra, open: nil) { lines.append(status) }
        if task.completed, let at = task.completedAt { lines.append("COMPLETED:" + DateValues.formatUTC(at)) }
        if let list = task.list { lines.append("X-AIHELPER-LIST:" + ContentText.escape(list)) }
        var dropped: Set<String> = ["PRIORITY", "STATUS", "DTSTART", "EXDATE"]
        if !task.completed { dropped.insert("COMPLETED") }
        let keptAlarm = KeptEventLines.modelledAlarm(in: task.extra)
        let alarmChanged = keptAlarm?.minutes != task.alertMinutes
        lines += PropertyMapping.keptLines(task.extra, dropping: dropped.union(PropertyMapping.regenerated)) { alarmChanged && $0 == keptAlarm?.block }
        if let minutes = task.alertMinutes, alarmChanged {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ContentText.escape(task.title),
                      "TRIGGER:" + DateValues.formatDuration(minutes: -minutes), "END:VALARM"]
        }
        lines.append("END:VEVENT")
        return lines + RecurrenceOverrides.blocks(in: task.extra)
    }

    /// RRULE as stored, its UNTIL in DTSTART's value type; EXDATE days written as dates for
    /// all-day tasks and as date-times at the task's time for timed ones, in DTSTART's form
    /// (recurrence libraries match exceptions by value type).
    private static func recurrenceLines(_ task: TaskItem, times: EventTimes, zone: TimeZone) -> [String] {
        RecurrenceOverrides.written(task.recurrence).flatMap { line -> [String] in
            let upper = line.uppercased()
            if upper.hasPrefix("RRULE:"), let range = line.range(of: "UNTIL=", options: .caseInsensitive) {
                let rest = line[range.upperBound...]
                let value = rest.prefix { $0 != ";" }
                return [String(line[..<range.upperBound]) + times.until(String(value), timed: task.dueTime != nil)
                    + String(rest.dropFirst(value.count))]
            }
            guard upper.hasPrefix("EXDATE"), let colon = line.firstIndex(of: ":") else { return [line] }
            let days = line[line.index(after: colon)...].split(separator: ",").compactMap { value -> CivilDate? in
                guard value.count >= 8 else { return nil }
                return CivilDate(iso: "\(value.prefix(4))-\(value.dropFirst(4).prefix(2))-\(value.dropFirst(6).prefix(2))")
            }
            let exceptions = { (days: [CivilDate]) in task.dueTime.map { times.exceptions(days, at: $0) } ?? "EXDATE;VALUE=DATE:" + days.map(DateValues.format).joined(separator: ",") }
            return KeptEventLines.exceptions(days, kept: task.extra, zone: zone, written: exceptions)
        }
    }
}
