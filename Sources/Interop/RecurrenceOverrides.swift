import Foundation
import Core

/// Changed or cancelled occurrences of a series (RFC 5545 §3.8.4.4): VEVENTs and VTODOs with
/// the series' UID and a RECURRENCE-ID. They stay with their series as one item: each is kept
/// verbatim as a block in the series' `extra` (a top-level BEGIN:VEVENT/VTODO there is always
/// an override) and written back unchanged after it, in the same VCALENDAR. For the calendar,
/// a VEVENT override also adds an `X-AIHELPER-MOVED` line to the series' recurrence (where the
/// occurrence went, or that it was cancelled: `RecurrenceSet.Moved`); that line is never written.
enum RecurrenceOverrides {
    static func isOverride(_ component: Component) -> Bool { component.first("RECURRENCE-ID") != nil }

    /// The kept override blocks of `extra`, to write after the item.
    static func blocks(in extra: String?) -> [String] {
        PropertyMapping.keptChunks(extra).filter(KeptLines.isOverride).flatMap { $0 }
    }

    /// Keeps `overrides` with the series `task`: their blocks in `extra`, their moves in the recurrence.
    static func attach(_ overrides: [Component], to task: inout TaskItem, zone: TimeZone) throws {
        var notes: [String] = []
        var extra = PropertyMapping.keptLines(task.extra)
        var recurrence = PropertyMapping.keptLines(task.recurrence)
        for override in overrides {
            extra += override.rawLines
            guard !recurrence.isEmpty, let id = override.first("RECURRENCE-ID") else { continue }
            let from = try DateValues.parse(id, notes: &notes).local(in: zone).day
            var moved = RecurrenceSet.Moved(from: from, to: from, time: task.dueTime)
            if override.first("STATUS")?.value.uppercased() == "CANCELLED" {
                moved.to = nil
                moved.time = nil
            } else {
                if let start = override.first("DTSTART") {
                    let local = try DateValues.parse(start, notes: &notes).local(in: zone)
                    moved.to = local.day
                    moved.time = local.time
                }
                // Its own title and alert, for the day's list (the block itself stays as it came).
                moved.title = override.first("SUMMARY").map { ContentText.unescape($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
                moved.alertMinutes = override.children.lazy.filter { $0.name == "VALARM" }.compactMap(EventMapping.alertMinutes).first
            }
            recurrence.append(moved.line)
        }
        task.extra = PropertyMapping.joinedExtra(extra)
        task.recurrence = PropertyMapping.joinedExtra(recurrence)
    }

    /// The stored recurrence lines that are written to a file (not the app's own moved lines).
    static func written(_ recurrence: String?) -> [String] {
        PropertyMapping.keptLines(recurrence).filter { !RecurrenceSet.Moved.isLine($0.uppercased()) }
    }
}
