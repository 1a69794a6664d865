import Foundation
import Core
import Storage
import Interop

/// `aihelper import` of a 10,000-event .ics, in-process: reading (unfolding, parsing, mapping)
/// and storing (one journaled transaction) timed apart; then the same file again (all unchanged).
enum ImportBenchmark {
    /// Events as calendar programs write them: timed ones in a TZID, all-day ones, alarms,
    /// categories, recurrence, a long folded description, and lines kept verbatim.
    static func calendar(events: Int) -> Data {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"]
        for i in 0..<events {
            let day = CivilDate(year: 2026, month: 1, day: 1).adding(days: i % 730)
            let date = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            lines += ["BEGIN:VEVENT", "UID:bench-\(i)@example.org", "DTSTAMP:20260101T000000Z", "SUMMARY:Event number \(i) with a title"]
            if i % 5 == 0 {
                lines += ["DTSTART;VALUE=DATE:\(date)", "DTEND;VALUE=DATE:\(date)"]
            } else {
                lines += [String(format: "DTSTART;TZID=America/New_York:%@T%02d%02d00", date, 8 + i % 10, (i % 4) * 15), "DURATION:PT45M"]
            }
            lines += ["DESCRIPTION:" + String(repeating: "Notes for this event\\, with details. ", count: 4),
                      "CATEGORIES:\(["Work", "Home", "Health"][i % 3])", "PRIORITY:\(i % 10)", "LOCATION:Room \(i % 40)",
                      "X-BENCH-KEPT;X-PARAM=yes:value \(i)"]
            if i % 7 == 0 { lines.append("RRULE:FREQ=WEEKLY;COUNT=10") }
            if i % 3 == 0 { lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM"] }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return Data(ContentFolding.fold(lines).utf8)
    }

    struct Outcome {
        var read: Duration, store: Duration, reimport: Duration, bytes: Int, stored: Int
    }

    static func measure(events: Int) throws -> Outcome {
        let data = calendar(events: events)
        let database = try AppDatabase.temporary()
        let clock = ContinuousClock()
        var contents = ICalendarContents()
        let read = try clock.measure { contents = try ICalendar.read(data, zone: TimeZone(identifier: "Europe/Berlin")!) }
        let store = try clock.measure { _ = try database.importCalendar(tasks: contents.tasks, todos: [], subtasks: [], label: "bench") }
        let reimport = try clock.measure {
            let again = try ICalendar.read(data, zone: TimeZone(identifier: "Europe/Berlin")!)
            _ = try database.importCalendar(tasks: again.tasks, todos: [], subtasks: [], label: "bench again")
        }
        let stored = try database.allTasks().count
        return Outcome(read: read, store: store, reimport: reimport, bytes: data.count, stored: stored)
    }
}
