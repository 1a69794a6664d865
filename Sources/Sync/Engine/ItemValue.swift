import Foundation
import Core
import Interop

/// An item as it syncs: the content of one resource, local or remote.
enum ItemValue: Equatable, Sendable {
    case task(TaskItem)
    /// A todo or a subtask (which of the two is worked out from the parent when it is stored).
    case todo(TodoResource)
    case contact(Contact)

    var uid: String {
        switch self {
        case .task(let task): return task.uid
        case .todo(let resource): return resource.todo.uid
        case .contact(let contact): return contact.uid
        }
    }

    var title: String {
        switch self {
        case .task(let task): return task.title
        case .todo(let resource): return resource.todo.title
        case .contact(let contact): return contact.name
        }
    }

    /// Reads a resource of a collection of `kind`; throws when it is malformed or of another kind.
    static func read(_ data: Data, kind: SyncKind, zone: TimeZone) throws -> ItemValue {
        switch kind {
        case .tasks: return .task(try ItemResources.readTask(data, zone: zone))
        case .todos: return .todo(try ItemResources.readTodo(data, zone: zone))
        case .contacts: return .contact(try ItemResources.readContact(data))
        }
    }

    func data(zone: TimeZone) -> Data {
        switch self {
        case .task(let task): return ItemResources.write(task: task, zone: zone)
        case .todo(let resource): return ItemResources.write(todo: resource, zone: zone)
        case .contact(let contact): return ItemResources.write(contact: contact)
        }
    }

    // MARK: Fields

    /// The synced fields by name (a missing key is an empty field): what the 3-way merge compares.
    var fields: ItemFields {
        var f = ItemFields()
        switch self {
        case .task(let t):
            f["title"] = t.title; f["notes"] = t.notes; f["date"] = t.dueDate?.iso; f["time"] = t.dueTime?.hhmm
            f["duration"] = t.durationMinutes.map(String.init); f["category"] = t.category
            f["priority"] = t.priority.rawValue; f["completed"] = t.completed ? "1" : "0"
            f["recurrence"] = t.recurrence; f["list"] = t.list; f["alert"] = t.alertMinutes.map(String.init); f["extra"] = t.extra
        case .todo(let r):
            f["title"] = r.todo.title; f["notes"] = r.todo.notes; f["completed"] = r.todo.completed ? "1" : "0"
            f["date"] = r.todo.dueDate?.iso; f["parent"] = r.parentUID; f["position"] = r.position.map(String.init)
            f["extra"] = r.todo.extra
        case .contact(let c):
            f["name"] = c.name; f["email"] = c.email; f["phone"] = c.phone; f["organization"] = c.organization
            f["notes"] = c.notes; f["groups"] = c.groups; f["extra"] = c.extra
        }
        return f.filter { !$0.value.isEmpty }
    }

    /// This item with `fields` set (the merge's result); the uid and local-only state are kept.
    func applying(_ f: ItemFields) -> ItemValue {
        switch self {
        case .task(var t):
            t.title = f["title"] ?? ""; t.notes = f["notes"] ?? ""; t.dueDate = f["date"].flatMap(CivilDate.init(iso:))
            t.dueTime = f["time"].flatMap(TimeOfDay.init(hhmm:)); t.durationMinutes = f["duration"].flatMap { Int($0) }
            t.category = f["category"]; t.priority = f["priority"].flatMap(Priority.init(rawValue:)) ?? .none
            t.completed = f["completed"] == "1"; t.recurrence = f["recurrence"]; t.list = f["list"]
            t.alertMinutes = f["alert"].flatMap { Int($0) }; t.extra = f["extra"]
            return .task(t)
        case .todo(var r):
            r.todo.title = f["title"] ?? ""; r.todo.notes = f["notes"] ?? ""; r.todo.completed = f["completed"] == "1"
            r.todo.dueDate = f["date"].flatMap(CivilDate.init(iso:)); r.parentUID = f["parent"]
            r.position = f["position"].flatMap { Int($0) }; r.todo.extra = f["extra"]
            return .todo(r)
        case .contact(var c):
            c.name = f["name"] ?? ""; c.email = f["email"]; c.phone = f["phone"]; c.organization = f["organization"]
            c.notes = f["notes"] ?? ""; c.groups = f["groups"]; c.extra = f["extra"]
            return .contact(c)
        }
    }
}

/// An item's synced fields by name; stored as canonical JSON (the sync state's `base`).
typealias ItemFields = [String: String]

extension ItemFields {
    /// Sorted keys, so equal fields give equal text and equal hashes.
    var canonicalJSON: String {
        let data = (try? JSONSerialization.data(withJSONObject: self, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    var contentHash: String { ItemResources.contentHash(canonicalJSON) }

    /// The item's title (a contact's name), for the run journal of an item no longer here.
    var title: String? { self["title"] ?? self["name"] }

    init(canonicalJSON text: String) {
        self = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: String] ?? [:]
    }
}

/// The 3-way merge of one item, field by field, against the content last synced.
struct FieldMerge: Equatable {
    var merged: ItemFields
    /// Fields both sides changed to different values.
    var overlapping: Set<String>

    /// Takes each side's changes; a field both changed differently takes the policy's side
    /// (`ask` keeps the local value here; the caller keeps the server's version apart).
    /// - Parameter base: nil when there is no common base (an item found on both sides by UID):
    ///   every differing field is then a conflict.
    init(base: ItemFields?, local: ItemFields, server: ItemFields, policy: ConflictPolicy) {
        merged = [:]; overlapping = []
        for key in Set(local.keys).union(server.keys).union(base?.keys ?? [:].keys) {
            let l = local[key], s = server[key]
            if l == s { merged[key] = l; continue }
            let b = base.map { $0[key] }
            if let b, l == b { merged[key] = s } else if let b, s == b { merged[key] = l } else {
                overlapping.insert(key)
                merged[key] = policy == .serverWins ? s : l
            }
        }
    }
}
