import XCTest
import Core
import HTTP
import TestSupport
@testable import Providers

/// Cancelling, the requests-per-minute limit, the fallback chain and unreachable servers.
final class RemoteProviderControlTests: XCTestCase {
    func testCancelStopsTheStreamPromptly() async throws {
        let provider = try PeerProviders.provider(.openai)
        let request = ChatRequest(messages: [ChatMessage(role: .user, content: "go [script:long:2000:50]")])
        let gotFirst = expectation(description: "first token")
        let task = Task {
            var count = 0
            for try await event in provider.stream(request) {
                if case .textDelta = event { count += 1; if count == 1 { gotFirst.fulfill() } }
            }
            return count
        }
        await fulfillment(of: [gotFirst], timeout: 10)
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.result
        XCTAssertLessThan(ContinuousClock.now - cancelledAt, .milliseconds(500), "the stream stops at once")
        switch result {
        case .success(let count): XCTAssertLessThan(count, 2000, "the answer did not run to its end")
        case .failure(let error): XCTAssertEqual((error as? ProviderError)?.kind, .cancelled, "\(error)")
        }
    }

    func testRequestsPerMinuteLimitWaitsBeforeSending() async throws {
        let limiter = SharedRateLimiters()
        let provider = try PeerProviders.provider(.openai, requestsPerMinute: 1, limiter: limiter)
        let first = try await stream(provider, "hi [script:text:2]")
        XCTAssertEqual(first.text, "Hello from")
        XCTAssertEqual(first.waits, [])
        // The second request inside the minute waits; the wait is announced before anything is sent.
        let request = ChatRequest(messages: [ChatMessage(role: .user, content: "again")])
        let event = try await withDeadline(5) { () -> StreamEvent? in
            for try await event in provider.stream(request) { return event }
            return nil
        }
        guard case .waiting(let seconds, let reason)? = event else { return XCTFail("expected a wait, got \(String(describing: event))") }
        XCTAssertGreaterThan(seconds, 50)
        XCTAssertTrue(reason.contains("1 requests per minute"), reason)
    }

    func testUnreachableServerIsANetworkErrorNamingTheServer() async throws {
        let settings = ProviderSettings(kind: .ollamaNative, baseURL: URL(string: "http://127.0.0.1:9")!, model: "llama3.2")
        let provider = RemoteProvider(settings: settings, transport: ProviderTransport(connectTimeout: 2),
                                      retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: 0.01))
        let out = try await stream(provider, "hi")
        let error = try XCTUnwrap(out.error)
        XCTAssertEqual(error.kind, .network)
        XCTAssertTrue(error.description.contains("Is the Ollama server running at 127.0.0.1"), error.description)
        XCTAssertEqual(out.waits.count, 1, "a network failure before output is retried")
    }

    func testFallbackSaysSoAndAnswersWithTheNextProvider() async throws {
        let down = RemoteProvider(settings: ProviderSettings(kind: .openai, baseURL: URL(string: "http://127.0.0.1:9/v1")!,
                                                             apiKey: "k", model: "gpt-4.1-mini"),
                                  transport: ProviderTransport(connectTimeout: 2), retryPolicy: RetryPolicy(maxRetries: 0))
        let local = try PeerProviders.provider(.ollamaNative)
        let chain = FallbackProvider(chain: [down, local, OfflineProvider(wordDelay: .zero)])
        let out = try await stream(chain, "hi [script:text:3]")
        XCTAssertNil(out.error)
        XCTAssertTrue(out.text.hasPrefix("_OpenAI is unavailable (Could not reach OpenAI"), out.text)
        XCTAssertTrue(out.text.hasSuffix("Answering with Ollama instead._\n\nHello from the"), out.text)
    }

    func testFallbackDoesNotRestartAnAnswerThatStarted() async throws {
        let chain = FallbackProvider(chain: [try PeerProviders.provider(.openai), OfflineProvider(wordDelay: .zero)])
        let out = try await stream(chain, "hi [fault:drop]")
        XCTAssertEqual(out.error?.kind, .network)
        XCTAssertFalse(out.text.contains("unavailable"), out.text)
    }

    func testSkippedProviderIsNamedBeforeTheAnswer() async throws {
        let missing = ProviderError(.missingKey, "No API key for OpenAI.", suggestion: "Set OPENAI_API_KEY.")
        let chain = FallbackProvider(chain: [OfflineProvider(wordDelay: .zero)], skipped: [("OpenAI", missing)])
        let out = try await stream(chain, "help")
        XCTAssertTrue(out.text.hasPrefix("_OpenAI is unavailable (No API key for OpenAI.) Answering with Offline instead._"), out.text)
    }
}
