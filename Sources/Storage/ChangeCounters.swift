import Foundation
import GRDB

/// How many writes each area has seen, counted by triggers in the database itself, so writes by
/// any process (another AI Helper, `aihelper tasks add` in a shell) show up.
/// Poll `changeCounters()` (one tiny read) about once a second and refresh the panes whose
/// counter moved. The values only grow; compare with the last ones read.
public struct ChangeCounters: Sendable, Equatable {
    /// Conversations, messages, tool calls and timeline steps.
    public var conversations: Int
    public var tasks: Int
    /// Todos and their subtasks.
    public var todos: Int
    public var contacts: Int
    public var notes: Int

    public init(conversations: Int = 0, tasks: Int = 0, todos: Int = 0, contacts: Int = 0, notes: Int = 0) {
        self.conversations = conversations; self.tasks = tasks; self.todos = todos
        self.contacts = contacts; self.notes = notes
    }

    /// Grows whenever anything changed.
    public var total: Int { conversations + tasks + todos + contacts + notes }
}

extension AppDatabase {
    public func changeCounters() throws -> ChangeCounters {
        try pool.read { db in
            let values = try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT area, value FROM changeCounter")
                    .map { (row: Row) -> (String, Int) in (row["area"], row["value"]) })
            return ChangeCounters(conversations: values["conversations"] ?? 0, tasks: values["tasks"] ?? 0,
                                  todos: values["todos"] ?? 0, contacts: values["contacts"] ?? 0,
                                  notes: values["notes"] ?? 0)
        }
    }

    /// A number that changes whenever any data changed, in this process or another.
    public func dataVersion() throws -> Int {
        try changeCounters().total
    }
}
