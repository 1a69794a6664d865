import Foundation
import GRDB
import Core

/// The Todos pane's edits that go beyond one field: completing a branch, reordering, due dates.
/// Each is one transaction and one undo entry.
extension AppDatabase {
    /// Completes or reopens a todo; with `includingSubtasks`, every subtask too.
    public func setTodoCompleted(id: Int64, _ completed: Bool, includingSubtasks: Bool) throws {
        let verb = completed ? "complete" : "reopen"
        try journaled(.todos, "\(verb) “\(try todoTitle(id))”\(includingSubtasks ? " and its subtasks" : "")") { db in
            try db.execute(sql: "UPDATE todo SET completed = ?, updatedAt = ? WHERE id = ?", arguments: [completed, Date(), id])
            if includingSubtasks {
                try db.execute(sql: "UPDATE subtask SET completed = ?, updatedAt = ? WHERE todoId = ? AND completed != ?",
                               arguments: [completed, Date(), id, completed])
            }
        }
    }

    /// Completes or reopens a subtask, and with `includingChildren` the subtasks under it.
    /// A parent whose last open child is completed completes itself, up to the todo; reopening
    /// a subtask reopens its parents.
    public func setSubtaskCompleted(id: Int64, _ completed: Bool, includingChildren: Bool) throws {
        guard let subtask = try subtask(id: id) else { return }
        let verb = completed ? "complete" : "reopen"
        try journaled(.todos, "\(verb) “\(subtask.title)”\(includingChildren ? " and its subtasks" : "")") { db in
            let ids = [id] + (includingChildren ? try Self.descendants(of: id, db) : [])
            try db.execute(sql: "UPDATE subtask SET completed = ?, updatedAt = ? WHERE completed != ? AND id IN (\(ids.map(String.init).joined(separator: ",")))",
                           arguments: [completed, Date(), completed])
            try Self.syncAncestors(of: subtask, completed: completed, db)
        }
    }

    /// The ids of every subtask below `id`, depth first.
    public static func descendants(of id: Int64, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            WITH RECURSIVE below(id) AS (
                SELECT id FROM subtask WHERE parentId = ?
                UNION ALL SELECT s.id FROM subtask s JOIN below b ON s.parentId = b.id)
            SELECT id FROM below
            """, arguments: [id])
    }

    /// Keeps the subtasks above `subtask`, and its todo, in step after it became open or done
    /// (or, done, was deleted): an open child reopens its parent; a parent none of whose
    /// children is open is done. A parent left with no children keeps what the user set.
    static func syncAncestors(of subtask: Subtask, completed: Bool, _ db: Database) throws {
        var parentId = subtask.parentId
        while let id = parentId {
            guard try sync("subtask", id: id, childrenWhere: "parentId = ?", completed: completed, db) else { return }
            parentId = try Int64.fetchOne(db, sql: "SELECT parentId FROM subtask WHERE id = ?", arguments: [id])
        }
        _ = try sync("todo", id: subtask.todoId, childrenWhere: "todoId = ?", completed: completed, db)
    }

    /// Sets one parent from its children; false when it is left as it was, so the walk stops.
    private static func sync(_ table: String, id: Int64, childrenWhere filter: String, completed: Bool, _ db: Database) throws -> Bool {
        // NULL when there are no children left.
        guard let open = try Int.fetchOne(db, sql: "SELECT SUM(NOT completed) FROM subtask WHERE \(filter)", arguments: [id]) else { return false }
        let done = open == 0
        if completed && !done { return false }
        try db.execute(sql: "UPDATE \(table) SET completed = ?, updatedAt = ? WHERE id = ? AND completed != ?",
                       arguments: [done, Date(), id, done])
        return true
    }

    /// Moves a todo (subtaskId nil) or a subtask one place up (-1) or down (+1) among its
    /// siblings. Returns false at the edge.
    @discardableResult
    public func moveTodoItem(todoId: Int64, subtaskId: Int64?, by step: Int) throws -> Bool {
        let title = try subtaskId.map { try subtask(id: $0)?.title ?? "" } ?? todoTitle(todoId)
        return try journaled(.todos, "move “\(title)” \(step < 0 ? "up" : "down")") { db in
            let table = subtaskId == nil ? "todo" : "subtask"
            let siblings: [Int64]
            if let subtaskId {
                let parent = try Int64.fetchOne(db, sql: "SELECT parentId FROM subtask WHERE id = ?", arguments: [subtaskId])
                siblings = try Int64.fetchAll(db, sql: "SELECT id FROM subtask WHERE todoId = ? AND parentId IS ? ORDER BY position, id",
                                              arguments: [todoId, parent])
            } else {
                siblings = try Int64.fetchAll(db, sql: "SELECT id FROM todo ORDER BY position, id")
            }
            let moving = subtaskId ?? todoId
            guard let from = siblings.firstIndex(of: moving), siblings.indices.contains(from + step) else { return false }
            var order = siblings
            order.swapAt(from, from + step)
            // Renumbered whole: positions may have had gaps or ties.
            for (position, id) in order.enumerated() {
                try db.execute(sql: "UPDATE \(table) SET position = ? WHERE id = ? AND position != ?", arguments: [position, id, position])
            }
            return true
        }
    }

    /// Sets or clears the due date of a todo or a subtask.
    public func setTodoDue(todoId: Int64, subtaskId: Int64?, _ day: CivilDate?) throws {
        let title = try subtaskId.map { try subtask(id: $0)?.title ?? "" } ?? todoTitle(todoId)
        try journaled(.todos, day.map { "due “\(title)” \($0.iso)" } ?? "no due date for “\(title)”") { db in
            try db.execute(sql: "UPDATE \(subtaskId == nil ? "todo" : "subtask") SET dueDate = ?, updatedAt = ? WHERE id = ?",
                           arguments: [day, Date(), subtaskId ?? todoId])
        }
    }

    /// Adds a todo right after the one at `afterPosition` (at the end when nil).
    public func insertTodo(title: String, afterPosition: Int?) throws -> Todo {
        try journaled(.todos, "add “\(title)”") { db in
            let position: Int
            if let afterPosition {
                position = afterPosition + 1
                try db.execute(sql: "UPDATE todo SET position = position + 1 WHERE position >= ?", arguments: [position])
            } else {
                position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM todo") ?? 0
            }
            var todo = Todo(title: title, position: position)
            try todo.insert(db)
            return todo
        }
    }

    /// Todos and subtasks due between two days, for the calendar.
    public func dueTodos(from start: CivilDate, to end: CivilDate) throws -> [DueTodo] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT title, dueDate, completed FROM todo WHERE dueDate BETWEEN ? AND ?
                UNION ALL SELECT title, dueDate, completed FROM subtask WHERE dueDate BETWEEN ? AND ?
                ORDER BY 2, 1
                """, arguments: [start, end, start, end]).map { DueTodo(title: $0[0], day: $0[1], completed: $0[2]) }
        }
    }
}

/// A todo or subtask with a due date, as the calendar lists it.
public struct DueTodo: Sendable, Equatable {
    public var title: String
    public var day: CivilDate
    public var completed: Bool
}
