import Foundation
import XCTest
import Core
import Storage

/// `aihelper search` through the real binary: one cleaned line per result (conversation, date,
/// role, snippet) or JSON, `--limit`, `--conversation`, and input that is all FTS syntax.
final class CLISearchTests: HomeFolderTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CLIRunner(home: home).run(["search"] + arguments, environment: ["TZ": "UTC"])
    }

    private func fill() throws -> (trip: Conversation, other: Conversation) {
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let day = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21 14:13 UTC
        var trip = Conversation(title: "Trip \u{1B}[2Jplans", createdAt: day, updatedAt: day)
        var other = Conversation(title: "Other", createdAt: day, updatedAt: day)
        try db.bulkInsert(conversations: [
            (trip, [Message(conversationId: 0, role: .user, content: "book the ferry to Zanzibar", createdAt: day),
                    Message(conversationId: 0, role: .assistant, content: "The \u{1B}]0;owned\u{7}ferry\nleaves at nine", createdAt: day.addingTimeInterval(60))]),
            (other, [Message(conversationId: 0, role: .user, content: "no boats here, just a ferry tale", createdAt: day.addingTimeInterval(120))]),
        ])
        trip = try XCTUnwrap(try db.conversationSummaries().map(\.conversation).first { $0.title.hasPrefix("Trip") })
        other = try XCTUnwrap(try db.conversationSummaries().map(\.conversation).first { $0.title == "Other" })
        return (trip, other)
    }

    func testLinesAreConversationDateRoleAndACleanSnippet() throws {
        let (trip, other) = try fill()
        let result = try run(["ferry"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.out)
        XCTAssertTrue(lines.contains("#\(trip.id!) Trip plans · 2026-09-21 14:13 · user · book the ferry to Zanzibar"), result.out)
        XCTAssertTrue(lines.contains("#\(trip.id!) Trip plans · 2026-09-21 14:14 · assistant · The ferry leaves at nine"), result.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("#\(other.id!) Other · 2026-09-21 14:15 · user · ") }, result.out)
        XCTAssertFalse(result.out.contains("\u{1B}"), "no escape sequence reaches the terminal")
        XCTAssertFalse(result.out.contains("\u{7}"))
        XCTAssertEqual(try run(["ferry", "--limit", "1"]).out.split(separator: "\n").count, 1)
        let only = try run(["ferry", "--conversation", String(other.id!)])
        XCTAssertEqual(only.out.split(separator: "\n").count, 1, only.out)
        XCTAssertTrue(only.out.hasPrefix("#\(other.id!) Other"), only.out)
        let missing = try run(["ferry", "--conversation", "999"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.err, "aihelper: no conversation #999\n")
    }

    func testJSONHasTheFieldsTheDocsName() throws {
        let (trip, _) = try fill()
        let result = try run(["zanzibar", "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0]["conversationId"] as? Int, Int(trip.id!))
        XCTAssertEqual(rows[0]["conversationTitle"] as? String, "Trip \u{1B}[2Jplans", "JSON keeps the text, escaped")
        XCTAssertEqual(rows[0]["role"] as? String, "user")
        XCTAssertEqual(rows[0]["date"] as? String, "2026-09-21T14:13:20Z")
        XCTAssertEqual(rows[0]["snippet"] as? String, "book the ferry to Zanzibar")
        XCTAssertNotNil(rows[0]["messageId"] as? Int)
        XCTAssertFalse(result.out.contains("\u{1B}"), "no raw escape in the JSON text")
        XCTAssertEqual(try run(["nothing-like-it", "--json"]).out, "[]\n")
    }

    /// Only FTS syntax, a long word, CJK, emoji: an answer, never SQLite's words.
    func testHostileQueriesAnswerPlainly() throws {
        _ = try fill()
        for query in ["\"", "*", "NEAR", "-", "AND", "OR", "NOT", "(", "\"ferry", "ferry*", "ferry OR", String(repeating: "q", count: 1_000), "世界", "🎉"] {
            let result = try run([query])
            XCTAssertEqual(result.status, 0, "\(query): \(result.err)")
            XCTAssertEqual(result.err, "", query)
            XCTAssertFalse(result.out.lowercased().contains("sqlite") || result.out.contains("fts5"), result.out)
        }
        XCTAssertEqual(try run(["\"ferry"]).out.split(separator: "\n").count, 3, "a quote is not syntax")
        XCTAssertEqual(try run(["*"]).out, "Nothing found for “*”.\n")
        XCTAssertEqual(try run(["ferry", "--limit", "0"]).status, 2)
    }
}
