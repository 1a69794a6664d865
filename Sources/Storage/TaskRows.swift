import Foundation
import GRDB
import Core

/// Writes imported tasks by UID with prepared statements (`UpsertWriter`), batch after batch,
/// counting new, updated and unchanged rows.
struct TaskRows {
    private static let columns = ["uid", "title", "notes", "dueDate", "dueTime", "durationMinutes", "category", "priority",
                                  "completed", "completedAt", "recurrence", "list", "alertMinutes", "extra", "createdAt", "updatedAt"]
    private let existing: Set<String>
    private var writer: UpsertWriter
    /// With `onceEach`, the UIDs of this run: a second one is refused (`ReadWholeFirst`).
    private var run: Set<String>?

    init(_ db: Database, onceEach: Bool) throws {
        existing = try Set(String.fetchAll(db, sql: "SELECT uid FROM task"))
        let upsert = try AppDatabase.upsertStatement(db, table: "task", columns: Self.columns,
            updating: ["title", "notes", "dueDate", "dueTime", "durationMinutes", "category", "priority", "completed",
                       "completedAt", "recurrence", "list", "alertMinutes", "extra"])
        writer = UpsertWriter(upsert: upsert, insert: try AppDatabase.insertStatement(db, table: "task", columns: Self.columns),
                              stored: existing)
        run = onceEach ? [] : nil
    }

    /// No task was stored before the run: every row it writes is new.
    var nothingStoredBefore: Bool { existing.isEmpty }

    mutating func write(_ tasks: [TaskItem], _ counts: inout ImportCounts, _ db: Database, _ progress: (Int) -> Void) throws {
        for t in tasks {
            if run != nil, !run!.insert(t.uid).inserted { throw ReadWholeFirst() }
            try writer.write(t.uid, [t.uid, t.title, t.notes, t.dueDate, t.dueTime, t.durationMinutes, t.category, t.priority,
                                     t.completed, StoredDate.value(t.completedAt), t.recurrence, t.list, t.alertMinutes, t.extra,
                                     StoredDate.value(t.createdAt), StoredDate.value(t.updatedAt)])
            AppDatabase.count(existed: existing.contains(t.uid), changed: db.changesCount > 0, new: \.tasks, &counts)
            progress(counts.done)
        }
    }
}
