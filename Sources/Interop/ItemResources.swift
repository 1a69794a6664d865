import Foundation
import Core

/// A to-do as one sync resource: a todo or a subtask, with its parent named by UID.
public struct TodoResource: Equatable, Sendable {
    /// uid, title, notes, completed, dueDate and extra (without the RELATED-TO parent and
    /// position lines); `position` is nil when the resource carried none.
    public var todo: Todo
    /// RELATED-TO;RELTYPE=PARENT: the todo's or subtask's UID it belongs under.
    public var parentUID: String?
    public var position: Int?
    public init(todo: Todo, parentUID: String?, position: Int?) {
        self.todo = todo; self.parentUID = parentUID; self.position = position
    }
}

/// One item ↔ one resource, as CalDAV, CardDAV and vdir keep them (docs/sync.md): a VCALENDAR
/// with one VEVENT per task, one VTODO per todo and per subtask (RELATED-TO;RELTYPE=PARENT its
/// parent's UID, X-AIHELPER-POSITION its place among its siblings), one VCARD per contact.
/// Reading and writing are ICalendar's and VCard's, so unknown lines round-trip as in a file.
public enum ItemResources {
    /// The place of a todo or subtask among its siblings (other clients keep it as an unknown line).
    public static let positionProperty = "X-AIHELPER-POSITION"

    public static func write(task: TaskItem, zone: TimeZone) -> Data {
        Data(ICalendar.write(tasks: [task], todos: [], zone: zone, now: task.updatedAt).utf8)
    }

    public static func write(todo resource: TodoResource, zone: TimeZone) -> Data {
        var todo = resource.todo
        var lines = PropertyMapping.keptLines(todo.extra)
        if let parent = resource.parentUID { lines.append("RELATED-TO;RELTYPE=PARENT:" + parent) }
        if let position = resource.position { lines.append("\(positionProperty):\(position)") }
        todo.extra = PropertyMapping.joinedExtra(lines)
        return Data(ICalendar.write(tasks: [], todos: [TodoTree(todo: todo, subtasks: [])], zone: zone, now: todo.updatedAt).utf8)
    }

    public static func write(contact: Contact) -> Data { Data(VCard.write([contact]).utf8) }

    /// A resource that holds only the other kind of calendar item: a to-do in the calendar
    /// chosen for tasks, an event in the task list chosen for todos. Calendars may hold both
    /// (Nextcloud's "Personal"); such an item is another kind's, not a malformed one.
    public struct OtherKind: Error, Equatable {}

    /// The one VEVENT of a resource; anything else is an error (`OtherKind` for to-dos alone).
    public static func readTask(_ data: Data, zone: TimeZone, now: Date = Date()) throws -> TaskItem {
        let contents = try ICalendar.read(data, zone: zone, now: now)
        if contents.tasks.isEmpty, !(contents.todos.isEmpty && contents.subtasks.isEmpty) { throw OtherKind() }
        guard contents.tasks.count == 1, contents.todos.isEmpty else {
            throw InteropError(line: nil, "a resource holds \(contents.tasks.count) events and \(contents.todos.count) to-dos, not one event",
                               hint: "each calendar resource must hold one VEVENT")
        }
        // Overrides are kept with their series; what the reader still notes is an override it
        // cannot place (of an event that does not repeat, or without its series in the
        // resource). Written back, it would be lost: the item is left alone, skipped and reported.
        if let skipped = contents.notes.first(where: { $0.contains("RECURRENCE-ID") }) {
            throw InteropError(line: nil, skipped, hint: "the event is left as it is on the server")
        }
        return contents.tasks[0]
    }

    /// The one VTODO of a resource, its parent and position taken out of its kept lines
    /// (`OtherKind` for events alone).
    public static func readTodo(_ data: Data, zone: TimeZone, now: Date = Date()) throws -> TodoResource {
        let contents = try ICalendar.read(data, zone: zone, now: now)
        if contents.todos.isEmpty, contents.subtasks.isEmpty, !contents.tasks.isEmpty { throw OtherKind() }
        guard contents.todos.count == 1, contents.subtasks.isEmpty, contents.tasks.isEmpty else {
            throw InteropError(line: nil, "a resource holds \(contents.todos.count + contents.subtasks.count) to-dos and \(contents.tasks.count) events, not one to-do",
                               hint: "each task-list resource must hold one VTODO")
        }
        return splitting(contents.todos[0])
    }

    /// The one VCARD of a resource.
    public static func readContact(_ data: Data, now: Date = Date()) throws -> Contact {
        let contacts = try VCard.read(data, now: now)
        guard contacts.count == 1 else {
            throw InteropError(line: nil, "a resource holds \(contacts.count) cards, not one", hint: "each address-book resource must hold one VCARD")
        }
        return contacts[0]
    }

    /// A todo whose kept lines name a parent (RELATED-TO) or a position, with those taken out.
    /// A todo whose parent is not here keeps its RELATED-TO line in `extra`; this reads it back.
    public static func splitting(_ todo: Todo) -> TodoResource {
        var todo = todo
        var parent: String?, position: Int?
        let kept = PropertyMapping.keptLines(todo.extra).filter { raw in
            guard let line = try? ContentLine(parsing: raw, line: 0) else { return true }
            if line.name == "RELATED-TO", parent == nil, (line.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT" {
                parent = line.value.trimmedSpaces
                return false
            }
            if line.name == positionProperty, position == nil, let number = Int(line.value.trimmedSpaces) {
                position = number
                return false
            }
            return true
        }
        todo.extra = PropertyMapping.joinedExtra(kept)
        return TodoResource(todo: todo, parentUID: parent, position: position)
    }

    /// `extra` with a RELATED-TO parent line added: how a todo whose parent is not stored keeps it.
    public static func extra(_ extra: String?, keepingParent parent: String?) -> String? {
        guard let parent else { return extra }
        return PropertyMapping.joinedExtra(PropertyMapping.keptLines(extra) + ["RELATED-TO;RELTYPE=PARENT:" + parent])
    }

    /// A stable 32-hex-digit hash of a text (not a secret): the sync state's content hash.
    public static func contentHash(_ text: String) -> String { PropertyMapping.stableHash(text) }
}
