import Foundation
import GRDB
import Core

extension AppDatabase {
    /// Creates a todo with its subtasks in one transaction, placed after the existing todos.
    public func createTodo(title: String, notes: String = "",
                           items: [(title: String, notes: String)] = []) throws -> TodoTree {
        try journaled(.todos, "add “\(title)”") { db in
            let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM todo") ?? 0
            var todo = Todo(title: title, notes: notes, position: position)
            try todo.insert(db)
            var subtasks: [Subtask] = []
            for (index, item) in items.enumerated() {
                var subtask = Subtask(todoId: todo.id!, title: item.title, notes: item.notes, position: index)
                try subtask.insert(db)
                subtasks.append(subtask)
            }
            return TodoTree(todo: todo, subtasks: subtasks)
        }
    }

    /// All todos (by position, then id) with their subtasks (by position): two queries in all.
    /// Every todo in order, with subtasks loaded for all of them, or only for `loading`
    /// (the unfolded ones) and counted for the rest: three queries either way.
    public func todoTrees(loadingSubtasksOf loading: Set<Int64>? = nil) throws -> [TodoTree] {
        try pool.read { try Self.fetchTodoTrees($0, loadingSubtasksOf: loading) }
    }

    static func fetchTodoTrees(_ db: Database, loadingSubtasksOf loading: Set<Int64>? = nil) throws -> [TodoTree] {
        let todos = try Row.fetchCursor(db, sql: "SELECT \(Todo.selectColumns) FROM todo ORDER BY position, id")
            .map(Todo.init(positionalRow:)).reduce(into: [Todo]()) { $0.append($1) }
        var filter = ""
        if let loading {
            guard !loading.isEmpty else { return try countedTrees(db, todos, loaded: [:]) }
            filter = "WHERE todoId IN (\(loading.map(String.init).joined(separator: ",")))"
        }
        let subtasks = try Row.fetchCursor(db, sql: """
            SELECT \(Subtask.selectColumns) FROM subtask \(filter) ORDER BY todoId, position, id
            """).map(Subtask.init(positionalRow:)).reduce(into: [Subtask]()) { $0.append($1) }
        let byTodo = Dictionary(grouping: subtasks, by: \.todoId)
        if loading == nil { return todos.map { TodoTree(todo: $0, subtasks: byTodo[$0.id!] ?? []) } }
        return try countedTrees(db, todos, loaded: byTodo)
    }

    /// Trees with counts from one grouped query; subtasks only where `loaded` has them.
    private static func countedTrees(_ db: Database, _ todos: [Todo], loaded: [Int64: [Subtask]]) throws -> [TodoTree] {
        var counts: [Int64: (total: Int, done: Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT todoId, COUNT(*), SUM(completed) FROM subtask GROUP BY todoId") {
            counts[row[0]] = (row[1], row[2])
        }
        return todos.map { todo in
            if let subtasks = loaded[todo.id!] { return TodoTree(todo: todo, subtasks: subtasks) }
            let count = counts[todo.id!] ?? (0, 0)
            return TodoTree(todo: todo, subtaskCount: count.total, doneCount: count.done)
        }
    }

    public func todoTree(id: Int64) throws -> TodoTree? {
        try pool.read { db in
            guard let todo = try Todo.fetchOne(db, key: id) else { return nil }
            let subtasks = try Subtask.filter(Column("todoId") == id)
                .order(Column("position"), Column("id")).fetchAll(db)
            return TodoTree(todo: todo, subtasks: subtasks)
        }
    }

    public func setTodoCompleted(id: Int64, _ completed: Bool) throws {
        try setTodoCompleted(id: id, completed, includingSubtasks: false)
    }

    /// Completes or reopens a subtask. Completing the last open subtask completes its parent
    /// (and so on up to the todo); reopening one reopens them.
    public func setSubtaskCompleted(id: Int64, _ completed: Bool) throws {
        try setSubtaskCompleted(id: id, completed, includingChildren: false)
    }

    /// Adds a subtask at the end of its siblings (under `parentId`, or directly under the todo).
    /// An open subtask reopens a completed todo.
    public func addSubtask(todoId: Int64, parentId: Int64? = nil, title: String, notes: String = "") throws -> Subtask {
        try journaled(.todos, "add “\(title)”") { db in
            let position = try Int.fetchOne(db, sql: """
                SELECT COALESCE(MAX(position), -1) + 1 FROM subtask WHERE todoId = ? AND parentId IS ?
                """, arguments: [todoId, parentId]) ?? 0
            var subtask = Subtask(todoId: todoId, parentId: parentId, title: title, notes: notes, position: position)
            try subtask.insert(db)
            try Self.syncAncestors(of: subtask, completed: false, db)
            return subtask
        }
    }

    public func updateTodo(_ todo: Todo, label: String? = nil) throws {
        var todo = todo
        todo.updatedAt = Date()
        try journaled(.todos, label ?? "edit “\(todo.title)”") { db in try todo.update(db) }
    }

    func todoTitle(_ id: Int64) throws -> String {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT title FROM todo WHERE id = ?", arguments: [id]) } ?? ""
    }

    public func subtask(id: Int64) throws -> Subtask? {
        try pool.read { db in try Subtask.fetchOne(db, key: id) }
    }

    public func updateSubtask(_ subtask: Subtask, label: String? = nil) throws {
        var subtask = subtask
        subtask.updatedAt = Date()
        try journaled(.todos, label ?? "edit “\(subtask.title)”") { db in
            let wasCompleted = try Bool.fetchOne(db, sql: "SELECT completed FROM subtask WHERE id = ?",
                                                 arguments: [subtask.id])
            try subtask.update(db)
            if wasCompleted != subtask.completed {
                try Self.syncAncestors(of: subtask, completed: subtask.completed, db)
            }
        }
    }

    /// Deletes the todo and all its subtasks.
    @discardableResult
    public func deleteTodo(id: Int64) throws -> Bool {
        try journaled(.todos, "delete “\(try todoTitle(id))”") { db in try Todo.deleteOne(db, key: id) }
    }

    /// Deletes the subtask and the subtasks under it.
    @discardableResult
    public func deleteSubtask(id: Int64) throws -> Bool {
        try journaled(.todos, "delete “\(try subtask(id: id)?.title ?? "")”") { db in
            guard let subtask = try Subtask.fetchOne(db, key: id) else { return false }
            try subtask.delete(db)
            if !subtask.completed {  // one open item fewer: the rest may all be done
                try Self.syncAncestors(of: subtask, completed: true, db)
            }
            return true
        }
    }
}
