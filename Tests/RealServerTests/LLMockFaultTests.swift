import Foundation
import XCTest
import Core
import Providers
import TestSupport

/// llmock (PyPI, chaos engineering for LLM clients) breaks every stream it serves the way
/// its `--stream-fault KIND=1` flag says, somewhere in the first six chunks, and answers a
/// forced status (`x-llmock-force-status`) with the provider's error body and `Retry-After`.
/// Each fault must end as the right `ProviderError` kind — never a crash, never a `.done`, and
/// whatever text came first is a clean prefix of the answer.
final class LLMockFaultTests: XCTestCase {
    static func llmock(_ fault: String) -> SharedServer {
        // echo: the answer is "Hello! You said: <prompt>", one chunk per word, so a fault in the
        // first six chunks always lands before the finish chunk.
        SharedServer { try RealServers.llmock(["--response-style", "echo", "--stream-fault", "\(fault)=1"]) }
    }
    static let disconnect = llmock("disconnect")
    static let truncate = llmock("truncate")
    static let malformed = llmock("malformed")
    override class func tearDown() { SharedServer.stop([disconnect, truncate, malformed]) }

    static let prompt = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    static let fullAnswer = "Hello! You said: " + prompt
    let request = ChatRequest(messages: [ChatMessage(role: .user, content: LLMockFaultTests.prompt)], maxTokens: 100)

    func openAI(_ server: SharedServer) throws -> ProviderSettings {
        .loopback(.openai, try server.get().baseURL + "/v1", model: "gpt-4.1-mini")
    }
    func anthropic(_ server: SharedServer) throws -> ProviderSettings {
        .loopback(.anthropic, try server.get().baseURL + "/anthropic", model: "claude-sonnet-4-5")
    }

    // MARK: disconnect: the server drops the connection mid-stream

    func testOpenAIDisconnectIsACutConnection() async throws {
        let answer = try await Pipeline.run(request, settings: try openAI(Self.disconnect))
        assertBroken(answer, as: .network)
        XCTAssertEqual(answer.transportError, .connectionLost, "libcurl sees the chunked body cut off: \(answer.summary)")
        XCTAssertTrue(answer.error?.message.contains("closed before the answer was complete") ?? false, answer.summary)
    }

    func testAnthropicDisconnectIsACutConnection() async throws {
        let answer = try await Pipeline.run(request, settings: try anthropic(Self.disconnect))
        assertBroken(answer, as: .network)
        XCTAssertEqual(answer.transportError, .connectionLost, answer.summary)
    }

    // MARK: truncate: the HTTP response ends cleanly, without the stream's own end

    func testOpenAITruncateIsCaughtByTheParserAtTheEnd() async throws {
        let answer = try await Pipeline.run(request, settings: try openAI(Self.truncate))
        assertBroken(answer, as: .network)
        XCTAssertNil(answer.transportError, "the HTTP response itself ended cleanly")
        XCTAssertFalse(answer.body.isEmpty)
        XCTAssertFalse(String(decoding: answer.body, as: UTF8.self).contains("[DONE]"), "truncated streams have no [DONE]")
    }

    func testAnthropicTruncateIsCaughtByTheParserAtTheEnd() async throws {
        let answer = try await Pipeline.run(request, settings: try anthropic(Self.truncate))
        assertBroken(answer, as: .network)
        XCTAssertNil(answer.transportError, "the HTTP response itself ended cleanly")
        XCTAssertFalse(String(decoding: answer.body, as: UTF8.self).contains("message_stop"))
    }

    // MARK: malformed: one event's JSON cut in half, the SSE framing kept

    func testOpenAIMalformedEventIsAMalformedStream() async throws {
        let answer = try await Pipeline.run(request, settings: try openAI(Self.malformed))
        assertBroken(answer, as: .malformedStream)
    }

    func testAnthropicMalformedEventIsAMalformedStream() async throws {
        let answer = try await Pipeline.run(request, settings: try anthropic(Self.malformed))
        assertBroken(answer, as: .malformedStream)
    }

    // MARK: forced 429 with Retry-After, in each provider's error shape

    func testOpenAIForced429IsRateLimitedWithRetryAfter() async throws {
        let answer = try await Pipeline.run(request, settings: try openAI(Self.truncate), headers: ["x-llmock-force-status": "429"])
        XCTAssertEqual(answer.status, 429, answer.summary)
        XCTAssertEqual(answer.error?.kind, .rateLimited, answer.summary)
        XCTAssertEqual(answer.error?.retryAfter, 1, "llmock sends retry-after: 1 (and retry-after-ms: 1000)")
        XCTAssertTrue(answer.error?.isRetryable ?? false)
        XCTAssertTrue(answer.events.isEmpty)
    }

    func testAnthropicForced429IsRateLimitedWithRetryAfter() async throws {
        let answer = try await Pipeline.run(request, settings: try anthropic(Self.truncate), headers: ["x-llmock-force-status": "429"])
        XCTAssertEqual(answer.status, 429, answer.summary)
        XCTAssertEqual(answer.error?.kind, .rateLimited, answer.summary)
        XCTAssertEqual(answer.error?.retryAfter, 1)
        XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).contains("rate_limit_error"), "Anthropic's error shape")
    }

    func testForcedOverloadAndServerErrorsMapToTheirKinds() async throws {
        for (status, kind) in [(529, ProviderError.Kind.overloaded), (503, .overloaded), (500, .serverError), (401, .unauthorized)] {
            let answer = try await Pipeline.run(request, settings: try anthropic(Self.truncate), headers: ["x-llmock-force-status": "\(status)"])
            XCTAssertEqual(answer.status, status, answer.summary)
            XCTAssertEqual(answer.error?.kind, kind, "status \(status): \(answer.summary)")
        }
    }

    /// The fault's kind, no `.done`, and the text before it a clean prefix of the full answer.
    private func assertBroken(_ answer: Answer, as kind: ProviderError.Kind, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(answer.status, 200, answer.summary, file: file, line: line)
        XCTAssertEqual(answer.error?.kind, kind, answer.summary, file: file, line: line)
        XCTAssertNil(answer.stop, "a broken stream must not look finished: \(answer.summary)", file: file, line: line)
        XCTAssertTrue(Self.fullAnswer.hasPrefix(answer.text), "partial text \(answer.text.debugDescription) is not a prefix of the answer",
                      file: file, line: line)
        XCTAssertLessThan(answer.text.count, Self.fullAnswer.count, file: file, line: line)
    }
}
