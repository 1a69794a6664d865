import Foundation
import GRDB
import Core
import Interop
import Storage

/// Which table a synced item lives in here.
public enum SyncLocalKind: String, Sendable, Codable, CaseIterable {
    case task, todo, subtask, contact

    /// The kind of collection it syncs with.
    var collectionKind: SyncKind { self == .task ? .tasks : self == .contact ? .contacts : .todos }

    /// The local kinds a collection of `kind` syncs with.
    static func of(_ kind: SyncKind) -> [SyncLocalKind] {
        switch kind {
        case .tasks: return [.task]
        case .todos: return [.todo, .subtask]
        case .contacts: return [.contact]
        }
    }
}

/// One local row.
struct LocalRef: Hashable, Sendable {
    var kind: SyncLocalKind
    var id: Int64
}

/// Reading and writing local items as `ItemValue`s, inside the caller's transaction. A to-do
/// is stored as a subtask when its parent (RELATED-TO) is a local todo or subtask, else as a
/// todo that keeps the RELATED-TO line until its parent arrives (`adoptChildren`).
enum LocalItems {
    static func load(_ ref: LocalRef, _ db: Database) throws -> ItemValue? {
        switch ref.kind {
        case .task: return try TaskItem.fetchOne(db, key: ref.id).map { .task($0) }
        case .contact: return try Contact.fetchOne(db, key: ref.id).map { .contact($0) }
        case .todo:
            guard let todo = try Todo.fetchOne(db, key: ref.id) else { return nil }
            var resource = ItemResources.splitting(todo)
            resource.position = todo.position
            return .todo(resource)
        case .subtask:
            guard let s = try Subtask.fetchOne(db, key: ref.id) else { return nil }
            let parent = try s.parentId.map { try String.fetchOne(try db.cachedStatement(sql: "SELECT uid FROM subtask WHERE id = ?"), arguments: [$0]) }
                ?? String.fetchOne(try db.cachedStatement(sql: "SELECT uid FROM todo WHERE id = ?"), arguments: [s.todoId])
            let todo = Todo(uid: s.uid, title: s.title, notes: s.notes, completed: s.completed, position: s.position,
                            dueDate: s.dueDate, extra: s.extra, createdAt: s.createdAt, updatedAt: s.updatedAt)
            return .todo(TodoResource(todo: todo, parentUID: parent, position: s.position))
        }
    }

    /// The local item of a collection's kind with this UID.
    static func find(uid: String, kind: SyncKind, _ db: Database) throws -> LocalRef? {
        for local in SyncLocalKind.of(kind) {
            if let id = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT id FROM \(local.rawValue) WHERE uid = ?"), arguments: [uid]) {
                return LocalRef(kind: local, id: id)
            }
        }
        return nil
    }

    /// Stores `value` over the row at `existing` (nil: a new row) and returns where it is now: a
    /// to-do may move between todo and subtask, and the sync state follows it.
    static func store(_ value: ItemValue, at existing: LocalRef?, _ db: Database) throws -> LocalRef {
        let now = Date()
        switch value {
        case .task(var task):
            if let existing, let old = try TaskItem.fetchOne(db, key: existing.id) {
                task.id = old.id; task.createdAt = old.createdAt; task.snoozedUntil = old.snoozedUntil
                task.alertedThrough = old.alertedThrough
                task.completedAt = task.completed ? (old.completedAt ?? now) : nil
                task.updatedAt = now
                try task.update(db)
            } else {
                task.id = nil; task.createdAt = now; task.updatedAt = now
                task.completedAt = task.completed ? (task.completedAt ?? now) : nil
                try task.insert(db)
            }
            return LocalRef(kind: .task, id: task.id!)
        case .contact(var contact):
            if let existing, let old = try Contact.fetchOne(db, key: existing.id) {
                contact.id = old.id; contact.createdAt = old.createdAt; contact.updatedAt = now
                try contact.update(db)
            } else {
                contact.id = nil; contact.createdAt = now; contact.updatedAt = now
                try contact.insert(db)
            }
            return LocalRef(kind: .contact, id: contact.id!)
        case .todo(let resource):
            return try TodoPlacement.store(resource, at: existing, now: now, db)
        }
    }

    /// Deletes a local item; returns the subtasks deleted with it (so they are deleted on the other side too).
    static func delete(_ ref: LocalRef, _ db: Database) throws -> [LocalRef] {
        var below: [Int64] = []
        switch ref.kind {
        case .todo: below = try Int64.fetchAll(try db.cachedStatement(sql: "SELECT id FROM subtask WHERE todoId = ?"), arguments: [ref.id])
        case .subtask: below = try AppDatabase.descendants(of: ref.id, db)
        case .task, .contact: break
        }
        try db.cachedStatement(sql: "DELETE FROM \(ref.kind.rawValue) WHERE id = ?").execute(arguments: [ref.id])
        return below.map { LocalRef(kind: .subtask, id: $0) }
    }

    /// Todos kept with a RELATED-TO naming `uid` (their parent had not arrived) become its subtasks.
    static func adoptChildren(of uid: String, _ db: Database) throws {
        let candidates = try Int64.fetchAll(try db.cachedStatement(sql: "SELECT id FROM todo WHERE instr(extra, ?) > 0"), arguments: [uid])
        for id in candidates {
            let ref = LocalRef(kind: .todo, id: id)
            guard case .todo(let resource)? = try load(ref, db), resource.parentUID == uid else { continue }
            _ = try store(.todo(resource), at: ref, db)
        }
    }

    /// Points the sync state and conflicts of a row that moved (todo ↔ subtask) at its new row.
    static func relink(_ old: LocalRef, to new: LocalRef, _ db: Database) throws {
        guard old != new else { return }
        for table in ["syncItem", "syncConflict"] {
            try db.cachedStatement(sql: "UPDATE \(table) SET localKind = ?, localId = ? WHERE localKind = ? AND localId = ?").execute(
                           arguments: [new.kind.rawValue, new.id, old.kind.rawValue, old.id])
        }
    }
}
