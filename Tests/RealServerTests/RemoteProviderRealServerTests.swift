import Foundation
import XCTest
import Core
import Providers
import TestSupport

/// The app's own `RemoteProvider` (retries, rate limit and all), set up the way a user would —
/// the SDKs' variables or config base URLs — against the real servers.
final class RemoteProviderRealServerTests: XCTestCase {
    static let llama = SharedServer { try RealServers.llamaServer() }
    static let mock = SharedServer {
        try RealServers.llmMockAPI(rules: PeerServer.peersFolder.appendingPathComponent("llm-mock-api-rules.json5"), latency: 0)
    }
    static let always429 = SharedServer { try RealServers.llmock(["--error-rate", "429=1"]) }
    static let disconnect = SharedServer {
        try RealServers.llmock(["--response-style", "echo", "--stream-fault", "disconnect=1"])
    }
    override class func tearDown() { SharedServer.stop([llama, mock, always429, disconnect]) }

    /// Retries without the real 2-4-8 s waits (a server's Retry-After still counts).
    static let quickRetries = RetryPolicy(maxRetries: 1, baseDelay: 0.01, jitter: 0)

    func provider(_ kind: ProviderKind, environment: [String: String] = [:], baseURL: String? = nil,
                  model: String? = nil) throws -> RemoteProvider {
        var config = ProviderConfigValues(provider: kind.rawValue, model: model)
        if let baseURL { config.baseURLs[kind] = baseURL }
        let settings = try ProviderResolver.resolve(environment: environment, config: config)
        return RemoteProvider(settings: settings, transport: ProviderTransport(connectTimeout: 5, idleTimeout: 30),
                              retryPolicy: Self.quickRetries)
    }

    func collect(_ provider: RemoteProvider, _ request: ChatRequest) async throws -> Answer {
        try await withDeadline(60) {
            var answer = Answer()
            do {
                for try await event in provider.stream(request) { answer.events.append(event) }
            } catch let error as ProviderError {
                answer.error = error
            }
            return answer
        }
    }

    let question = ChatRequest(system: "You are a helpful assistant. Answer in one short sentence.",
                               messages: [ChatMessage(role: .user, content: "What is the capital of France?")],
                               maxTokens: 48, temperature: 0)

    func testLlamaServerThroughTheLlamaCppProvider() async throws {
        let base = try Self.llama.get().baseURL
        let chat = try await collect(try provider(.llamacpp, baseURL: base + "/v1", model: "SmolLM2-135M-Instruct"), question)
        XCTAssertNil(chat.error, chat.summary)
        XCTAssertFalse(chat.text.isEmpty)
        XCTAssertEqual(chat.stop, .endTurn, chat.summary)

        let raw = try await collect(try provider(.llamacppRaw, baseURL: base, model: "SmolLM2-135M-Instruct"), question)
        XCTAssertNil(raw.error, raw.summary)
        XCTAssertEqual(raw.stop, .endTurn, raw.summary)
        XCTAssertEqual(raw.text, chat.text, "ChatML from the model name gives the chat endpoint's answer")
    }

    func testLlamaServerThroughTheAnthropicProviderWithItsVariables() async throws {
        let base = try Self.llama.get().baseURL
        let answer = try await collect(try provider(.anthropic, environment: ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "sk-ant-local"],
                                                    model: "SmolLM2-135M-Instruct"), question)
        XCTAssertNil(answer.error, answer.summary)
        XCTAssertFalse(answer.text.isEmpty)
        XCTAssertEqual(answer.stop, .endTurn, answer.summary)
    }

    func testScriptedToolCallsThroughTheOpenAIAndAnthropicProviders() async throws {
        let base = try Self.mock.get().baseURL
        let request = ChatRequest(messages: [ChatMessage(role: .user, content: "what is the weather in Paris?")],
                                  tools: [LLMMockAPITests.weather], maxTokens: 100)
        let openAI = try await collect(try provider(.openai, environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-test-key"]), request)
        let anthropic = try await collect(try provider(.anthropic, environment: ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "sk-ant-test"]), request)
        for answer in [openAI, anthropic] {
            XCTAssertNil(answer.error, answer.summary)
            XCTAssertEqual(answer.text, "Let me check.")
            XCTAssertEqual(answer.toolCalls.map(\.name), ["get_weather"], answer.summary)
            XCTAssertEqual(jsonObject(answer.toolCalls.first?.arguments ?? "")?["city"] as? String, "Paris")
            XCTAssertEqual(answer.stop, .toolUse)
        }
    }

    /// llmock answers every request 429 with `Retry-After: 1`: the provider waits that second
    /// once (telling the caller), retries, and then gives up with a rate-limit error.
    func testA429IsRetriedAfterRetryAfterThenReported() async throws {
        let base = try Self.always429.get().baseURL
        let started = ContinuousClock.now
        let answer = try await collect(try provider(.openai, environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-test-key"]), question)
        let waited = ContinuousClock.now - started
        XCTAssertEqual(answer.error?.kind, .rateLimited, answer.summary)
        let waits = answer.events.compactMap { if case .waiting(let s, _) = $0 { return s } else { return nil } }
        XCTAssertEqual(waits.count, 1, "one retry: \(answer.events)")
        XCTAssertGreaterThanOrEqual(waits.first ?? 0, 1, "Retry-After: 1 is honored")
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(950))
        XCTAssertNil(answer.stop)
    }

    /// A connection dropped mid-stream ends as a network error, never as a finished answer;
    /// text that came first is a clean prefix of the answer.
    func testADroppedStreamIsANetworkError() async throws {
        let base = try Self.disconnect.get().baseURL
        let prompt = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        let request = ChatRequest(messages: [ChatMessage(role: .user, content: prompt)], maxTokens: 100)
        let answer = try await collect(try provider(.openai, environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-test-key"]), request)
        XCTAssertEqual(answer.error?.kind, .network, answer.summary)
        XCTAssertNil(answer.stop)
        XCTAssertTrue(("Hello! You said: " + prompt).hasPrefix(answer.text), answer.summary)
    }
}
