import Foundation
import GRDB
import Core

/// What an import did: rows added per kind, rows that existed (same UID) and changed, and rows
/// that existed unchanged.
public struct ImportCounts: Equatable, Sendable {
    public var tasks = 0, todos = 0, subtasks = 0, contacts = 0
    public var updated = 0, unchanged = 0
    public init() {}

    /// Rows gone through so far, whatever became of them.
    public var done: Int { tasks + todos + subtasks + contacts + updated + unchanged }
}

/// Imports from files (iCalendar, vCard): one transaction, rows matched by UID, so importing
/// the same file again updates rows instead of duplicating them. Prepared statements with bound
/// arguments, no Codable per row: 10,000 events take well under a second (`make bench`).
extension AppDatabase {
    /// Imports tasks, todos and subtasks (parents before children; `todoUID` and `parentUID`
    /// name rows of this import or already stored) as ONE undo entry named `label`.
    ///
    /// The undo journal has one stack per area; an import is one change, so it is recorded in
    /// one of them: `.todos` when it holds only todos, otherwise `.tasks` — undoing it there
    /// takes back its todos too (the journal restores every row the entry recorded).
    /// On update, a row keeps its id, position, creation time and alert state.
    public func importCalendar(tasks: [TaskItem], todos: [Todo],
                               subtasks: [(subtask: Subtask, todoUID: String, parentUID: String?)],
                               label: String, progress: (Int) -> Void = { _ in }) throws -> ImportCounts {
        let area: JournalArea = tasks.isEmpty && !todos.isEmpty ? .todos : .tasks
        // Each UID once: no row is inserted and then updated, so the insert triggers can wait
        // for the end (`SuspendedInsertTriggers`); rows that exist fire theirs as always.
        let unique = Set(tasks.map(\.uid)).count == tasks.count
            && Set(todos.map(\.uid) + subtasks.map(\.subtask.uid)).count == todos.count + subtasks.count
        return try journaled(area, label) { db in
            try BulkWriteTuning.withLargeCache(db) {
                let triggers = unique ? try SuspendedInsertTriggers(db, tables: ["task", "todo", "subtask"]) : nil
                var counts = ImportCounts()
                try Self.upsertTasks(tasks, &counts, db, progress)
                let todoIds = try Self.upsertTodos(todos, &counts, db, progress)
                try Self.upsertSubtasks(subtasks, todoIds: todoIds, &counts, db, progress)
                try triggers?.restore(db, largeFTSBuffer: true)
                return counts
            }
        }
    }

    /// Imports contacts in one transaction, matched by UID. Contacts have no undo journal.
    public func importContacts(_ contacts: [Contact]) throws -> ImportCounts {
        try pool.write { db in
            var counts = ImportCounts()
            let existing = try Set(String.fetchAll(db, sql: "SELECT uid FROM contact"))
            let upsert = try Self.upsertStatement(db, table: "contact",
                columns: ["uid", "name", "email", "phone", "organization", "notes", "groups", "extra", "createdAt", "updatedAt"],
                updating: ["name", "email", "phone", "organization", "notes", "groups", "extra"])
            for c in contacts {
                try upsert.execute(arguments: [c.uid, c.name, c.email, c.phone, c.organization, c.notes, c.groups, c.extra,
                                               c.createdAt, c.updatedAt])
                Self.count(existed: existing.contains(c.uid), changed: db.changesCount > 0, new: \.contacts, &counts)
            }
            return counts
        }
    }

    private static func upsertTasks(_ tasks: [TaskItem], _ counts: inout ImportCounts, _ db: Database,
                                    _ progress: (Int) -> Void) throws {
        guard !tasks.isEmpty else { return }
        let existing = try Set(String.fetchAll(db, sql: "SELECT uid FROM task"))
        let columns = ["uid", "title", "notes", "dueDate", "dueTime", "durationMinutes", "category", "priority", "completed",
                       "completedAt", "recurrence", "list", "alertMinutes", "extra", "createdAt", "updatedAt"]
        let upsert = try upsertStatement(db, table: "task", columns: columns,
            updating: ["title", "notes", "dueDate", "dueTime", "durationMinutes", "category", "priority", "completed",
                       "completedAt", "recurrence", "list", "alertMinutes", "extra"])
        var writer = UpsertWriter(upsert: upsert, insert: try insertStatement(db, table: "task", columns: columns), stored: existing)
        for t in tasks {
            try writer.write(t.uid, [t.uid, t.title, t.notes, t.dueDate, t.dueTime, t.durationMinutes, t.category, t.priority,
                                     t.completed, StoredDate.value(t.completedAt), t.recurrence, t.list, t.alertMinutes, t.extra,
                                     StoredDate.value(t.createdAt), StoredDate.value(t.updatedAt)])
            count(existed: existing.contains(t.uid), changed: db.changesCount > 0, new: \.tasks, &counts)
            progress(counts.done)
        }
    }

    /// Returns the id of every todo by UID.
    private static func upsertTodos(_ todos: [Todo], _ counts: inout ImportCounts, _ db: Database,
                                    _ progress: (Int) -> Void) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT uid, id FROM todo") { ids[row[0]] = row[1] }
        var nextPosition = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM todo") ?? 0
        let columns = ["uid", "title", "notes", "completed", "position", "dueDate", "extra", "createdAt", "updatedAt"]
        let upsert = try upsertStatement(db, table: "todo", columns: columns, updating: ["title", "notes", "completed", "dueDate", "extra"])
        var writer = UpsertWriter(upsert: upsert, insert: try insertStatement(db, table: "todo", columns: columns), stored: Set(ids.keys))
        // A UID that was a subtask and is now at the top level moves (with the subtasks under it).
        let dropSubtask = try db.makeStatement(sql: "DELETE FROM subtask WHERE uid = ?")
        let subtaskUIDs = try Set(String.fetchAll(db, sql: "SELECT uid FROM subtask"))
        for t in todos {
            let existed = ids[t.uid] != nil
            var moved = false
            if subtaskUIDs.contains(t.uid) {
                try dropSubtask.execute(arguments: [t.uid])
                moved = db.changesCount > 0
            }
            try writer.write(t.uid, [t.uid, t.title, t.notes, t.completed, existed ? t.position : nextPosition, t.dueDate,
                                     t.extra, StoredDate.value(t.createdAt), StoredDate.value(t.updatedAt)])
            count(existed: existed || moved, changed: moved || db.changesCount > 0, new: \.todos, &counts)
            progress(counts.done)
            if !existed {
                ids[t.uid] = db.lastInsertedRowID
                nextPosition += 1
            }
        }
        return ids
    }

    private static func upsertSubtasks(_ subtasks: [(subtask: Subtask, todoUID: String, parentUID: String?)],
                                       todoIds: [String: Int64], _ counts: inout ImportCounts, _ db: Database,
                                       _ progress: (Int) -> Void) throws {
        guard !subtasks.isEmpty else { return }
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT uid, id FROM subtask") { ids[row[0]] = row[1] }
        let columns = ["uid", "todoId", "parentId", "title", "notes", "completed", "position", "dueDate", "extra", "createdAt", "updatedAt"]
        let upsert = try upsertStatement(db, table: "subtask", columns: columns,
            updating: ["todoId", "parentId", "title", "notes", "completed", "dueDate", "extra"])
        var writer = UpsertWriter(upsert: upsert, insert: try insertStatement(db, table: "subtask", columns: columns), stored: Set(ids.keys))
        let findId = try db.makeStatement(sql: "SELECT id FROM subtask WHERE uid = ?")
        for (s, todoUID, parentUID) in subtasks {
            guard let todoId = todoIds[todoUID] else {
                throw StorageError(kind: .other, path: "", message:
                    "The subtask “\(s.title)” names a todo (UID \(todoUID)) that is neither in the file nor stored: nothing was imported.")
            }
            let parentId = parentUID.flatMap { ids[$0] }
            let existed = ids[s.uid] != nil
            try writer.write(s.uid, [s.uid, todoId, parentId, s.title, s.notes, s.completed, s.position, s.dueDate,
                                     s.extra, StoredDate.value(s.createdAt), StoredDate.value(s.updatedAt)])
            count(existed: existed, changed: db.changesCount > 0, new: \.subtasks, &counts)
            progress(counts.done)
            if !existed { ids[s.uid] = try Int64.fetchOne(findId, arguments: [s.uid]) }
        }
    }

    private static func count(existed: Bool, changed: Bool, new: WritableKeyPath<ImportCounts, Int>, _ counts: inout ImportCounts) {
        if !existed { counts[keyPath: new] += 1 } else if changed { counts.updated += 1 } else { counts.unchanged += 1 }
    }

    /// A plain INSERT, for a UID not stored (see `UpsertWriter`).
    private static func insertStatement(_ db: Database, table: String, columns: [String]) throws -> Statement {
        try db.makeStatement(sql: "INSERT INTO \"\(table)\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))")
    }

    /// INSERT … ON CONFLICT(uid) DO UPDATE of `updating` (and updatedAt), only when one of them
    /// differs: an unchanged row is not written, so `changesCount` tells updated from unchanged.
    private static func upsertStatement(_ db: Database, table: String, columns: [String], updating: [String]) throws -> Statement {
        let quoted = columns.map { "\"\($0)\"" }
        let sets = (updating + ["updatedAt"]).map { "\"\($0)\" = excluded.\"\($0)\"" }
        let same = updating.map { "\"\(table)\".\"\($0)\" IS excluded.\"\($0)\"" }
        return try db.makeStatement(sql: """
            INSERT INTO "\(table)" (\(quoted.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))
            ON CONFLICT(uid) DO UPDATE SET \(sets.joined(separator: ", "))
            WHERE NOT (\(same.joined(separator: " AND ")))
            """)
    }
}

/// Writes rows by UID: the upsert for a UID stored before (or earlier in the run), a plain
/// INSERT for a new one. The same rows either way, but the upsert may fire UPDATE triggers, so
/// SQLite keeps a statement journal for each execution; in a long transaction that journal
/// ends up in a temporary file, and a 100,000-row import wrote 600 MB to it. A single-row
/// INSERT with its insert triggers suspended needs none.
private struct UpsertWriter {
    let upsert: Statement
    let insert: Statement
    var stored: Set<String>

    mutating func write(_ uid: String, _ values: [(any DatabaseValueConvertible)?]) throws {
        let statement = stored.insert(uid).inserted ? insert : upsert
        statement.setUncheckedArguments(StatementArguments(values))
        try statement.execute()
    }
}
