import XCTest
import Core
import HTTP
@testable import Providers

/// `RemoteProvider` through the real libcurl engine against the loopback peer: every provider
/// the peer speaks, normal answers, tool calls and each fault.
final class RemoteProviderTests: XCTestCase {
    func testTextStreamsFromEveryProvider() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "hi")
            XCTAssertNil(out.error, "\(kind): \(out.error?.description ?? "")")
            let a = assemble(out.events)
            XCTAssertEqual(a.text, peerSentence, "\(kind)")
            XCTAssertEqual(a.done, .endTurn, "\(kind)")
            XCTAssertEqual(a.usage.count, 1, "\(kind) reports usage once")
            XCTAssertGreaterThan(a.usage.first?.output ?? 0, 0, "\(kind)")
            XCTAssertEqual(out.waits, [], "\(kind) needed no retry")
        }
    }

    func testToolCallFromEveryProvider() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "weather? [script:tool]", tools: [weatherTool])
            XCTAssertNil(out.error, "\(kind): \(out.error?.description ?? "")")
            let a = assemble(out.events)
            XCTAssertEqual(a.calls.map(\.name), ["get_weather"], "\(kind)")
            XCTAssertEqual(a.argumentsJSON.first ?? nil, ["city": "Zürich", "unit": "celsius"], "\(kind)")
            XCTAssertEqual(a.text, "", "\(kind): a tool call is not text")
        }
    }

    func testUnauthorizedNamesKeyPageAndVariable() async throws {
        let expected: [ProviderKind: (page: String, variable: String)] = [
            .openai: ("platform.openai.com/api-keys", "OPENAI_API_KEY"),
            .anthropic: ("console.anthropic.com/settings/keys", "ANTHROPIC_API_KEY"),
            .gemini: ("aistudio.google.com/apikey", "GOOGLE_API_KEY"),
        ]
        for kind in PeerProviders.withKeys {
            let out = try await stream(try PeerProviders.provider(kind, key: "sk-invalid-key-0123456789"), "hi [fault:401]")
            let error = try XCTUnwrap(out.error, "\(kind)")
            XCTAssertEqual(error.kind, .unauthorized, "\(kind): \(error)")
            XCTAssertTrue(error.description.contains(expected[kind]!.page), "\(kind): \(error)")
            XCTAssertTrue(error.description.contains(expected[kind]!.variable), "\(kind): \(error)")
            XCTAssertFalse(error.description.contains("sk-invalid-key-0123456789"), "the key never shows: \(error)")
            XCTAssertEqual(out.waits, [], "\(kind): a bad key is not retried")
        }
    }

    func testRateLimitIsRetriedAfterRetryAfterThenSucceeds() async throws {
        for (i, kind) in PeerProviders.all.enumerated() {
            // A distinct script per provider: the peer counts `-once` per path and script.
            let out = try await stream(try PeerProviders.provider(kind), "hi [script:text:\(5 + i)] [fault:429-once:1]")
            XCTAssertNil(out.error, "\(kind): \(out.error?.description ?? "")")
            XCTAssertEqual(out.waits, [1], "\(kind) waits what Retry-After says, once")
            XCTAssertEqual(out.text.isEmpty, false, "\(kind)")
            XCTAssertGreaterThanOrEqual(out.seconds, 0.95, "\(kind) really waited")
            if case .waiting(_, let reason) = out.events.first {
                XCTAssertTrue(reason.contains("429") && reason.contains("Retry 1 of 2"), reason)
            } else { XCTFail("\(kind): the wait is announced first") }
        }
    }

    func testServerErrorIsRetriedThenReported() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "hi [fault:500]")
            XCTAssertEqual(out.error?.kind, .serverError, "\(kind): \(out.error?.description ?? "nothing thrown")")
            XCTAssertEqual(out.waits.count, 2, "\(kind): both retries were made")
            XCTAssertEqual(out.text, "", "\(kind)")
        }
    }

    func testOverloadedStatusIsReportedAsOverloaded() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind, retry: RetryPolicy(maxRetries: 0)), "hi [fault:529]")
            let error = try XCTUnwrap(out.error, "\(kind)")
            XCTAssertEqual(error.kind, .overloaded, "\(kind): \(error)")
            XCTAssertTrue(error.suggestion.contains("Try again"), error.suggestion)
        }
    }

    /// Once the retries are spent the message says so, and never that it is still retrying;
    /// no error names a key of one front end ("press r"): the TUI adds its own words.
    func testTheFinalErrorAfterTheRetriesSaysTheyWereSpent() async throws {
        for kind in PeerProviders.all {
            for fault in ["500", "503", "529", "429:0", "408"] {
                let out = try await stream(try PeerProviders.provider(kind), "hi [fault:\(fault)]")
                let error = try XCTUnwrap(out.error, "\(kind) \(fault)")
                XCTAssertEqual(out.waits.count, 2, "\(kind) \(fault): both retries were made")
                XCTAssertTrue(error.message.hasSuffix("Still failing after 2 retries."), "\(kind) \(fault): \(error)")
                XCTAssertNil(error.description.range(of: #"retrying|\bpress r\b|\bwith r\b"#, options: [.regularExpression, .caseInsensitive]),
                             "\(kind) \(fault): \(error)")
            }
        }
    }

    func testOverloadedMidStreamKeepsTextAndIsNotRetried() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "hi [fault:overloaded]")
            let error = try XCTUnwrap(out.error, "\(kind)")
            // llama.cpp sends its error as an `error:` field, which event-stream parsers must
            // ignore: the stream just ends, cut off.
            let expected: [ProviderError.Kind] = kind == .llamacppRaw ? [.network] : [.overloaded, .serverError]
            XCTAssertTrue(expected.contains(error.kind), "\(kind): \(error)")
            XCTAssertFalse(out.text.isEmpty, "\(kind): the text before the error arrives")
            XCTAssertTrue(peerSentence.hasPrefix(out.text), "\(kind): \(out.text)")
            XCTAssertEqual(out.waits, [], "\(kind): no retry after output started")
        }
    }

    func testDropMidStreamKeepsPartialTextAndReportsTruncation() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "hi [fault:drop]")
            let error = try XCTUnwrap(out.error, "\(kind)")
            XCTAssertEqual(error.kind, .network, "\(kind): \(error)")
            XCTAssertTrue(error.description.contains("partial answer is kept"), "\(kind): \(error)")
            XCTAssertFalse(out.text.isEmpty, "\(kind)")
            XCTAssertTrue(peerSentence.hasPrefix(out.text) && out.text != peerSentence, "\(kind): \(out.text)")
            XCTAssertEqual(out.waits, [], "\(kind)")
        }
    }

    func testMalformedLineIsReported() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "hi [fault:malformed]")
            XCTAssertEqual(out.error?.kind, .malformedStream, "\(kind): \(out.error?.description ?? "nothing thrown")")
        }
    }

    func testMultibyteCharacterSplitAcrossChunksArrivesIntact() async throws {
        for kind in PeerProviders.all {
            let out = try await stream(try PeerProviders.provider(kind), "hi [fault:split-utf8]")
            XCTAssertNil(out.error, "\(kind): \(out.error?.description ?? "")")
            XCTAssertEqual(out.text, peerSentence, "\(kind)")
        }
    }

    func testSlowDripStreamsWholeAnswer() async throws {
        let out = try await stream(try PeerProviders.provider(.openai), "hi [script:text:4] [fault:drip:5:16]")
        XCTAssertNil(out.error)
        XCTAssertEqual(out.text, "Hello from the loopback")
    }

    /// A server that takes the request and sends nothing (no status line, or headers and no
    /// body) fails once, within the idle timeout, and says how long it waited: retrying it
    /// would wait as long again (four tries cost ~254 s at the default 60 s).
    func testAStallBeforeTheFirstByteFailsOnceWithinTheIdleTimeout() async throws {
        let peer = try remotePeer.get()
        for kind in PeerProviders.all {
            for fault in ["hang", "stall"] {
                let before = try peer.control("/_stats")["requests"] as? Int ?? 0
                let out = try await stream(try PeerProviders.provider(kind, idleTimeout: 0.4), "hi [fault:\(fault)]")
                let error = try XCTUnwrap(out.error, "\(kind) \(fault)")
                XCTAssertEqual(error.kind, .stalled, "\(kind) \(fault): \(error)")
                XCTAssertTrue(error.message.contains("sent nothing for 0.4 s"), error.message)
                XCTAssertEqual(out.waits, [], "\(kind) \(fault): not retried")
                XCTAssertLessThan(out.seconds, 1.2, "\(kind) \(fault): one idle timeout, not three")
                XCTAssertEqual((try peer.control("/_stats")["requests"] as? Int ?? 0) - before, 1, "\(kind) \(fault): one request")
            }
        }
    }
}
