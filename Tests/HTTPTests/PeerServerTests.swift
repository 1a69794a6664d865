import XCTest
import TestSupport
@testable import HTTP

/// The loopback provider server's own vocabulary, seen through the real engine: every
/// provider endpoint answers, and the faults the Providers tests rely on do what they say.
final class PeerServerTests: XCTestCase {
    private let engine = HTTPEngine()
    private let sentence = "Hello from the loopback server: café, naïve, 日本語 and 🙂 — all in one answer."
    private let chat = #"{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]}"#

    private func events(_ request: HTTPRequest) async throws -> (Received, [SSEEvent]) {
        let received = try await Peer.receive(request, engine: engine)
        var decoder = SSEDecoder()
        return (received, decoder.feed(received.body) + decoder.finish())
    }

    private func object(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    func testAnthropicStreamsItsNamedEvents() async throws {
        let (_, events) = try await events(try Peer.request("/v1/messages", script: "tool", body: chat))
        XCTAssertEqual(events.first?.event, "message_start")
        XCTAssertEqual(events.last?.event, "message_stop")
        XCTAssertTrue(events.contains { $0.event == "ping" })
        let json = events.filter { $0.event == "content_block_delta" }.compactMap { event -> String? in
            (object(event.data)?["delta"] as? [String: Any])?["partial_json"] as? String
        }.joined()
        XCTAssertEqual(object(json)?["city"] as? String, "Zürich")
    }

    func testGeminiStreamsWithCRLFAndEndsWithAFinishReason() async throws {
        let request = try Peer.request("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
                                       body: #"{"contents":[{"role":"user","parts":[{"text":"hi"}]}]}"#)
        let (received, events) = try await events(request)
        XCTAssertTrue(received.text.contains("\r\n\r\n"))
        let texts = events.compactMap { event -> String? in
            let candidate = (object(event.data)?["candidates"] as? [[String: Any]])?.first
            let parts = (candidate?["content"] as? [String: Any])?["parts"] as? [[String: Any]]
            return parts?.compactMap { $0["text"] as? String }.joined()
        }
        XCTAssertEqual(texts.joined(), sentence)
        XCTAssertTrue(events.last?.data.contains(#""finishReason": "STOP""#) ?? false)
    }

    func testLlamaCppCompletionStreamsContentUntilStop() async throws {
        let request = try Peer.request("/completion", body: #"{"prompt":"<|user|>hi<|end|><|assistant|>","stream":true}"#)
        let (_, events) = try await events(request)
        XCTAssertEqual(events.compactMap { object($0.data)?["content"] as? String }.joined(), sentence)
        XCTAssertEqual(object(events.last?.data ?? "")?["stop"] as? Bool, true)
    }

    func testModelListsForEveryProvider() async throws {
        for (path, headers, key) in [("/v1/models", [(name: String, value: String)](), "data"),
                                     ("/v1/models", [("anthropic-version", "2023-06-01")], "data"),
                                     ("/v1beta/models", [], "models"), ("/api/tags", [], "models")] {
            let request = try Peer.request(path, headers: headers)
            let (head, body) = try await withDeadline(10) { [engine] in try await engine.data(request) }
            XCTAssertEqual(head.status, 200, path)
            let list = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
            XCTAssertFalse((list[key] as? [Any] ?? []).isEmpty, path)
        }
    }

    func testOnceFaultsFailOnlyTheFirstRequestOfTheirKey() async throws {
        let key = ("X-Scenario-Key", UUID().uuidString)
        let first = try Peer.request("/v1/chat/completions", fault: "429-once", body: chat, headers: [key])
        let (statusFirst, _) = try await withDeadline(10) { [engine] in try await engine.data(first) }
        let (statusSecond, _) = try await withDeadline(10) { [engine] in try await engine.data(first) }
        XCTAssertEqual(statusFirst.status, 429)
        XCTAssertEqual(statusFirst.retryAfter, 1)
        XCTAssertEqual(statusSecond.status, 200)
    }

    func testMalformedAndMidStreamErrorFaults() async throws {
        let (_, broken) = try await events(try Peer.openAI(fault: "malformed"))
        XCTAssertEqual(broken.filter { $0.data != "[DONE]" && object($0.data) == nil }.count, 1, "one broken line")
        let (_, anthropic) = try await events(try Peer.request("/v1/messages", fault: "overloaded", body: chat))
        XCTAssertEqual(anthropic.last?.event, "error")
        XCTAssertTrue(anthropic.last?.data.contains("overloaded_error") ?? false)
    }

    func testScriptAndFaultTagsInTheUserMessage() async throws {
        let body = #"{"model":"m","stream":true,"messages":[{"role":"user","content":"go [script:text:3] [fault:split-utf8]"}]}"#
        let received = try await Peer.receive(try Peer.request("/v1/chat/completions", body: body), engine: engine)
        XCTAssertEqual(Peer.openAIText(received.body), "Hello from the")
        let last = try await Peer.json("/_last_request", engine: engine)
        XCTAssertEqual(last["script"] as? String, "text:3")
        XCTAssertEqual(last["fault"] as? String, "split-utf8")
    }
}
