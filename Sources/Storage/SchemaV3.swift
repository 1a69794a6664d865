import GRDB

extension Schema {
    /// v3: reminders' alert state, the columns iCalendar and vCard round-trips need, and the
    /// undo journal of tasks and todos.
    static func addAlertsInteropAndJournal(_ db: Database) throws {
        try db.alter(table: "task") { t in
            t.add(column: "alertMinutes", .integer)
            t.add(column: "snoozedUntil", .datetime)
            t.add(column: "alertedThrough", .datetime)
            t.add(column: "extra", .text)
        }
        try db.alter(table: "todo") { t in t.add(column: "extra", .text) }
        try db.alter(table: "subtask") { t in
            // ALTER TABLE cannot add a UNIQUE column or an expression default: fill, then index.
            t.add(column: "uid", .text)
            t.add(column: "dueDate", .text)
            t.add(column: "extra", .text)
        }
        try db.execute(sql: "UPDATE subtask SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL")
        try db.create(index: "subtask_on_uid", on: "subtask", columns: ["uid"], options: .unique)
        try db.create(index: "todo_on_dueDate", on: "todo", columns: ["dueDate"])
        // Index-only reads of the two grouped queries every start and every month move run:
        // the month grid's marks of single tasks, and each todo's subtask counts.
        try db.execute(sql: """
            CREATE INDEX task_marks ON task(dueDate, completed, priority) WHERE recurrence IS NULL;
            CREATE INDEX subtask_on_todoId_completed ON subtask(todoId, completed);
            """)
        try db.create(index: "subtask_on_dueDate", on: "subtask", columns: ["dueDate"])
        try db.alter(table: "contact") { t in t.add(column: "extra", .text) }
        // The Tasks pane's `/` filter: substring search over 100,000 tasks by index, not by scan.
        try db.create(virtualTable: "task_ft", using: FTS5()) { t in
            t.synchronize(withTable: "task")
            t.tokenizer = FTS5TokenizerDescriptor(components: ["trigram"])
            t.column("title")
            t.column("notes")
            t.column("category")
            t.column("list")
        }
        try createJournal(db)
    }

    /// Which tables the journal records, and the area (undo stack) each belongs to.
    static let journaledTables: [(table: String, area: JournalArea)] = [
        ("task", .tasks), ("todo", .todos), ("subtask", .todos),
    ]

    /// Triggers copy each changed row, before and after, as JSON into `journalRow`, under the
    /// entry `journalCursor` names. The cursor is set only inside `AppDatabase.journaled`, so
    /// bulk loads and undo itself are not recorded. Triggers see writes from every process.
    private static func createJournal(_ db: Database) throws {
        try db.create(table: "journalEntry") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("area", .text).notNull()
            t.column("label", .text).notNull()
            t.column("undone", .boolean).notNull().defaults(to: false)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "journalEntry_on_area_undone", on: "journalEntry", columns: ["area", "undone", "id"])
        try db.create(table: "journalRow") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("entryId", .integer).notNull().references("journalEntry", onDelete: .cascade)
            t.column("tableName", .text).notNull()
            t.column("rowId", .integer).notNull()
            t.column("before", .text)  // JSON of the row; NULL: it did not exist
            t.column("after", .text)   // JSON of the row; NULL: it was deleted
        }
        try db.create(index: "journalRow_on_entryId", on: "journalRow", columns: ["entryId"])
        try db.create(table: "journalCursor") { t in
            t.primaryKey("id", .integer)
            t.column("entryId", .integer)
        }
        try db.execute(sql: "INSERT INTO journalCursor(id, entryId) VALUES (1, NULL)")
        for (table, _) in journaledTables {
            let columns = try db.columns(in: table).map(\.name)
            func json(_ row: String) -> String {
                "json_object(" + columns.map { "'\($0)', \(row).\"\($0)\"" }.joined(separator: ", ") + ")"
            }
            let cursor = "(SELECT entryId FROM journalCursor WHERE id = 1)"
            let events = [("insert", "INSERT", "NULL", json("new"), "new.id"),
                          ("update", "UPDATE", json("old"), json("new"), "new.id"),
                          ("delete", "DELETE", json("old"), "NULL", "old.id")]
            for (name, event, before, after, rowId) in events {
                try db.execute(sql: """
                    CREATE TRIGGER journal_\(table)_\(name) AFTER \(event) ON "\(table)" WHEN \(cursor) IS NOT NULL
                    BEGIN
                        INSERT INTO journalRow(entryId, tableName, rowId, before, after)
                        VALUES (\(cursor), '\(table)', \(rowId), \(before), \(after));
                    END
                    """)
            }
        }
    }
}
