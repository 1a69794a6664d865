import Foundation
import GRDB
import Core

/// A subtask to import with its place named by UIDs: its todo's, and its parent subtask's (nil
/// when directly under the todo).
public typealias LinkedSubtaskRow = (subtask: Subtask, todoUID: String, parentUID: String?)

/// `importCalendar(label:reading:)` cannot store this input as it is read; nothing was kept.
public struct ReadWholeFirst: Error {
    public init() {}
}

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
    public func importCalendar(tasks: [TaskItem], todos: [Todo], subtasks: [LinkedSubtaskRow],
                               label: String, progress: (Int) -> Void = { _ in }) throws -> ImportCounts {
        let area: JournalArea = tasks.isEmpty && !todos.isEmpty ? .todos : .tasks
        // Each UID once: no row is inserted and then updated, so the insert triggers can wait
        // for the end (`SuspendedInsertTriggers`); rows that exist fire theirs as always.
        let unique = Set(tasks.map(\.uid)).count == tasks.count && Self.unique(todos, subtasks)
        return try journaled(area, label) { db in
            try Self.storeCalendar(db, suspending: unique, streaming: false, progress) { store in
                try store(tasks)
                return (todos, subtasks)
            }
        }
    }

    /// The same import, stored while it is read: `read` hands each batch of tasks to `store` as
    /// it reads them (`ICalendar.stream`) and returns the todos and subtasks, stored after
    /// them. The rows, journal and index are those of `importCalendar(tasks:…)` with the same
    /// input. Throws `ReadWholeFirst` (nothing kept) when that cannot hold: a task UID twice, or
    /// only todos (their journal area is decided before the first row); the caller then reads
    /// the input whole and calls `importCalendar(tasks:…)`. Any error of `read` keeps nothing.
    public func importCalendar(label: String, progress: (Int) -> Void = { _ in },
                               reading read: (_ store: ([TaskItem]) throws -> Void) throws -> (todos: [Todo], subtasks: [LinkedSubtaskRow]))
    throws -> ImportCounts {
        try journaled(.tasks, label) { db in try Self.storeCalendar(db, suspending: true, streaming: true, progress, read) }
    }

    /// The rows of the run's tasks whose journal and full-text work is done while the reader
    /// reads on (`SuspendedInsertTriggers.catchUp`) rather than all at the end.
    static let catchUpRows = 10_000

    private static func storeCalendar(_ db: Database, suspending: Bool, streaming: Bool, _ progress: (Int) -> Void,
                                      _ read: (_ store: ([TaskItem]) throws -> Void) throws -> (todos: [Todo], subtasks: [LinkedSubtaskRow]))
    throws -> ImportCounts {
        try BulkWriteTuning.withLargeCache(db) {
            var triggers = suspending ? try SuspendedInsertTriggers(db, tables: ["task", "todo", "subtask"], largeFTSBuffer: true) : nil
            var counts = ImportCounts()
            var rows: TaskRows?
            var sinceCatchUp = 0
            // (Both closures are called only during `read`.)
            let rest = try withoutActuallyEscaping(progress) { progress in
                try read { tasks in
                    guard !tasks.isEmpty else { return }
                    if rows == nil { rows = try TaskRows(db, onceEach: streaming) }
                    try rows!.write(tasks, &counts, db, progress)
                    sinceCatchUp += tasks.count
                    // Only while no row can be updated (none stored before): an update fires its journal
                    // trigger in place, so a catch-up before it would change the order of the journal's rows.
                    if streaming && sinceCatchUp >= catchUpRows && rows!.nothingStoredBefore {
                        try triggers?.catchUp(db, table: "task")
                        sinceCatchUp = 0
                    }
                }
            }
            if streaming && (rows == nil && !rest.todos.isEmpty || !unique(rest.todos, rest.subtasks)) { throw ReadWholeFirst() }
            let todoIds = try Self.upsertTodos(rest.todos, &counts, db, progress)
            try Self.upsertSubtasks(rest.subtasks, todoIds: todoIds, &counts, db, progress)
            try triggers?.restore(db)
            return counts
        }
    }

    private static func unique(_ todos: [Todo], _ subtasks: [LinkedSubtaskRow]) -> Bool {
        Set(todos.map(\.uid) + subtasks.map(\.subtask.uid)).count == todos.count + subtasks.count
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

    private static func upsertSubtasks(_ subtasks: [LinkedSubtaskRow],
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

    static func count(existed: Bool, changed: Bool, new: WritableKeyPath<ImportCounts, Int>, _ counts: inout ImportCounts) {
        if !existed { counts[keyPath: new] += 1 } else if changed { counts.updated += 1 } else { counts.unchanged += 1 }
    }

    /// A plain INSERT, for a UID not stored (see `UpsertWriter`).
    static func insertStatement(_ db: Database, table: String, columns: [String]) throws -> Statement {
        try db.makeStatement(sql: "INSERT INTO \"\(table)\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))")
    }

    /// INSERT … ON CONFLICT(uid) DO UPDATE of `updating` (and updatedAt), only when one of them
    /// differs: an unchanged row is not written, so `changesCount` tells updated from unchanged.
    static func upsertStatement(_ db: Database, table: String, columns: [String], updating: [String]) throws -> Statement {
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
struct UpsertWriter {
    let upsert: Statement
    let insert: Statement
    var stored: Set<String>

    mutating func write(_ uid: String, _ values: [(any DatabaseValueConvertible)?]) throws {
        let statement = stored.insert(uid).inserted ? insert : upsert
        statement.setUncheckedArguments(StatementArguments(values))
        try statement.execute()
    }
}
