import Foundation
import XCTest
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif
import Core
@testable import Storage

/// Bulk imports suspend the per-row insert triggers and do their work once at the end
/// (`SuspendedInsertTriggers`): the full-text indexes, the undo journal and the change
/// counters must come out exactly as the triggers would have left them.
final class BulkImportTests: StorageTestCase {
    private func records(_ n: Int, words: String) -> ConversationRecords {
        let t0 = fixedDate()
        var records = ConversationRecords(conversation: Conversation(title: "Imported \(n)", createdAt: t0, updatedAt: t0), messages: [])
        for i in 0..<4 {
            let id = Int64(i + 1)
            records.messages.append(Message(id: id, conversationId: 0, role: i % 2 == 0 ? .user : .assistant,
                                            content: "\(words) number\(n) part\(i)", status: i == 3 ? .streaming : .complete,
                                            createdAt: t0, updatedAt: t0))
            if i == 1 {
                records.toolCalls[id] = [ToolCallRecord(messageId: id, callId: "c\(n)", name: "create_task", arguments: "{}",
                                                        result: "created toolresult\(n)", createdAt: t0)]
                records.steps[id] = [TimelineStep(messageId: id, position: 0, kind: .toolCall, title: "create_task", detail: "",
                                                  callId: "c\(n)", status: .done, startedAt: t0, duration: 0.5)]
            }
        }
        return records
    }

    private func triggers(_ db: AppDatabase) throws -> [String] {
        try db.pool.read { try String.fetchAll($0, sql: "SELECT name || ':' || sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name") }
    }

    /// Every (term, row, column, offset) of an FTS5 index.
    private func index(_ table: String, _ db: Database) throws -> [String] {
        try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_\(table) USING fts5vocab(main, \(table), instance)")
        return try String.fetchAll(db, sql: "SELECT term || ' ' || doc || ' ' || col || ' ' || offset FROM temp.vocab_\(table) ORDER BY 1")
    }

    /// The index as the bulk import left it equals the index rebuilt from the rows.
    private func assertIndexExact(_ table: String, _ database: AppDatabase, file: StaticString = #filePath, line: UInt = #line) throws {
        try database.pool.write { db in
            let built = try index(table, db)
            try db.execute(sql: "INSERT INTO \(table)(\(table)) VALUES ('rebuild')")
            XCTAssertEqual(built, try index(table, db), "\(table) holds exactly what a rebuild gives", file: file, line: line)
            XCTAssertFalse(built.isEmpty, file: file, line: line)
        }
    }

    func testImportedConversationsAreIndexedExactlyAndFound() throws {
        let db = try openDatabase()
        let before = try triggers(db)
        _ = try db.importConversation(records(0, words: "earlier"))  // rows that exist keep their entries
        let counter = try db.pool.read { try Int.fetchOne($0, sql: "SELECT value FROM changeCounter WHERE area = 'conversations'") }
        let stored = try db.importConversations((1...40).map { records($0, words: "zephyr lantern") })
        XCTAssertEqual(stored.count, 40)
        XCTAssertEqual(try triggers(db), before, "every trigger is back, as it was")
        XCTAssertGreaterThan(try db.pool.read { try Int.fetchOne($0, sql: "SELECT value FROM changeCounter WHERE area = 'conversations'") }!,
                             counter!, "other instances see the change")
        let hits = try db.search("zephyr number17")
        XCTAssertEqual(Set(hits.map(\.conversationId)), [stored[16].id!], "search finds the imported text")
        XCTAssertEqual(try db.search("toolresult23").map(\.conversationId), [stored[22].id!], "tool results too")
        XCTAssertFalse(try db.search("earlier").isEmpty)
        // The streaming answer came back interrupted, so it is indexed like the others.
        try assertIndexExact("message_ft", db)
        try assertIndexExact("toolCall_ft", db)
    }

    func testAFailedImportKeepsNothingAndTheTriggersStay() throws {
        let db = try openDatabase()
        let before = try triggers(db)
        struct Stop: Error {}
        XCTAssertThrowsError(try db.importingConversations { writer in
            _ = try writer.store(records(1, words: "kept"))
            throw Stop()
        })
        XCTAssertEqual(try db.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM message") }, 0)
        XCTAssertEqual(try triggers(db), before)
        let c = try db.createConversation(title: "Later")
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "written afterwards"))
        XCTAssertEqual(try db.search("afterwards").count, 1, "the triggers index a message written afterwards")
    }

    /// The journal rows, the task index and the counters an import writes in bulk are the
    /// ones the triggers write for the same rows inserted one by one.
    func testCalendarImportJournalsAndIndexesAsTheTriggersWould() throws {
        let bulk = try openDatabase("bulk.sqlite")
        let t0 = fixedDate()
        _ = try bulk.importCalendar(tasks: [TaskItem(uid: "old", title: "Old one", createdAt: t0, updatedAt: t0)], todos: [],
                                    subtasks: [], label: "first")
        let tasks = (0..<30).map { TaskItem(uid: "t\($0)", title: "Task \($0) quokka", notes: "notes \($0)", dueDate: day("2026-12-01"),
                                            category: $0 % 2 == 0 ? "Work" : nil, createdAt: t0, updatedAt: t0) }
            + [TaskItem(uid: "old", title: "Old one, renamed", createdAt: t0, updatedAt: t0)]
        let todo = Todo(uid: "todo", title: "Pack", createdAt: t0, updatedAt: t0)
        let subtask = Subtask(uid: "sub", todoId: 0, title: "Passport", createdAt: t0, updatedAt: t0)
        let counts = try bulk.importCalendar(tasks: tasks, todos: [todo], subtasks: [(subtask, "todo", nil)], label: "bulk")
        XCTAssertEqual([counts.tasks, counts.todos, counts.subtasks, counts.updated], [30, 1, 1, 1])
        try assertIndexExact("task_ft", bulk)
        XCTAssertEqual(try bulk.filterTasks("quokka").count, 30)

        // The oracle: the same rows inserted one by one into a fresh database, triggers firing.
        let oracle = try openDatabase("oracle.sqlite")
        try oracle.pool.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS bulk", arguments: [path("bulk.sqlite")])
            try db.inTransaction {
                try db.execute(sql: """
                    INSERT INTO journalEntry(id, area, label, createdAt) SELECT id, area, label, createdAt FROM bulk.journalEntry;
                    INSERT INTO task SELECT * FROM bulk.task WHERE uid = 'old';
                    UPDATE journalCursor SET entryId = (SELECT id FROM journalEntry WHERE label = 'bulk');
                    INSERT INTO task SELECT * FROM bulk.task WHERE uid != 'old' ORDER BY id;
                    INSERT INTO todo SELECT * FROM bulk.todo ORDER BY id;
                    INSERT INTO subtask SELECT * FROM bulk.subtask ORDER BY id;
                    UPDATE journalCursor SET entryId = NULL;
                    """)
                return .commit
            }
            let journal = "SELECT tableName, rowId, before, after FROM %@journalRow WHERE entryId = (SELECT id FROM journalEntry WHERE label = 'bulk') AND before IS NULL ORDER BY tableName, rowId"
            let expected = try Row.fetchAll(db, sql: String(format: journal, ""))
            let got = try Row.fetchAll(db, sql: String(format: journal, "bulk."))
            XCTAssertEqual(got.count, 32, "30 tasks, a todo and a subtask inserted")
            XCTAssertEqual(got, expected, "the bulk journal rows are the triggers' rows")
        }
        // Undo takes the whole import back, the renamed task included; redo brings it again.
        XCTAssertEqual(try bulk.undo(.tasks)?.label, "bulk")
        XCTAssertEqual(try bulk.allTasks().map(\.title), ["Old one"])
        XCTAssertTrue(try bulk.todoTrees().isEmpty)
        XCTAssertNotNil(try bulk.redo(.tasks))
        XCTAssertEqual(try bulk.allTasks().count, 31)
        try assertIndexExact("task_ft", bulk)
    }

    /// 12,000 tasks (10 MB of rows, journal and indexes) stay in the page cache until commit, so no page
    /// is written and read again mid-run; afterwards the connection's cache and the full-text
    /// index's settings are what they were, and the index is exact.
    func testABulkImportSpillsNoPageAndPutsItsSettingsBack() throws {
        let db = try openDatabase()
        let t0 = fixedDate()
        let cacheBefore = try db.pool.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        let tasks = (0..<12_000).map { i in
            TaskItem(uid: "u\((i * 7_919) % 12_000)", title: "Task \(i) wombat", notes: String(repeating: "notes \(i) ", count: 20),
                     dueDate: CivilDate(year: 2026, month: 1, day: 1).adding(days: i % 700), createdAt: t0, updatedAt: t0)
        }
        try db.pool.write { db in  // the writer's spill count, from zero
            var current: Int32 = 0, highest: Int32 = 0
            sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_SPILL, &current, &highest, 1)
        }
        _ = try db.importCalendar(tasks: tasks, todos: [], subtasks: [], label: "many")
        try db.pool.write { db in
            var spilled: Int32 = 0, highest: Int32 = 0
            sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_SPILL, &spilled, &highest, 0)
            XCTAssertEqual(spilled, 0, "no page was written to the WAL before the commit")
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA cache_size"), cacheBefore)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM task_ft_config WHERE k = 'hashsize'"), 0)
        }
        XCTAssertEqual(try db.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM task_ft('wombat')") }, 12_000)
        try assertIndexExact("task_ft", db)
    }

    /// New UIDs go through a plain INSERT; a UID given twice in one run (possible through the API,
    /// not from one .ics) is inserted once and then updated, as the upsert always did.
    func testAUIDTwiceInOneRunIsInsertedThenUpdated() throws {
        let db = try openDatabase()
        let t0 = fixedDate()
        let counts = try db.importCalendar(tasks: [TaskItem(uid: "same", title: "First", createdAt: t0, updatedAt: t0),
                                                   TaskItem(uid: "other", title: "Other", createdAt: t0, updatedAt: t0),
                                                   TaskItem(uid: "same", title: "Second", createdAt: t0, updatedAt: t0)],
                                           todos: [Todo(uid: "t", title: "A", createdAt: t0, updatedAt: t0),
                                                   Todo(uid: "t", title: "B", createdAt: t0, updatedAt: t0)],
                                           subtasks: [], label: "twice")
        XCTAssertEqual(try db.allTasks().map(\.title).sorted(), ["Other", "Second"])
        XCTAssertEqual(try db.todoTrees().map(\.todo.title), ["B"])
        XCTAssertEqual([counts.tasks, counts.todos, counts.updated], [3, 1, 1], "counted as the upsert alone counted them")
        try assertIndexExact("task_ft", db)
    }

    /// Everything a calendar import leaves: rows, the journal (without its timestamps), the index.
    private func everything(_ database: AppDatabase) throws -> [String] {
        try database.pool.write { db in
            try String.fetchAll(db, sql: "SELECT quote(id) || uid || title || notes || quote(dueDate) || quote(dueTime) || quote(extra) FROM task ORDER BY id")
                + String.fetchAll(db, sql: "SELECT id || uid || title || position FROM todo ORDER BY id")
                + String.fetchAll(db, sql: "SELECT id || uid || todoId || quote(parentId) FROM subtask ORDER BY id")
                + String.fetchAll(db, sql: "SELECT id || ' ' || area || label FROM journalEntry ORDER BY id")
                + String.fetchAll(db, sql: "SELECT id || entryId || tableName || rowId || quote(before) || quote(after) FROM journalRow ORDER BY id")
                + index("task_ft", db)
        }
    }

    /// Stored while read, batch by batch (with catch-ups of the journal and the index between
    /// them): the same rows, journal and index as the whole input at once.
    func testStoringWhileReadingLeavesWhatStoringAtOnceLeaves() throws {
        let t0 = fixedDate()
        let tasks = (0..<(AppDatabase.catchUpRows + 2_500)).map { i in
            TaskItem(uid: "s\(i)", title: "Streamed \(i) numbat", notes: "notes \(i)", dueDate: CivilDate(year: 2026, month: 1, day: 1).adding(days: i % 300),
                     createdAt: t0, updatedAt: t0)
        }
        let todos = [Todo(uid: "todo", title: "Pack", createdAt: t0, updatedAt: t0)]
        let subtasks: [LinkedSubtaskRow] = [(Subtask(uid: "sub", todoId: 0, title: "Passport", createdAt: t0, updatedAt: t0), "todo", nil)]
        let whole = try openDatabase("whole.sqlite"), streamed = try openDatabase("streamed.sqlite")
        let counts = try whole.importCalendar(tasks: tasks, todos: todos, subtasks: subtasks, label: "import")
        var batches = 0
        let streamedCounts = try streamed.importCalendar(label: "import") { store in
            for start in stride(from: 0, to: tasks.count, by: 1_000) {
                try store(Array(tasks[start..<min(tasks.count, start + 1_000)]))
                batches += 1
            }
            return (todos, subtasks)
        }
        XCTAssertEqual(batches, 13)
        XCTAssertEqual(streamedCounts, counts)
        XCTAssertEqual(try everything(streamed), try everything(whole))
        try assertIndexExact("task_ft", streamed)
        XCTAssertEqual(try triggers(streamed), try triggers(whole))
        XCTAssertEqual(try streamed.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM task_ft_config WHERE k = 'hashsize'") }, 0)
        XCTAssertEqual(try streamed.undo(.tasks)?.label, "import")
        XCTAssertTrue(try streamed.allTasks().isEmpty)
    }

    /// An error while reading, after batches were stored (and caught up), keeps nothing; a UID
    /// twice, or only todos, is refused (`ReadWholeFirst`) and keeps nothing either.
    func testAnErrorAfterStoredBatchesKeepsNothing() throws {
        struct Malformed: Error {}
        let db = try openDatabase()
        let t0 = fixedDate()
        let before = try triggers(db)
        let tasks = (0..<(AppDatabase.catchUpRows + 1_000)).map { TaskItem(uid: "u\($0)", title: "Task \($0)", createdAt: t0, updatedAt: t0) }
        XCTAssertThrowsError(try db.importCalendar(label: "bad") { store in
            try store(Array(tasks))
            throw Malformed()
        }) { XCTAssertTrue($0 is Malformed, "\($0)") }
        XCTAssertThrowsError(try db.importCalendar(label: "twice") { store in
            try store([tasks[0], tasks[1]])
            try store([tasks[0]])
            return ([], [])
        }) { XCTAssertTrue($0 is ReadWholeFirst, "\($0)") }
        XCTAssertThrowsError(try db.importCalendar(label: "todos") { _ in
            ([Todo(uid: "t", title: "T", createdAt: t0, updatedAt: t0)], [])
        }) { XCTAssertTrue($0 is ReadWholeFirst, "\($0)") }
        try db.pool.read { db in
            for table in ["task", "todo", "journalEntry", "journalRow", "task_ft"] {
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)"), 0, table)
            }
        }
        XCTAssertEqual(try triggers(db), before, "the triggers are back")
    }

    func testTheCatchUpOfEachTriggerShape() {
        let ft = """
            CREATE TRIGGER message_ft_insert AFTER INSERT ON message WHEN new.status != 'streaming' BEGIN
                INSERT INTO message_ft(rowid, content) VALUES (new.id, new.content);
            END
            """
        XCTAssertEqual(SuspendedInsertTriggers.catchUp(of: ft, table: "message")?.0,
                       "INSERT INTO message_ft(rowid, content) SELECT new.id, new.content FROM \"message\" AS new WHERE new.id > ? AND (new.status != 'streaming')")
        let counter = #"CREATE TRIGGER c AFTER INSERT ON "task" BEGIN UPDATE changeCounter SET value = value + 1 WHERE area = 'tasks'; END"#
        XCTAssertEqual(SuspendedInsertTriggers.catchUp(of: counter, table: "task")?.1, false, "runs once")
        XCTAssertNil(SuspendedInsertTriggers.catchUp(of: #"CREATE TRIGGER u AFTER UPDATE ON "task" BEGIN UPDATE changeCounter SET value = 1; END"#,
                                                     table: "task"), "only insert triggers")
        XCTAssertNil(SuspendedInsertTriggers.catchUp(of: #"CREATE TRIGGER two AFTER INSERT ON "task" BEGIN DELETE FROM x; DELETE FROM y; END"#,
                                                     table: "task"), "a shape it does not know fires per row")
    }
}

/// Bulk writes bind dates as text made without GRDB's DateFormatter: it must be the text GRDB makes.
final class StoredDateTextTests: XCTestCase {
    func testTheTextIsGRDBsForAnyDate() {
        var generator = SystemRandomNumberGenerator()
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.0005), Date(timeIntervalSince1970: 1_795_428_000.9999),
                     Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 951_782_400), Date()]
        for _ in 0..<20_000 {
            dates.append(Date(timeIntervalSince1970: Double.random(in: -5_000_000_000...8_000_000_000, using: &generator)))
        }
        for date in dates {
            XCTAssertEqual(StoredDate.value(date), date.databaseValue, "\(date.timeIntervalSinceReferenceDate)")
        }
        XCTAssertEqual(StoredDate.value(Date.distantFuture), Date.distantFuture.databaseValue, "outside 1…9999: GRDB's own")
    }
}
