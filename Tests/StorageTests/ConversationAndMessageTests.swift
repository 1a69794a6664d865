import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class ConversationAndMessageTests: StorageTestCase {
    private func conversationWithMessages(_ db: AppDatabase, _ contents: [String]) throws -> Conversation {
        let conversation = try db.createConversation(title: "Chat")
        for (index, content) in contents.enumerated() {
            _ = try db.appendMessage(Message(conversationId: conversation.id!, role: index % 2 == 0 ? .user : .assistant,
                                             content: content))
        }
        return conversation
    }

    func testMessagesInOrderRecentAndCount() throws {
        let db = try openDatabase()
        let conversation = try conversationWithMessages(db, (1...10).map { "m\($0)" })
        XCTAssertEqual(try db.messages(conversationId: conversation.id!).map(\.content), (1...10).map { "m\($0)" })
        XCTAssertEqual(try db.recentMessages(conversationId: conversation.id!, limit: 3).map(\.content), ["m8", "m9", "m10"])
        XCTAssertEqual(try db.messageCount(conversationId: conversation.id!), 10)
    }

    /// Each conversation keeps its own provider, model and persona (migration v7's column),
    /// read back by every way a conversation is read; changing them is not activity.
    func testConversationKeepsItsModelAndPersona() throws {
        let db = try openDatabase()
        let first = try db.createConversation(title: "One", provider: "openai", model: "gpt-a")
        let second = try db.createConversation(title: "Two", provider: "openai", model: "gpt-b")
        let before = try XCTUnwrap(db.conversation(id: first.id!)).updatedAt
        try db.setConversationModel(id: first.id!, provider: "anthropic", model: "claude-x")
        try db.setConversationPersona(id: first.id!, persona: "casual")
        let stored = try XCTUnwrap(db.conversation(id: first.id!))
        XCTAssertEqual([stored.provider, stored.model, stored.persona], ["anthropic", "claude-x", "casual"])
        XCTAssertEqual(stored.updatedAt, before)
        let listed = try db.conversationSummaries().map(\.conversation)
        XCTAssertEqual(listed.first { $0.id == first.id }?.persona, "casual")
        XCTAssertEqual(listed.first { $0.id == second.id }.map { [$0.model, $0.persona] }, ["gpt-b", nil])
        try db.setConversationPersona(id: first.id!, persona: nil)
        XCTAssertNil(try db.conversation(id: first.id!)?.persona)
    }

    func testLatestConversationFollowsActivityAndSkipsArchived() throws {
        let db = try openDatabase()
        let old = try db.createConversation(title: "Old")
        Thread.sleep(forTimeInterval: 0.01)
        let new = try db.createConversation(title: "New")
        XCTAssertEqual(try db.latestConversation()?.id, new.id)
        Thread.sleep(forTimeInterval: 0.01)
        _ = try db.appendMessage(Message(conversationId: old.id!, role: .user, content: "hi"))
        XCTAssertEqual(try db.latestConversation()?.id, old.id)
        try db.setConversationArchived(id: old.id!, true)
        XCTAssertEqual(try db.latestConversation()?.id, new.id)
        XCTAssertEqual(try db.conversations(limit: 10).map(\.title), ["New"])
        XCTAssertEqual(try db.conversations(limit: 10, includeArchived: true).count, 2)
        try db.renameConversation(id: new.id!, title: "Renamed")
        XCTAssertEqual(try db.conversation(id: new.id!)?.title, "Renamed")
        let before = try db.conversation(id: new.id!)!.updatedAt
        Thread.sleep(forTimeInterval: 0.01)
        try db.touchConversation(id: new.id!)
        XCTAssertGreaterThan(try db.conversation(id: new.id!)!.updatedAt, before)
    }

    func testCheckpointUpdatesOnlyContentAndFinishSetsTheRest() throws {
        let db = try openDatabase()
        let conversation = try db.createConversation()
        let streaming = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "",
                                                     status: .streaming, createdAt: fixedDate(), updatedAt: fixedDate()))
        try db.checkpoint(messageId: streaming.id!, content: "Hello wor")
        XCTAssertEqual(try db.searchMessages("wor").count, 0, "a streaming answer is indexed when it finishes")
        var saved = try db.message(id: streaming.id!)!
        XCTAssertEqual(saved.content, "Hello wor")
        XCTAssertEqual(saved.status, .streaming)
        XCTAssertEqual(saved.createdAt, fixedDate())
        XCTAssertGreaterThan(saved.updatedAt, fixedDate())

        try db.finishMessage(id: streaming.id!, content: "Hello world", status: .complete,
                             inputTokens: 12, outputTokens: 3, errorText: nil)
        saved = try db.message(id: streaming.id!)!
        XCTAssertEqual(saved.content, "Hello world")
        XCTAssertEqual(saved.status, .complete)
        XCTAssertEqual(saved.inputTokens, 12)
        XCTAssertEqual(saved.outputTokens, 3)
        XCTAssertEqual(try db.searchMessages("world").map { $0.0.id }, [streaming.id], "FTS follows updates")
        try db.finishMessage(id: streaming.id!, content: "Goodbye moon", status: .complete,
                             inputTokens: 12, outputTokens: 3, errorText: nil)
        XCTAssertEqual(try db.searchMessages("world").count, 0, "the old words leave the index")
        XCTAssertEqual(try db.searchMessages("moon").map { $0.0.id }, [streaming.id])
        try db.pool.write { try $0.execute(sql: "INSERT INTO message_ft(message_ft) VALUES('integrity-check')") }
    }

    func testMarkInterruptedMessagesAfterACrash() throws {
        let db = try openDatabase()
        let conversation = try db.createConversation()
        let own = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant,
                                               content: "partial", status: .streaming))
        let done = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "ok"))
        let deadProcess = try Self.pidOfFinishedProcess()
        let orphan = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant,
                                                  content: "orphan", status: .streaming))
        let live = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant,
                                                content: "live", status: .streaming))
        let zombie = try Self.zombieProcess()
        defer { var status: Int32 = 0; waitpid(zombie, &status, 0) }
        let killedButUnreaped = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant,
                                                             content: "zombie", status: .streaming))
        try db.pool.write { db in
            try db.execute(sql: "UPDATE message SET streamingPid = ? WHERE id = ?", arguments: [deadProcess, orphan.id])
            try db.execute(sql: "UPDATE message SET streamingPid = ? WHERE id = ?", arguments: [zombie, killedButUnreaped.id])
            // pid 1 is always running: another instance that is still streaming.
            try db.execute(sql: "UPDATE message SET streamingPid = 1 WHERE id = ?", arguments: [live.id])
        }

        XCTAssertEqual(try db.markInterruptedMessages(), 3)
        for id in [own.id!, orphan.id!, killedButUnreaped.id!] {
            let message = try db.message(id: id)!
            XCTAssertEqual(message.status, .interrupted)
            XCTAssertEqual(message.errorText, "The answer was cut off (the app stopped while it streamed).")
        }
        XCTAssertEqual(try db.message(id: own.id!)?.content, "partial", "the text streamed so far is kept")
        XCTAssertEqual(try db.message(id: done.id!)?.status, .complete)
        XCTAssertEqual(try db.message(id: live.id!)?.status, .streaming)
        XCTAssertEqual(try db.markInterruptedMessages(), 0)
    }

    func testDeletingAConversationCascadesToMessagesToolCallsAndSteps() throws {
        let db = try openDatabase()
        let conversation = try conversationWithMessages(db, ["question", "answer"])
        let keep = try conversationWithMessages(db, ["other"])
        let answer = try db.messages(conversationId: conversation.id!)[1]
        _ = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "c", name: "n", arguments: "{}"))
        _ = try db.insertTimelineStep(TimelineStep(messageId: answer.id!, position: 0, kind: .thought, title: "t"))

        try db.deleteConversation(id: conversation.id!)
        let counts = try db.pool.read { db in
            try ["message", "toolCall", "timelineStep"].map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)")! }
        }
        XCTAssertEqual(counts, [1, 0, 0])
        XCTAssertEqual(try db.searchMessages("question").count, 0, "FTS rows go with their messages")
        XCTAssertEqual(try db.searchMessages("other").map { $0.0.conversationId }, [keep.id!])
    }

    func testSearchFindsWordsAndPrefixesWithSnippets() throws {
        let db = try openDatabase()
        _ = try conversationWithMessages(db, ["Remind me to buy oat milk tomorrow", "Café opening hours", "nothing here"])
        let results = try db.searchMessages("milk", limit: 10)
        XCTAssertEqual(results.map { $0.0.content }, ["Remind me to buy oat milk tomorrow"])
        XCTAssertTrue(results[0].snippet.contains("«milk»"), results[0].snippet)
        XCTAssertEqual(try db.searchMessages("tomor buy").count, 1, "prefixes, all words")
        XCTAssertEqual(try db.searchMessages("cafe").count, 1, "diacritics folded")
        XCTAssertEqual(try db.searchMessages("milk hours").count, 0)
    }

    func testSearchQuotesFTSSyntax() throws {
        let db = try openDatabase()
        _ = try conversationWithMessages(db, [#"say "foo" OR bar"#, "NEAR the end", "col:umn and * star"])
        for query in [#"foo" OR"#, #"""#, "AND", "OR NOT", "NEAR(", "*", "-foo", "col:umn", "(((", "^start", "foo\"\"",
                      "   ", "", "message_ft:foo", #"\"#] {
            XCTAssertNoThrow(try db.searchMessages(query), "query \(query) must not throw")
        }
        XCTAssertEqual(try db.searchMessages(#"foo" OR"#).count, 1)
        XCTAssertEqual(try db.searchMessages("NEAR(").count, 1)
        XCTAssertEqual(try db.searchMessages("").count, 0)
    }

    /// A process killed and not yet reaped: kill(pid, 0) still succeeds on it.
    private static func zombieProcess() throws -> Int32 {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("30"), nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, "sleep", nil, nil, &argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        kill(pid, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") != true {
            usleep(5_000)
        }
        return pid
    }

    /// The pid of a process that has exited, to stand for a crashed instance.
    private static func pidOfFinishedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
