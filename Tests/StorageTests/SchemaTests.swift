import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class SchemaTests: StorageTestCase {
    func testMigrationCreatesAllTables() throws {
        let db = try openDatabase()
        let tables = try db.pool.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        for table in ["conversation", "message", "toolCall", "timelineStep", "task", "todo", "subtask",
                      "contact", "note", "message_ft", "changeCounter", "grdb_migrations",
                      "journalEntry", "journalRow", "journalCursor", "toolCall_ft", "note_ft", "inputHistory"] {
            XCTAssertTrue(tables.contains(table), "missing table \(table)")
        }
        let applied = try db.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        XCTAssertEqual(applied, ["v1", "v2-index-finished-messages", "v3-alerts-interop-journal", "v4-todo-sections", "v5-conversations", "v6-branches-summaries", "v7-conversation-persona", "v8-input-history", "v9-search-prefix-indexes", "v10-series-snooze-indexes", "v11-images", "v12-sync"])
    }

    /// Subtasks written before v3 get distinct iCalendar UIDs; their other fields are kept.
    func testMigratingAV2DatabaseGivesEverySubtaskAUid() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aih-v2-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        do {
            let queue = try DatabaseQueue(path: file)
            var v2 = DatabaseMigrator()
            v2.registerMigration("v1", migrate: Schema.createVersion1)
            v2.registerMigration("v2-index-finished-messages", migrate: Schema.indexFinishedMessagesOnly)
            try v2.migrate(queue)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO todo(id, uid, title, createdAt, updatedAt) VALUES (1, 'T', 'Trip', '2026-01-01', '2026-01-01');
                    INSERT INTO subtask(todoId, title, position, createdAt, updatedAt) VALUES
                        (1, 'Passport', 0, '2026-01-01', '2026-01-01'), (1, 'Socks', 1, '2026-01-01', '2026-01-01');
                    """)
            }
        }
        let db = try AppDatabase.open(path: file)
        let subtasks = try XCTUnwrap(try db.todoTree(id: 1)).subtasks
        XCTAssertEqual(subtasks.map(\.title), ["Passport", "Socks"])
        XCTAssertEqual(Set(subtasks.map(\.uid)).count, 2)
        XCTAssertTrue(subtasks.allSatisfy { $0.uid.count == 32 })
    }

    /// A v1 database with an answer left streaming (indexed at every checkpoint then) moves to
    /// v2 with its index consistent; the answer enters the index when it finishes.
    func testMigratingAV1DatabaseTakesStreamingAnswersOutOfTheIndex() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aih-v1-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        do {
            let queue = try DatabaseQueue(path: file)
            var v1 = DatabaseMigrator()
            v1.registerMigration("v1", migrate: Schema.createVersion1)
            try v1.migrate(queue)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO conversation(title, archived, createdAt, updatedAt) VALUES ('c', 0, '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    INSERT INTO message(conversationId, role, content, status, createdAt, updatedAt)
                        VALUES (1, 'assistant', 'half an answer', 'streaming', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000'),
                               (1, 'user', 'a finished question', 'complete', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    """)
            }
        }
        let db = try AppDatabase.open(path: file)
        XCTAssertEqual(try db.searchMessages("answer").count, 0)
        XCTAssertEqual(try db.searchMessages("question").count, 1)
        try db.finishMessage(id: 1, content: "the whole answer", status: .complete, inputTokens: nil, outputTokens: nil, errorText: nil)
        XCTAssertEqual(try db.searchMessages("whole").map { $0.0.id }, [1])
        try db.pool.write { try $0.execute(sql: "INSERT INTO message_ft(message_ft) VALUES('integrity-check')") }
    }

    /// v9 makes the search indexes again with prefix indexes: what was indexed is found by its
    /// prefixes, an answer still streaming stays out, and each index is consistent.
    func testV9RebuildsTheSearchIndexesWithPrefixes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aih-v8-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        do {
            let queue = try DatabaseQueue(path: file)
            let v8 = Schema.migrator
            try v8.migrate(queue, upTo: "v8-input-history")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO conversation(title, archived, createdAt, updatedAt) VALUES ('c', 0, '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    INSERT INTO message(conversationId, role, content, status, createdAt, updatedAt)
                        VALUES (1, 'user', 'thermometer readings', 'complete', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000'),
                               (1, 'assistant', 'theatre tickets half said', 'streaming', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    INSERT INTO toolCall(messageId, callId, name, arguments, result, isError, createdAt)
                        VALUES (1, 'c1', 'weather', '{}', 'thunderstorms later', 0, '2026-11-23 10:00:00.000');
                    INSERT INTO note(title, body, createdAt, updatedAt)
                        VALUES ('Thesis', 'chapter outline', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    """)
            }
            XCTAssertNil(try queue.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'message_ft'") }?.range(of: "prefix"))
        }
        let db = try AppDatabase.open(path: file)
        for index in ["message_ft", "toolCall_ft", "note_ft"] {
            let sql = try db.pool.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [index]) }
            XCTAssertTrue(sql?.contains("prefix='2 3'") ?? false, sql ?? index)
            try db.pool.write { try $0.execute(sql: "INSERT INTO \(index)(\(index)) VALUES('integrity-check')") }
        }
        XCTAssertEqual(try db.search("th").map(\.kind).sorted { $0.rawValue < $1.rawValue }, [.note, .toolResult, .userMessage],
                       "found by a prefix in each index; the streaming answer is not indexed")
        XCTAssertEqual(try db.search("the").map(\.title).sorted(), ["Thesis", "c"], "thermometer, Thesis; not thunderstorms")
        XCTAssertEqual(try db.search("theatre").count, 0)
    }

    func testIndexesExistOnTheRightColumns() throws {
        let db = try openDatabase()
        // "CREATE [UNIQUE] INDEX name ON table(columns)" with quotes and spaces removed.
        let indexes = try db.pool.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
                .map { $0.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: " ", with: "") }
        }
        for expected in ["ONtask(dueDate)", "ONmessage(conversationId,id)", "ONtodo(position)", "ONsubtask(todoId)",
                         "ONtimelineStep(messageId,position)"] {
            XCTAssertTrue(indexes.contains { $0.hasPrefix("CREATEINDEX") && $0.hasSuffix(expected) },
                          "no index \(expected) in \(indexes)")
        }
        XCTAssertTrue(indexes.contains { $0.hasPrefix("CREATEUNIQUEINDEX") && $0.hasSuffix("ONtoolCall(messageId,callId)") })
    }

    func testPragmasWALAndForeignKeys() throws {
        let db = try openDatabase()
        try db.pool.write { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA journal_mode"), "wal")
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA foreign_keys"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA busy_timeout"), 5000)
        }
    }

    func testForeignKeysCascadeAsDeclared() throws {
        let db = try openDatabase()
        let cascades = try db.pool.write { db in
            try Set(["message", "toolCall", "timelineStep", "subtask"].flatMap { table in
                try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))").map { row in
                    "\(table).\(row["from"] as String) -> \(row["table"] as String) \(row["on_delete"] as String)"
                }
            })
        }
        XCTAssertEqual(cascades, [
            "message.conversationId -> conversation CASCADE",
            "toolCall.messageId -> message CASCADE",
            "timelineStep.messageId -> message CASCADE",
            "subtask.todoId -> todo CASCADE",
            "subtask.parentId -> subtask CASCADE",
        ])
    }

    func testReopeningAMigratedDatabaseKeepsData() throws {
        do {
            let db = try openDatabase()
            _ = try db.insertTask(TaskItem(title: "Keep me"))
        }
        let reopened = try openDatabase()
        XCTAssertEqual(try reopened.findTasks(matching: "keep me").map(\.title), ["Keep me"])
    }
}
