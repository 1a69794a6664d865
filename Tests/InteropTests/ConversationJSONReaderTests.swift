import Foundation
import XCTest
import Core
@testable import Interop

/// The direct reader of conversation files gives exactly what JSONDecoder gives, and declines
/// (so JSONDecoder reads the file and names the problem) whatever it does not expect.
final class ConversationJSONReaderTests: XCTestCase {
    private func decoded(_ text: String) throws -> ConversationJSON {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return try XCTUnwrap(UTCTimestamp.parseISO(text) ?? ConversationJSON.dateFormatter().date(from: text))
        }
        return try decoder.decode(ConversationJSON.self, from: Data(text.utf8))
    }

    private var sample: String {
        let t0 = Date(timeIntervalSince1970: 1_795_428_000.125)
        var records = ConversationRecords(conversation: Conversation(id: 4, title: "Trip “Kyoto” / 京都 🚄", provider: "openai", model: "gpt-4o",
                                                                     persona: "casual", createdAt: t0, updatedAt: t0), messages: [])
        records.messages = [
            Message(id: 1, conversationId: 4, role: .user, content: "tab\there \"quoted\" back\\slash\nnew line \u{1B}[31m é 😀",
                    createdAt: t0),
            Message(id: 2, conversationId: 4, role: .assistant, content: "Done.", status: .interrupted, provider: "openai", model: "gpt-4o",
                    inputTokens: 120, outputTokens: 9, cost: 0.0012, errorText: "Cancelled.", createdAt: t0, updatedAt: t0),
        ]
        records.toolCalls[2] = [ToolCallRecord(messageId: 2, callId: "call_1", name: "create_task", arguments: #"{"title":"x/y"}"#,
                                               result: nil, isError: true, createdAt: t0)]
        records.steps[2] = [TimelineStep(messageId: 2, position: 0, kind: .toolCall, title: "create_task", detail: "",
                                         callId: "call_1", status: .failed, startedAt: t0, duration: 0.004),
                            TimelineStep(messageId: 2, position: 1, kind: .answer, title: "answer", status: .done, startedAt: t0)]
        return try! ConversationJSON(records).text()
    }

    func testTheExportersFilesReadAsJSONDecoderReadsThem() throws {
        let text = sample
        XCTAssertEqual(ConversationJSONReader.read(Data(text.utf8)), try decoded(text))
        // Escapes the exporter does not write but JSON allows, a key it does not know, a missing optional one.
        let other = text.replacingOccurrences(of: "Kyoto", with: #"Ky\u006fto \ud83d\ude84 \/"#)
            .replacingOccurrences(of: #""persona" : "casual","#, with: #""extra" : {"a": [1, 2.5e3, null, true]},"#)
        XCTAssertNotNil(ConversationJSONReader.read(Data(other.utf8)))
        XCTAssertEqual(ConversationJSONReader.read(Data(other.utf8)), try decoded(other))
        XCTAssertEqual(ConversationJSONReader.read(Data(other.utf8))?.conversation.title, "Trip “Kyoto 🚄 /” / 京都 🚄")
    }

    func testItDeclinesWhatItDoesNotExpect() {
        let text = sample
        for bad in [text.replacingOccurrences(of: #""role" : "user""#, with: #""role" : "robot""#),
                    text.replacingOccurrences(of: #""inputTokens" : 120"#, with: #""inputTokens" : 120.5"#),
                    text.replacingOccurrences(of: #""kind" : "answer","#, with: ""),
                    text.replacingOccurrences(of: "2026-11-23T10:00:00.125Z", with: "2026-11-23T11:00:00.125+01:00"),
                    text + "x", String(text.dropLast(3)), "[]", ""] {
            XCTAssertNil(ConversationJSONReader.read(Data(bad.utf8)), bad == text ? "unchanged" : String(bad.suffix(60)))
        }
        XCTAssertNil(ConversationJSONReader.read(Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])), "not UTF-8")
    }
}
