import Foundation
import Core

/// A VTODO as read, before it is placed as a todo or a subtask.
struct ReadTodo {
    var uid: String
    var title: String
    var notes: String
    var completed: Bool
    var dueDate: CivilDate?
    /// RELATED-TO (RELTYPE=PARENT, the default): the UID of the VTODO it belongs under.
    var parentUID: String?
    /// The RELATED-TO line, kept when its parent is not in the file (the VTODO becomes a todo).
    var parentLine: String?
    var extra: [String]
    var line: Int
    /// The file it came from, for messages when several are read at once.
    var file = ""
}

/// VTODO ↔ Todo and Subtask (the mapping table is in docs/interop.md). Todos have no priority
/// or categories: PRIORITY and CATEGORIES of a VTODO are kept verbatim and written back.
enum TodoMapping {
    static func read(_ component: Component, zone: TimeZone, notes: inout [String]) throws -> ReadTodo {
        var todo = ReadTodo(uid: PropertyMapping.uid(of: component), title: "", notes: "", completed: false,
                            extra: [], line: component.line)
        for property in component.properties {
            switch property.name {
            case "UID", "DTSTAMP": break
            case "SUMMARY": todo.title = ContentText.unescape(property.value)
            case "DESCRIPTION": todo.notes = ContentText.unescape(property.value)
            case "STATUS":
                switch property.value.uppercased() {
                case "COMPLETED": todo.completed = true
                case "NEEDS-ACTION": break
                default: todo.extra.append(property.raw)
                }
            case "COMPLETED":
                _ = try DateValues.parse(property, notes: &notes)  // a bad date is an error like any other
                todo.completed = true
                todo.extra.append(property.raw)
            case "DUE":
                let due = try DateValues.parse(property, notes: &notes)
                todo.dueDate = due.local(in: zone).day
                // A due time has no field: the line is kept and written back while the day is unchanged.
                if !due.isDate { todo.extra.append(property.raw) }
            case "RELATED-TO" where (property.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT" && todo.parentUID == nil:
                todo.parentUID = property.value.trimmedSpaces
                todo.parentLine = property.raw
            default: todo.extra.append(property.raw)
            }
        }
        todo.extra += component.children.flatMap(\.rawLines)
        if todo.title.isEmpty { todo.title = "(no title)" }
        return todo
    }

    // MARK: Writing

    /// The VTODO lines of a todo or subtask; `parentUID` adds RELATED-TO for a subtask.
    static func lines(uid: String, title: String, notes: String, completed: Bool, dueDate: CivilDate?, extra: String?,
                      parentUID: String?, stamp: Date, zone: TimeZone) -> [String] {
        var lines = ["BEGIN:VTODO", "UID:" + uid, "DTSTAMP:" + DateValues.formatUTC(stamp), "SUMMARY:" + ContentText.escape(title)]
        if !notes.isEmpty { lines.append("DESCRIPTION:" + ContentText.escape(notes)) }
        if let status = PropertyMapping.statusLine(completed: completed, extra: extra, open: "NEEDS-ACTION") { lines.append(status) }
        if let dueDate {
            var notes: [String] = []
            if let kept = PropertyMapping.keptLine("DUE", in: extra), let due = (try? DateValues.parse(kept, notes: &notes))?.local(in: zone),
               let time = due.time {
                // While the day is unchanged the line as it came; moved, the same time on the new day in its zone.
                lines.append(due.day == dueDate ? kept.raw : EventTimes(extra: extra, zone: zone, property: "DUE").line("DUE", dueDate, time))
            } else {
                lines.append("DUE;VALUE=DATE:" + DateValues.format(dueDate))
            }
        }
        if let parentUID { lines.append("RELATED-TO;RELTYPE=PARENT:" + parentUID) }
        var dropped: Set<String> = ["STATUS", "DUE"]
        if !completed { dropped.formUnion(["COMPLETED", "PERCENT-COMPLETE"]) }
        let kept = PropertyMapping.keptLines(extra, dropping: dropped.union(PropertyMapping.regenerated))
        return lines + kept + ["END:VTODO"] + RecurrenceOverrides.blocks(in: extra)
    }
}
