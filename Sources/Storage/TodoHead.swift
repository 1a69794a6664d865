import Foundation
import GRDB
import Core

/// The top of a large todo list, for the first frame: reading and counting 10,000 todos takes
/// longer than the whole start-up may, and a screen shows a few dozen of them.
public struct TodoHead: Sendable, Equatable {
    /// The first open todos, then the first completed ones, each by position, folded (counted).
    public var trees: [TodoTree]
    /// How many todos each section has in all.
    public var openCount: Int
    public var completedCount: Int
    /// The newest todo's id then: a todo above it, found when the whole list is read later,
    /// appeared while the app ran (and is shown unfolded, like any new list).
    public var lastId: Int64
}

extension AppDatabase {
    /// The first `limit` open and `limit` completed todos with their subtask counts and the
    /// sections' totals; nil when there are at most `smallList` todos, which load whole as cheaply.
    public func todoHead(limit: Int, smallList: Int = 1_000) throws -> TodoHead? {
        try pool.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todo") ?? 0
            guard total > smallList else { return nil }
            var todos: [Todo] = []
            for completed in [false, true] {
                try Row.fetchCursor(db, sql: """
                    SELECT \(Todo.selectColumns) FROM todo WHERE completed = ? ORDER BY position, id LIMIT ?
                    """, arguments: [completed, limit]).forEach { todos.append(Todo(positionalRow: $0)) }
            }
            let ids = todos.compactMap(\.id).map(String.init).joined(separator: ",")
            var counts: [Int64: (total: Int, done: Int)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT todoId, COUNT(*), SUM(completed) FROM subtask WHERE todoId IN (\(ids)) GROUP BY todoId
                """) {
                counts[row[0]] = (row[1], row[2])
            }
            let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM todo WHERE NOT completed") ?? 0
            let trees = todos.map { todo in
                let count = counts[todo.id!] ?? (0, 0)
                return TodoTree(todo: todo, subtaskCount: count.total, doneCount: count.done)
            }
            let lastId = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM todo") ?? 0
            return TodoHead(trees: trees, openCount: open, completedCount: total - open, lastId: lastId)
        }
    }
}
