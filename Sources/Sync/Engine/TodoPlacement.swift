import Foundation
import GRDB
import Core
import Interop
import Storage

/// Where a synced to-do goes: a subtask under its parent when the parent (RELATED-TO) is a local
/// todo or subtask, else a todo. Moving between the two keeps its children under it.
enum TodoPlacement {
    static func store(_ resource: TodoResource, at existing: LocalRef?, now: Date, _ db: Database) throws -> LocalRef {
        let r = resource.todo
        let place = try parentPlace(of: resource, existing: existing, db)
        var result: LocalRef
        if let place {
            var subtask: Subtask
            if let existing, existing.kind == .subtask, let old = try Subtask.fetchOne(db, key: existing.id) {
                subtask = old
            } else {
                subtask = Subtask(uid: r.uid, todoId: place.todoId, title: r.title, createdAt: now, updatedAt: now)
            }
            let moved = subtask.id == nil || subtask.todoId != place.todoId || subtask.parentId != place.parentId
            subtask.uid = r.uid; subtask.title = r.title; subtask.notes = r.notes; subtask.completed = r.completed
            subtask.dueDate = r.dueDate; subtask.extra = r.extra; subtask.updatedAt = now
            subtask.todoId = place.todoId; subtask.parentId = place.parentId
            if let position = resource.position { subtask.position = position } else if moved {
                subtask.position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM subtask WHERE todoId = ? AND parentId IS ?",
                                                    arguments: [place.todoId, place.parentId]) ?? 0
            }
            if subtask.id == nil { try subtask.insert(db) } else { try subtask.update(db) }
            result = LocalRef(kind: .subtask, id: subtask.id!)
            // Its subtree follows it to its todo; a todo that became a subtask brings its subtasks.
            if let existing, existing.kind == .todo {
                try db.execute(sql: "UPDATE subtask SET parentId = ? WHERE todoId = ? AND parentId IS NULL", arguments: [result.id, existing.id])
                try db.execute(sql: "UPDATE subtask SET todoId = ? WHERE todoId = ?", arguments: [place.todoId, existing.id])
                try db.execute(sql: "DELETE FROM todo WHERE id = ?", arguments: [existing.id])
            } else if moved {
                let below = try AppDatabase.descendants(of: result.id, db)
                if !below.isEmpty {
                    try db.execute(sql: "UPDATE subtask SET todoId = ? WHERE id IN (\(below.map(String.init).joined(separator: ",")))",
                                   arguments: [place.todoId])
                }
            }
        } else {
            var todo: Todo
            if let existing, existing.kind == .todo, let old = try Todo.fetchOne(db, key: existing.id) { todo = old } else {
                todo = Todo(uid: r.uid, title: r.title, createdAt: now, updatedAt: now)
                todo.position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM todo") ?? 0
            }
            todo.uid = r.uid; todo.title = r.title; todo.notes = r.notes; todo.completed = r.completed
            todo.dueDate = r.dueDate; todo.updatedAt = now
            // A parent not here: the RELATED-TO line is kept, for export and for when it arrives.
            todo.extra = ItemResources.extra(r.extra, keepingParent: resource.parentUID)
            if let position = resource.position { todo.position = position }
            if todo.id == nil { try todo.insert(db) } else { try todo.update(db) }
            result = LocalRef(kind: .todo, id: todo.id!)
            if let existing, existing.kind == .subtask {
                // Its children stay under it: the direct ones at the top of the new todo.
                let below = try AppDatabase.descendants(of: existing.id, db)
                if !below.isEmpty {
                    try db.execute(sql: "UPDATE subtask SET todoId = ? WHERE id IN (\(below.map(String.init).joined(separator: ",")))",
                                   arguments: [result.id])
                    try db.execute(sql: "UPDATE subtask SET parentId = NULL WHERE parentId = ?", arguments: [existing.id])
                }
                try db.execute(sql: "DELETE FROM subtask WHERE id = ?", arguments: [existing.id])
            }
        }
        if let existing { try LocalItems.relink(existing, to: result, db) }
        if existing == nil || existing?.kind != result.kind { try LocalItems.adoptChildren(of: r.uid, db) }
        return result
    }

    /// The todo and parent subtask `resource` goes under; nil when its parent is not here (or
    /// would make a loop: an item under itself or under one of its own subtasks).
    private static func parentPlace(of resource: TodoResource, existing: LocalRef?, _ db: Database) throws -> (todoId: Int64, parentId: Int64?)? {
        guard let uid = resource.parentUID, uid != resource.todo.uid else { return nil }
        if let row = try Row.fetchOne(db, sql: "SELECT id, todoId FROM subtask WHERE uid = ?", arguments: [uid]) {
            let place: (todoId: Int64, parentId: Int64?) = (row[1], row[0])
            if let existing {
                if existing.kind == .todo, place.todoId == existing.id { return nil }
                if existing.kind == .subtask, try place.parentId == existing.id || AppDatabase.descendants(of: existing.id, db).contains(place.parentId!) { return nil }
            }
            return place
        }
        if let todoId = try Int64.fetchOne(db, sql: "SELECT id FROM todo WHERE uid = ?", arguments: [uid]) {
            if let existing, existing.kind == .todo, existing.id == todoId { return nil }
            return (todoId, nil)
        }
        return nil
    }
}
