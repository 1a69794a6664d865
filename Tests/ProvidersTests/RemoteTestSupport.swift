import XCTest
import Core
import HTTP
import TestSupport
@testable import Providers

/// One loopback provider server for the whole test run (it exits when the test process ends).
let remotePeer = Result { try PeerServer.providers() }

/// The text every `text` answer of the peer adds up to.
let peerSentence = "Hello from the loopback server: café, naïve, 日本語 and 🙂 — all in one answer."

/// The providers the peer speaks, each set up the way a user would: variables and config.
enum PeerProviders {
    static let all: [ProviderKind] = [.openai, .anthropic, .gemini, .ollamaNative, .ollama, .llamacppRaw]
    static let withKeys: [ProviderKind] = [.openai, .anthropic, .gemini]

    static func settings(_ kind: ProviderKind, key: String = "test-key-123456") throws -> ProviderSettings {
        let base = try remotePeer.get().baseURL
        var env: [String: String] = [:]
        var config = ProviderConfigValues(provider: kind.rawValue)
        switch kind {
        case .openai: env = ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": key]
        case .anthropic: env = ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": key]
        case .gemini: env = ["GEMINI_BASE_URL": base, "GEMINI_API_KEY": key]
        case .ollama, .ollamaNative: env = ["OLLAMA_HOST": base]
        default: config.baseURLs[kind] = base
        }
        return try ProviderResolver.resolve(environment: env, config: config)
    }

    /// Retries fast, so fault tests take milliseconds, not the real 2-4-8 s.
    static let fastRetries = RetryPolicy(maxRetries: 2, baseDelay: 0.01, jitter: 0)

    static func provider(_ kind: ProviderKind, retry: RetryPolicy = fastRetries, idleTimeout: TimeInterval = 10,
                         requestsPerMinute: Int = 0, limiter: SharedRateLimiters = SharedRateLimiters(),
                         key: String = "test-key-123456") throws -> RemoteProvider {
        RemoteProvider(settings: try settings(kind, key: key),
                       transport: ProviderTransport(connectTimeout: 5, idleTimeout: idleTimeout),
                       retryPolicy: retry, requestsPerMinute: requestsPerMinute, limiter: limiter)
    }
}

let weatherTool = ToolSchema(name: "get_weather", description: "The weather in a city.", inputSchema: [
    "type": "object", "properties": ["city": ["type": "string"], "unit": ["type": "string"]], "required": ["city"],
])

/// What one streamed call produced: its events (checked for order) and the error that ended it.
struct StreamOutcome: Sendable {
    var events: [StreamEvent] = []
    var error: ProviderError?
    var seconds = 0.0

    var text: String { events.map { if case .textDelta(let t) = $0 { return t } else { return "" } }.joined() }
    var waits: [Double] { events.compactMap { if case .waiting(let s, _) = $0 { return s } else { return nil } } }
}

/// Streams `userText` (tags such as `[fault:drop]` steer the peer) within a bounded time.
func stream(_ provider: any ChatProvider, _ userText: String, tools: [ToolSchema] = [],
            deadline: Double = 20) async throws -> StreamOutcome {
    let request = ChatRequest(system: "Be brief.", messages: [ChatMessage(role: .user, content: userText)], tools: tools)
    return try await withDeadline(deadline) {
        var outcome = StreamOutcome()
        let start = ContinuousClock.now
        do {
            for try await event in provider.stream(request) { outcome.events.append(event) }
        } catch let error as ProviderError {
            outcome.error = error
        }
        let elapsed = ContinuousClock.now - start
        outcome.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return outcome
    }
}
