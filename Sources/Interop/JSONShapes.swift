import Foundation
import Core

/// A task as `aihelper tasks --json` and `aihelper export --json` print it (docs/interop.md).
public struct TaskJSON: Encodable, Equatable {
    public let id: Int64?, uid: String, title: String, date: String?, time: String?, category: String?
    public let priority: String, completed: Bool, list: String?, notes: String
    public let durationMinutes: Int?, recurrence: String?, alertMinutes: Int?

    public init(_ t: TaskItem) {
        id = t.id; uid = t.uid; title = t.title; date = t.dueDate?.iso; time = t.dueTime?.hhmm; category = t.category
        priority = t.priority.rawValue; completed = t.completed; list = t.list; notes = t.notes
        durationMinutes = t.durationMinutes; recurrence = t.recurrence; alertMinutes = t.alertMinutes
    }

    /// Missing values are written as null, so every key is always there.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(uid, forKey: .uid); try c.encode(title, forKey: .title)
        try c.encode(date, forKey: .date); try c.encode(time, forKey: .time); try c.encode(category, forKey: .category)
        try c.encode(priority, forKey: .priority); try c.encode(completed, forKey: .completed); try c.encode(list, forKey: .list)
        try c.encode(notes, forKey: .notes); try c.encode(durationMinutes, forKey: .durationMinutes)
        try c.encode(recurrence, forKey: .recurrence); try c.encode(alertMinutes, forKey: .alertMinutes)
    }

    private enum CodingKeys: String, CodingKey {
        case id, uid, title, date, time, category, priority, completed, list, notes, durationMinutes, recurrence, alertMinutes
    }
}

/// A todo list as `aihelper todos --json` and `aihelper export --json` print it.
public struct TodoJSON: Encodable, Equatable {
    public struct Item: Encodable, Equatable {
        public let id: Int64?, uid: String, parentId: Int64?, title: String, notes: String, completed: Bool, date: String?
    }
    public let id: Int64?, uid: String, title: String, notes: String, completed: Bool, date: String?, items: [Item]

    public init(_ tree: TodoTree, openOnly: Bool = false) {
        id = tree.todo.id; uid = tree.todo.uid; title = tree.todo.title; notes = tree.todo.notes
        completed = tree.todo.completed; date = tree.todo.dueDate?.iso
        items = tree.subtasks.filter { !openOnly || !$0.completed }.map {
            Item(id: $0.id, uid: $0.uid, parentId: $0.parentId, title: $0.title, notes: $0.notes, completed: $0.completed,
                 date: $0.dueDate?.iso)
        }
    }
}

/// `aihelper export --json`: `{"tasks": [...], "todos": [...]}`; a part not chosen is left out.
public struct ExportJSON: Encodable {
    public let tasks: [TaskJSON]?
    public let todos: [TodoJSON]?

    public init(tasks: [TaskItem]?, todos: [TodoTree]?) {
        self.tasks = tasks?.map(TaskJSON.init)
        self.todos = todos?.map { TodoJSON($0) }
    }

    /// Pretty-printed with sorted keys, as every `--json` output of the CLI.
    public static func prettyText<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601  // "2026-11-27T00:23:14Z", not seconds since 2001
        // Strings keep what they hold; C1 and bidi controls, which the encoder leaves raw, are escaped.
        let text = Sanitizer.escapingJSON(String(decoding: try encoder.encode(value), as: UTF8.self))
        return closingEmptyContainers(text)
    }

    /// Foundation prints an empty array or object as "[\n\n  ]": made "[]" and "{}" here. A raw
    /// line break is never inside a JSON string, so a bracket followed by one is layout.
    static func closingEmptyContainers(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            out.append(b)
            i += 1
            guard b == UInt8(ascii: "[") || b == UInt8(ascii: "{"), i < bytes.count, bytes[i] == 0x0A else { continue }
            var j = i
            while j < bytes.count, bytes[j] == 0x0A || bytes[j] == 0x20 { j += 1 }
            if j < bytes.count, bytes[j] == (b == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                out.append(bytes[j])
                i = j + 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
