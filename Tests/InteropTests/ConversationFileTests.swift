import Foundation
import XCTest
import Core
import Storage
import Interop

/// `export --conversation` and `import --conversation` on a real database: JSON round trip,
/// Markdown with the timeline in details blocks, malformed files refused with the reason.
final class ConversationFileTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!
    let t0 = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23 10:00 UTC

    /// A conversation with a tool call, its timeline, an interrupted answer and odd text.
    private func stored(in db: AppDatabase) throws -> Conversation {
        let c = try db.createConversation(title: "Call mom", provider: "openai", model: "gpt-4o", persona: "casual")
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "remind me to call mom", createdAt: t0))
        let answer = try db.appendMessage(Message(conversationId: c.id!, role: .assistant, content: "Done.\nCreated “Call mom”.",
                                                  provider: "openai", model: "gpt-4o", inputTokens: 120, outputTokens: 9, cost: 0.0012,
                                                  createdAt: t0.addingTimeInterval(1.25)))
        _ = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "call_1", name: "create_task",
                                                 arguments: #"{"title":"Call mom"}"#, result: "Created task “Call mom”.", createdAt: t0))
        _ = try db.insertTimelineStep(TimelineStep(messageId: answer.id!, position: 0, kind: .toolCall, title: "create_task",
                                                   detail: "title: \"Call mom\"", callId: "call_1", status: .done, startedAt: t0, duration: 0.004))
        _ = try db.insertTimelineStep(TimelineStep(messageId: answer.id!, position: 1, kind: .toolResult, title: "result",
                                                   detail: "line one\n```\nline \u{1B}[2Jthree", callId: "call_1", status: .done,
                                                   startedAt: t0, duration: nil))
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "and \u{1B}]0;title\u{7} dad?", createdAt: t0.addingTimeInterval(60)))
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .assistant, content: "Part", status: .interrupted,
                                         errorText: "Cancelled.", createdAt: t0.addingTimeInterval(61)))
        return c
    }

    /// Export → import → export gives the same file but for the ids, which are new.
    func testJSONRoundTrip() throws {
        let db = try AppDatabase.temporary()
        let original = try stored(in: db)
        let first = try ConversationJSON(XCTUnwrap(try db.conversationRecords(id: original.id!))).text()
        XCTAssertTrue(first.contains(#""format" : "aihelper-conversation""#))
        XCTAssertTrue(first.contains(#""version" : 1"#))
        XCTAssertTrue(first.contains(#""errorText" : null"#), "missing values are written as null")
        XCTAssertTrue(first.contains(#""persona" : "casual""#), "the conversation's own persona goes with it")
        let older = first.replacingOccurrences(of: #""persona" : "casual","#, with: "")
        XCTAssertNil(try ConversationJSON.read(Data(older.utf8)).conversation.persona, "a file from before personas were kept still reads")

        let imported = try db.importConversation(ConversationJSON.read(Data(first.utf8)).records)
        XCTAssertNotEqual(imported.id, original.id)
        let again = try XCTUnwrap(try db.conversationRecords(id: imported.id!))
        XCTAssertEqual([again.conversation.model, again.conversation.persona], ["gpt-4o", "casual"])
        XCTAssertEqual(again.messages.count, 4)
        XCTAssertEqual(again.toolCalls.values.joined().count, 1)
        XCTAssertEqual(again.steps.values.joined().count, 2)
        XCTAssertTrue(again.messages.allSatisfy { $0.conversationId == imported.id })
        let second = try ConversationJSON(again).text()
        XCTAssertEqual(Self.withoutIds(second), Self.withoutIds(first))
        XCTAssertNotEqual(second, first, "the ids are new")
        XCTAssertEqual(try db.search("dad").count, 2, "the copy is searchable like the original")
    }

    func testMarkdownHasRolesTimesAndTheTimelineInDetails() throws {
        let db = try AppDatabase.temporary()
        let c = try stored(in: db)
        let text = ConversationMarkdown.write(try XCTUnwrap(try db.conversationRecords(id: c.id!)), timeZone: utc)
        XCTAssertTrue(text.hasPrefix("# Call mom\n"))
        XCTAssertTrue(text.contains("## You · 2026-11-23 10:00:00\n\nremind me to call mom"))
        XCTAssertTrue(text.contains("## Assistant · openai · gpt-4o · 2026-11-23 10:00:01"))
        XCTAssertTrue(text.contains("<details><summary>Timeline: 2 steps</summary>"))
        XCTAssertTrue(text.contains("- ✓ **toolCall** create_task (4 ms)"))
        XCTAssertTrue(text.contains("  ~~~~\n  line one\n  ```\n  line three\n  ~~~~"), "a fence the detail cannot close:\n\(text)")
        XCTAssertTrue(text.contains("</details>"))
        XCTAssertTrue(text.contains("> interrupted: Cancelled."))
        XCTAssertFalse(text.contains("\u{1B}"), "no escape sequences in the file")
        XCTAssertFalse(text.contains("\u{7}"))
    }

    /// A malformed file names what is wrong and nothing is stored.
    func testMalformedFilesAreRefusedWithTheReason() throws {
        let db = try AppDatabase.temporary()
        let c = try stored(in: db)
        let good = try ConversationJSON(XCTUnwrap(try db.conversationRecords(id: c.id!))).text()
        let cases: [(String, String)] = [
            ("[1, 2]", "not a JSON object"),
            ("{ not json", "not a JSON object"),
            (#"{"tasks": []}"#, #"the "format" field is missing"#),
            (good.replacingOccurrences(of: #""version" : 1"#, with: #""version" : 7"#), "version 7 is not one this AI Helper reads"),
            (good.replacingOccurrences(of: #""role" : "user""#, with: #""role" : "robot""#), "messages[0].role has a value it cannot have (robot)"),
            (good.replacingOccurrences(of: #""title" : "Call mom","#, with: ""), "conversation.title is missing"),
            (good.replacingOccurrences(of: #""isError" : false"#, with: #""isError" : "no""#), "messages[1].toolCalls[0].isError is not true or false"),
            (good.replacingOccurrences(of: "2026-11-23T10:00:00.000Z", with: "yesterday"), "is not an ISO 8601 date"),
            (good.replacingOccurrences(of: "remind me to call mom", with: #"remind me\u0000 to call mom"#), "a string holds a NUL character"),
        ]
        let before = try db.conversationSummaries().count
        for (text, expected) in cases {
            XCTAssertThrowsError(try ConversationJSON.read(Data(text.utf8)), expected) { error in
                let message = (error as? InteropError)?.message ?? "\(error)"
                XCTAssertTrue(message.contains(expected), "\(message) should say \(expected)")
            }
        }
        XCTAssertEqual(try db.conversationSummaries().count, before)

        // The error says where: the line and column of the field, or where the text stops being JSON.
        func place(of needle: String, in text: String) -> String {
            let head = text[..<text.range(of: needle)!.lowerBound]
            let lines = head.split(separator: "\n", omittingEmptySubsequences: false)
            return "\(lines.count):\(lines.last!.count + 1)"
        }
        let placed: [(String, String)] = [
            (good.replacingOccurrences(of: #""role" : "user""#, with: #""role" : "robot""#), #""robot""#),
            (good.replacingOccurrences(of: #""isError" : false"#, with: #""isError" : "no""#), #""no""#),
            (good.replacingOccurrences(of: "2026-11-23T10:00:00.000Z", with: "yesterday"), #""yesterday""#),
            (good.replacingOccurrences(of: "remind me to call mom", with: #"remind me\u0000 to call mom"#), #"\u0000"#),
            (good.replacingOccurrences(of: #""version" : 1"#, with: #""version" : 77777"#), "77777"),
            (good.replacingOccurrences(of: #""role" : "user","#, with: #""role" : "user",@"#), "@"),
        ]
        for (text, needle) in placed {
            XCTAssertThrowsError(try ConversationJSON.read(Data(text.utf8))) { error in
                XCTAssertEqual((error as? InteropError)?.place, place(of: needle, in: text), "\(error)")
            }
        }
        let escapedBackslash = good.replacingOccurrences(of: "remind me to call mom", with: #"C:\\u0000 is a path"#)
        XCTAssertEqual(try ConversationJSON.read(Data(escapedBackslash.utf8)).messages.first?.content, #"C:\u0000 is a path"#)
    }

    func testAStreamingAnswerComesBackInterrupted() throws {
        let db = try AppDatabase.temporary()
        var records = ConversationRecords(conversation: Conversation(title: "t"), messages: [
            Message(id: 5, conversationId: 9, role: .assistant, content: "half", status: .streaming),
        ])
        records.steps[5] = [TimelineStep(messageId: 5, position: 0, kind: .thought, title: "thinking")]
        let imported = try db.importConversation(records)
        let message = try XCTUnwrap(try db.messages(conversationId: imported.id!).first)
        XCTAssertEqual(message.status, .interrupted)
        XCTAssertEqual(try db.timelineSteps(messageIds: [message.id!])[message.id!]?.count, 1)
    }

    /// Every writer cleans (Markdown) or escapes (JSON) what came from outside, so the app's
    /// /export and the CLI's files hold nothing a terminal would act on; JSON reads back the same.
    func testExportsHoldNoRawControls() throws {
        let hostile = "Evil\u{1B}]0;owned\u{07}\u{9B}31mTi\u{202E}tle"
        let records = ConversationRecords(conversation: Conversation(id: 1, title: hostile, provider: hostile, model: hostile), messages: [
            Message(id: 5, conversationId: 1, role: .assistant, content: hostile, provider: hostile, model: hostile, errorText: hostile),
        ])
        let markdown = ConversationMarkdown.write(records, timeZone: .current)
            + MarkdownExport.write(tasks: [TaskItem(title: hostile, notes: hostile, category: hostile)], todos: [])
        XCTAssertEqual(Sanitizer.clean(markdown), markdown)
        XCTAssertTrue(markdown.contains("# EvilTitle"), markdown)
        let json = try ConversationJSON(records).text() + ExportJSON.prettyText([TaskJSON(TaskItem(title: hostile))])
        XCTAssertFalse(json.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{1B}" }, json)
        XCTAssertEqual(try ConversationJSON.read(Data(try ConversationJSON(records).text().utf8)).records.conversation.title, hostile)
    }

    /// Ids are new on import: leave them out to compare two exports.
    static func withoutIds(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix(#""id" :"#) }.joined(separator: "\n")
    }
}

/// The exporter's dates are read without a formatter: the same instant as ISO8601DateFormatter gives.
final class UTCTimestampTests: XCTestCase {
    func testISODatesAgreeWithTheFormatterAndOtherTextIsRefused() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in ["2026-11-23T10:00:00.000Z", "1999-12-31T23:59:59.999Z", "2024-02-29T00:00:00.001Z", "2026-03-29T01:30:15.250Z"] {
            XCTAssertEqual(UTCTimestamp.parseISO(text)!.timeIntervalSince1970, formatter.date(from: text)!.timeIntervalSince1970,
                           accuracy: 1e-6, text)
        }
        XCTAssertEqual(UTCTimestamp.parseISO("2026-11-23T10:00:00Z"), ISO8601DateFormatter().date(from: "2026-11-23T10:00:00Z"))
        for bad in ["2026-11-23T10:00:00.000", "2026-11-23T10:00:00+01:00", "2026-13-01T10:00:00Z", "yesterday", ""] {
            XCTAssertNil(UTCTimestamp.parseISO(bad), bad)
        }
    }
}
