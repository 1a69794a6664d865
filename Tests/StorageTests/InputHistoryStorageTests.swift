import XCTest
import Core
@testable import Storage

/// The chat input's lasting history (`inputHistory`, migration v7): kept in order, a repeat of
/// the newest line not kept twice, gone with its conversation, and 100,000 lines read quickly.
final class InputHistoryStorageTests: StorageTestCase {
    func testLinesAreKeptInOrderWithTheirConversationAndSurviveReopening() throws {
        let db = try openDatabase()
        let conversation = try db.createConversation(title: "Plans")
        try db.appendInputHistory("/theme light", conversationId: nil)
        let kept = try XCTUnwrap(db.appendInputHistory("remind me to call mom", conversationId: conversation.id))
        XCTAssertEqual(kept.conversationId, conversation.id)
        XCTAssertNil(try db.appendInputHistory("remind me to call mom", conversationId: conversation.id), "a repeat of the newest line")
        try db.appendInputHistory("remind me to call mom", conversationId: nil)
        let reopened = try openDatabase()
        XCTAssertEqual(try reopened.inputHistory().map(\.text), ["/theme light", "remind me to call mom", "remind me to call mom"])
        XCTAssertEqual(try reopened.inputHistory().map(\.conversationId), [nil, conversation.id, nil])
    }

    func testDeletingAConversationDeletesWhatWasTypedInIt() throws {
        let db = try openDatabase()
        let gone = try db.createConversation(title: "Secret")
        let kept = try db.createConversation(title: "Kept")
        try db.appendInputHistory("my secret plan", conversationId: gone.id)
        try db.appendInputHistory("a plan", conversationId: kept.id)
        try db.deleteConversation(id: gone.id!)
        XCTAssertEqual(try db.inputHistory().map(\.text), ["a plan"])
    }

    /// 100,000 lines read whole in well under a second even in a debug build (release: docs/performance.md).
    func testAHundredThousandLinesReadQuickly() throws {
        let db = try openDatabase()
        try db.pool.write { d in
            for i in 0..<100_000 {
                try d.execute(sql: "INSERT INTO inputHistory (text, conversationId, createdAt) VALUES (?, NULL, ?)",
                              arguments: ["line \(i) about the plans for the week", Date()])
            }
        }
        let clock = ContinuousClock()
        var lines: [InputHistoryLine] = []
        let time = try clock.measure { lines = try db.inputHistory() }
        XCTAssertEqual(lines.count, 100_000)
        XCTAssertEqual(lines.last?.text, "line 99999 about the plans for the week")
        XCTAssertLessThan(time, .seconds(2))
    }
}
