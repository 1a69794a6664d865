import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// The conversation list's reads, the session trash, and search over messages, tool results
/// and notes (v5-conversations).
final class ConversationSearchTests: StorageTestCase {
    private func add(_ db: AppDatabase, _ conversation: Conversation, _ role: Role, _ text: String) throws -> Message {
        try db.appendMessage(Message(conversationId: conversation.id!, role: role, content: text))
    }

    func testSummariesCountMessagesAndPutArchivedLast() throws {
        let db = try openDatabase()
        let a = try db.createConversation(title: "A"), b = try db.createConversation(title: "B"), c = try db.createConversation(title: "C")
        for _ in 0..<3 { _ = try add(db, a, .user, "x") }
        _ = try add(db, b, .user, "y")
        try db.setConversationArchived(id: c.id!, true)
        let summaries = try db.conversationSummaries()
        XCTAssertEqual(summaries.map(\.conversation.title), ["B", "A", "C"], "by activity, archived last")
        XCTAssertEqual(summaries.map(\.messageCount), [1, 3, 0])
    }

    /// At equal relevance the user's own words come first; tool results and notes are found.
    func testRankingPutsTheUsersWordsFirstAndReachesToolResultsAndNotes() throws {
        let db = try openDatabase()
        let c = try db.createConversation(title: "Shopping")
        let answer = try add(db, c, .assistant, "buy oat milk")
        let question = try add(db, c, .user, "buy oat milk")
        _ = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "1", name: "list_tasks", arguments: "{}",
                                                 result: "09:00 Pick up oat milk at the store"))
        _ = try db.insertNote(Note(title: "Oat milk brands", body: "the barista one foams"))
        let hits = try db.search("oat milk")
        XCTAssertEqual(hits.count, 4)
        XCTAssertEqual(hits.first?.kind, .userMessage)
        XCTAssertEqual(hits.first?.messageId, question.id)
        XCTAssertEqual(Set(hits.map(\.kind)), [.userMessage, .assistantMessage, .toolResult, .note])
        let tool = try XCTUnwrap(hits.first { $0.kind == .toolResult })
        XCTAssertEqual(tool.messageId, answer.id, "a tool result opens at the answer that made the call")
        XCTAssertEqual(try db.search("barista").map(\.kind), [.note])
        XCTAssertEqual(try db.search("foams").first?.noteId, try db.searchNotes("barista").first?.id)

        // A tool result that arrives later (the call is updated) is indexed then.
        var call = try XCTUnwrap(try db.toolCalls(messageId: answer.id!).first)
        call.result = "now about quinoa"
        try db.updateToolCall(call)
        XCTAssertEqual(try db.search("quinoa").map(\.kind), [.toolResult])
        XCTAssertEqual(try db.search("store").count, 0, "the old result left the index")
    }

    /// bm25 decides first: a user message that mentions the word once in a long text does not
    /// beat an assistant message about it, beyond the boost.
    func testRelevanceStillCounts() throws {
        let db = try openDatabase()
        let c = try db.createConversation(title: "t")
        let filler = Array(repeating: "lorem ipsum dolor sit amet", count: 40).joined(separator: " ")
        _ = try add(db, c, .user, filler + " quasar")
        let focused = try add(db, c, .assistant, "quasar quasar: a quasar")
        XCTAssertEqual(try db.search("quasar").first?.messageId, focused.id)
    }

    func testSnippetsMarkTheMatchAndAreCleaned() throws {
        let db = try openDatabase()
        let c = try db.createConversation(title: "t")
        _ = try add(db, c, .user, "before \u{1B}[31mred\u{1B}[0m text\nwith the keyword here")
        let hit = try XCTUnwrap(try db.search("keyword").first)
        let parts = hit.snippetParts
        XCTAssertEqual(parts.filter(\.match).map(\.text), ["keyword"])
        let text = parts.map(\.text).joined()
        XCTAssertFalse(text.contains("\u{1B}"), "no escape sequence reaches the screen: \(text)")
        XCTAssertFalse(text.contains("\n"))
        XCTAssertTrue(text.contains("red text with the keyword here"), text)
        XCTAssertEqual(try db.search("\"key*  OR").count, 0, "FTS syntax is just text")
    }

    /// Deleted for the session: out of the list and search, back with restore; purged for good
    /// unless the process that deleted it is still running.
    func testTrashRestoreAndPurge() throws {
        let db = try openDatabase()
        let keep = try db.createConversation(title: "Keep"), drop = try db.createConversation(title: "Drop")
        _ = try add(db, drop, .user, "walrus")
        try db.trashConversation(id: drop.id!)
        XCTAssertEqual(try db.conversationSummaries().map(\.conversation.id), [keep.id])
        XCTAssertEqual(try db.latestConversation()?.id, keep.id)
        XCTAssertTrue(try db.search("walrus").isEmpty)
        try db.restoreConversation(id: drop.id!)
        XCTAssertEqual(try db.search("walrus").count, 1)

        try db.trashConversation(id: drop.id!)
        let other = try db.createConversation(title: "Another instance's")
        try db.trashConversation(id: other.id!)
        // The parent process (the test runner's) stands for a second instance that is running.
        try db.pool.write { try $0.execute(sql: "UPDATE conversation SET deletedByPid = ? WHERE id = ?", arguments: [getppid(), other.id]) }
        XCTAssertEqual(try db.purgeTrash(), 1)
        XCTAssertNil(try db.conversation(id: drop.id!))
        XCTAssertEqual(try db.messageCount(conversationId: drop.id!), 0, "its messages went with it")
        XCTAssertNotNil(try db.conversation(id: other.id!), "a running instance's trash is its own")
    }

    func testWindowFromAnOldMessageReachesTheNewest() throws {
        let db = try openDatabase()
        let c = try db.createConversation(title: "t")
        var ids: [Int64] = []
        for i in 0..<300 { ids.append(try add(db, c, i % 2 == 0 ? .user : .assistant, "m\(i)").id!) }
        let window = try db.messages(conversationId: c.id!, from: ids[10], context: 5, minimum: 200)
        XCTAssertEqual(window.first?.id, ids[5])
        XCTAssertEqual(window.last?.id, ids[299])
        let recent = try db.messages(conversationId: c.id!, from: ids[290], context: 5, minimum: 200)
        XCTAssertEqual(recent.count, 200, "a recent hit opens with the usual last 200")
    }

    /// A v4 database's tool results and notes are searchable after the v5 migration.
    func testMigrationIndexesExistingToolResultsAndNotes() throws {
        let file = path("v4.sqlite")
        do {
            let queue = try DatabaseQueue(path: file)
            var v4 = DatabaseMigrator()
            v4.registerMigration("v1", migrate: Schema.createVersion1)
            v4.registerMigration("v2-index-finished-messages", migrate: Schema.indexFinishedMessagesOnly)
            v4.registerMigration("v3-alerts-interop-journal", migrate: Schema.addAlertsInteropAndJournal)
            v4.registerMigration("v4-todo-sections", migrate: Schema.indexTodoSections)
            try v4.migrate(queue)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO conversation(id, title, archived, createdAt, updatedAt) VALUES (1, 'c', 0, '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    INSERT INTO message(id, conversationId, role, content, status, createdAt, updatedAt)
                        VALUES (1, 1, 'assistant', 'done', 'complete', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    INSERT INTO toolCall(messageId, callId, name, arguments, result, isError, createdAt)
                        VALUES (1, 'a', 'list_tasks', '{}', 'Dentist on Friday', 0, '2026-11-23 10:00:00.000');
                    INSERT INTO note(title, body, createdAt, updatedAt) VALUES ('Wifi', 'password on the fridge', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000');
                    """)
            }
        }
        let db = try AppDatabase.open(path: file)
        XCTAssertEqual(try db.search("dentist").map(\.kind), [.toolResult])
        XCTAssertEqual(try db.search("fridge").map(\.kind), [.note])
        XCTAssertEqual(try db.conversationSummaries().count, 1)
    }
}

/// The snippet made for a hit: around the first match, matched words (by prefix, any case or
/// accent) marked, cut with an ellipsis.
final class SearchSnippetTests: XCTestCase {
    private func marked(_ snippet: String) -> String {
        snippet.replacingOccurrences(of: SearchHit.highlight.open, with: "[").replacingOccurrences(of: SearchHit.highlight.close, with: "]")
    }

    func testAroundTheFirstMatch() {
        let text = "one two three four five six seven eight Café nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen"
        XCTAssertEqual(marked(SearchSnippet.make(text, words: ["cafe"])),
                       "…five six seven eight [Café] nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen")
        XCTAssertEqual(marked(SearchSnippet.make("Buy oat milk, then MILKSHAKE!", words: ["milk"])), "Buy oat [milk], then [MILKSHAKE]!")
        XCTAssertEqual(marked(SearchSnippet.make("no match here", words: ["zzz"])), "no match here")
        XCTAssertEqual(SearchSnippet.make("", words: ["a"]), "")
        XCTAssertEqual(marked(SearchSnippet.make("买牛奶 and 面包", words: ["面包"])), "买牛奶 and [面包]")
    }
}
