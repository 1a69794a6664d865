import XCTest
import Core
@testable import Providers

final class ProviderSettingsTests: XCTestCase {
    func testDefaultsToOffline() throws {
        let s = try ProviderResolver.resolve(environment: ["OPENAI_API_KEY": "sk-x"])
        XCTAssertEqual(s.kind, .offline, "a key in the environment does not switch providers silently")
        XCTAssertEqual(ProviderResolver.providersWithKeys(environment: ["OPENAI_API_KEY": "sk-x", "GEMINI_API_KEY": " "]), [.openai])
    }

    func testOpenAIFromEnvironmentAndFlags() throws {
        let env = ["OPENAI_API_KEY": "sk-env", "OPENAI_BASE_URL": "https://proxy.example.com/v1"]
        let s = try ProviderResolver.resolve(environment: env, config: .init(provider: "anthropic", model: "claude-haiku-4-5"),
                                             flags: .init(provider: "openai", model: "gpt-4o"))
        XCTAssertEqual(s.kind, .openai)
        XCTAssertEqual(s.model, "gpt-4o", "flags beat config")
        XCTAssertEqual(s.apiKey, "sk-env")
        XCTAssertEqual(s.keySource, .environment("OPENAI_API_KEY"))
        XCTAssertEqual(s.baseURL.absoluteString, "https://proxy.example.com/v1")
        let typed = try ProviderResolver.resolve(environment: env, config: .init(provider: "openai", apiKeys: [.openai: "sk-typed"]))
        XCTAssertEqual(typed.apiKey, "sk-typed")
        XCTAssertEqual(typed.keySource, .credentials)
        XCTAssertEqual(typed.model, "gpt-4.1-mini")
    }

    func testMissingKeyNamesTheVariableAndThePage() {
        for (name, variable, page) in [("openai", "OPENAI_API_KEY", "platform.openai.com/api-keys"),
                                       ("anthropic", "ANTHROPIC_API_KEY", "console.anthropic.com/settings/keys"),
                                       ("gemini", "GOOGLE_API_KEY", "aistudio.google.com/apikey")] {
            let e = XCTAssertThrowsProviderError(.missingKey) {
                _ = try ProviderResolver.resolve(environment: ["OPENAI_API_KEY": ""], flags: .init(provider: name))
            }
            XCTAssertTrue(e?.suggestion.contains(variable) == true, e?.suggestion ?? "")
            XCTAssertTrue(e?.suggestion.contains(page) == true, e?.suggestion ?? "")
        }
    }

    func testLoopbackNeedsNoKey() throws {
        for base in ["http://127.0.0.1:8000/v1", "http://localhost:9/v1", "http://[::1]:9/v1", "http://127.5.0.1/v1"] {
            let s = try ProviderResolver.resolve(environment: ["OPENAI_BASE_URL": base], flags: .init(provider: "openai"))
            XCTAssertNil(s.apiKey)
            XCTAssertEqual(s.baseURL.absoluteString, base)
        }
        let anthropic = try ProviderResolver.resolve(environment: ["ANTHROPIC_BASE_URL": "http://127.0.0.1:4010"], flags: .init(provider: "claude"))
        XCTAssertEqual(anthropic.kind, .anthropic)
        XCTAssertNil(anthropic.apiKey)
        _ = XCTAssertThrowsProviderError(.missingKey) {
            _ = try ProviderResolver.resolve(environment: ["OPENAI_BASE_URL": "http://127.0.0.1.evil.com/v1"], flags: .init(provider: "openai"))
        }
    }

    func testGeminiKeysAndBaseURL() throws {
        let both = try ProviderResolver.resolve(environment: ["GEMINI_API_KEY": "g1", "GOOGLE_API_KEY": "g2"], flags: .init(provider: "gemini"))
        XCTAssertEqual(both.apiKey, "g2", "google-genai prefers GOOGLE_API_KEY when both are set")
        let one = try ProviderResolver.resolve(environment: ["GEMINI_API_KEY": "g1", "GEMINI_BASE_URL": "http://127.0.0.1:7000"],
                                               flags: .init(provider: "gemini"))
        XCTAssertEqual(one.apiKey, "g1")
        XCTAssertEqual(one.baseURL.absoluteString, "http://127.0.0.1:7000")
        XCTAssertEqual(one.model, "gemini-2.5-flash")
    }

    func testOllamaHostForms() throws {
        let cases: [(String?, String)] = [
            (nil, "http://127.0.0.1:11434"), ("", "http://127.0.0.1:11434"),
            ("0.0.0.0", "http://127.0.0.1:11434"), ("192.168.1.5", "http://192.168.1.5:11434"),
            ("192.168.1.5:8080", "http://192.168.1.5:8080"), (":9999", "http://127.0.0.1:9999"),
            ("http://gpu-box", "http://gpu-box:80"), ("https://ollama.example.com", "https://ollama.example.com:443"),
            ("http://gpu-box:11434/", "http://gpu-box:11434"), ("[::1]:11434", "http://[::1]:11434"),
        ]
        for (value, expected) in cases { XCTAssertEqual(ProviderResolver.ollamaHost(value).absoluteString, expected, value ?? "nil") }
        let v1 = try ProviderResolver.resolve(environment: ["OLLAMA_HOST": "127.0.0.1:9000"], flags: .init(provider: "ollama", model: "qwen3"))
        XCTAssertEqual(v1.baseURL.absoluteString, "http://127.0.0.1:9000/v1")
        let native = try ProviderResolver.resolve(environment: [:], flags: .init(provider: "ollama-native"))
        XCTAssertEqual(native.baseURL.absoluteString, "http://127.0.0.1:11434")
        XCTAssertEqual(native.model, "llama3.2")
    }

    func testBadInputs() {
        _ = XCTAssertThrowsProviderError(.badRequest) { _ = try ProviderResolver.resolve(environment: [:], flags: .init(provider: "skynet")) }
        _ = XCTAssertThrowsProviderError(.badRequest) {
            _ = try ProviderResolver.resolve(environment: ["OPENAI_API_KEY": "k"], config: .init(baseURLs: [.openai: "ftp://x"]), flags: .init(provider: "openai"))
        }
        _ = XCTAssertThrowsProviderError(.badRequest) { _ = try ProviderResolver.resolve(environment: [:], flags: .init(provider: "vllm")) }
        _ = XCTAssertThrowsProviderError(.badRequest) {
            _ = try ProviderResolver.resolve(environment: [:], config: .init(provider: "llamacpp-raw", template: "alpaca"))
        }
    }

    func testWireRequestPerKind() throws {
        let req = ChatRequest(messages: [ChatMessage(role: .user, content: "hi")])
        let urls: [(String, [String: String], String)] = [
            ("openai", ["OPENAI_API_KEY": "k"], "https://api.openai.com/v1/chat/completions"),
            ("anthropic", ["ANTHROPIC_API_KEY": "k"], "https://api.anthropic.com/v1/messages"),
            ("gemini", ["GEMINI_API_KEY": "k"], "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"),
            ("ollama", [:], "http://127.0.0.1:11434/v1/chat/completions"),
            ("ollama-native", [:], "http://127.0.0.1:11434/api/chat"),
            ("llamacpp", [:], "http://127.0.0.1:8080/v1/chat/completions"),
            ("llamacpp-raw", [:], "http://127.0.0.1:8080/completion"),
            ("lmstudio", [:], "http://127.0.0.1:1234/v1/chat/completions"),
            ("openrouter", ["OPENROUTER_API_KEY": "k"], "https://openrouter.ai/api/v1/chat/completions"),
        ]
        for (name, env, url) in urls {
            let s = try ProviderResolver.resolve(environment: env, flags: .init(provider: name))
            let r = ProviderWire.request(req, settings: s)
            XCTAssertEqual(r.url.absoluteString, url, name)
            XCTAssertEqual(ProviderWire.parser(for: req, settings: s).framing, name == "ollama-native" ? .ndjson : .sse, name)
            if r.json?["model"] != nil { XCTAssertEqual(r.json?["model"], .string(s.model), "an empty model takes the settings' model") }
        }
    }
}

final class ModelCatalogTests: XCTestCase {
    func testRequiredModelsArePresent() {
        let ids = Set(ModelCatalog.models.map(\.id))
        for id in ["gpt-4.1", "gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "o4-mini", "claude-sonnet-4-5", "claude-opus-4-1",
                   "claude-haiku-4-5", "claude-3-5-haiku-latest", "gemini-2.5-pro", "gemini-2.5-flash", "gemini-2.0-flash"] {
            XCTAssertTrue(ids.contains(id), id)
        }
        for m in ModelCatalog.models {
            XCTAssertGreaterThan(m.contextWindow, m.maxOutputTokens, m.id)
            XCTAssertGreaterThan(m.outputPrice, m.inputPrice, m.id)
        }
        XCTAssertEqual(ProviderResolver.defaultModel(.anthropic), "claude-sonnet-4-5")
        XCTAssertNotNil(ModelCatalog.find(ProviderResolver.defaultModel(.openai), provider: .openai))
    }

    func testFindResolvesSnapshotsButNotOtherModels() {
        XCTAssertEqual(ModelCatalog.find("gpt-4.1-2025-04-14")?.id, "gpt-4.1")
        XCTAssertEqual(ModelCatalog.find("gpt-4.1-mini-2025-04-14")?.id, "gpt-4.1-mini")
        XCTAssertEqual(ModelCatalog.find("claude-sonnet-4-5-20250929")?.id, "claude-sonnet-4-5")
        XCTAssertEqual(ModelCatalog.find("models/gemini-2.5-flash")?.id, "gemini-2.5-flash")
        XCTAssertEqual(ModelCatalog.find("gemini-2.0-flash-001")?.id, "gemini-2.0-flash")
        XCTAssertNil(ModelCatalog.find("gpt-4.1-turbo"))
        XCTAssertNil(ModelCatalog.find("gpt-4o", provider: .anthropic))
    }

    func testCost() {
        // gpt-4.1: $2 in, $0.50 cached in, $8 out per million.
        let u = TokenUsage(inputTokens: 1_000_000, outputTokens: 500_000, cachedInputTokens: 400_000)
        XCTAssertEqual(ModelCatalog.cost(of: u, model: "gpt-4.1", provider: .openai), 0.6 * 2 + 0.4 * 0.5 + 0.5 * 8, accuracy: 1e-9)
        // Anthropic cache writes at 1.25x.
        let a = TokenUsage(inputTokens: 2572, outputTokens: 89, cachedInputTokens: 2000, cacheWriteTokens: 100)
        XCTAssertEqual(ModelCatalog.cost(of: a, model: "claude-sonnet-4-5", provider: .anthropic),
                       (472 * 3.0 + 2000 * 0.3 + 100 * 3.75 + 89 * 15.0) / 1e6, accuracy: 1e-12)
        XCTAssertEqual(ModelCatalog.cost(of: u, model: "llama3.2", provider: .ollama), 0)
        XCTAssertEqual(ModelCatalog.cost(of: u, model: "mystery", provider: .openai), 0)
        XCTAssertEqual(ModelCatalog.tier(model: "claude-opus-4-1", provider: .anthropic), .premium)
        XCTAssertEqual(ModelCatalog.tier(model: "qwen3", provider: .ollama), .free)
        XCTAssertLessThan(CostTier.budget, CostTier.premium)
    }
}

final class ModelListAndKeyCheckTests: XCTestCase {
    func testParsers() {
        let openai = ModelLists.parseOpenAI(#"{"object":"list","data":[{"id":"gpt-4o","object":"model","created":1715367049,"owned_by":"system"},{"id":"gpt-4.1","object":"model","created":1744316542,"owned_by":"system"}]}"#)
        XCTAssertEqual(openai?.models.map(\.id), ["gpt-4.1", "gpt-4o"])
        let anthropic = ModelLists.parseAnthropic(#"{"data":[{"type":"model","id":"claude-sonnet-4-5-20250929","display_name":"Claude Sonnet 4.5","created_at":"2025-09-29T00:00:00Z"}],"has_more":true,"first_id":"claude-sonnet-4-5-20250929","last_id":"claude-sonnet-4-5-20250929"}"#)
        XCTAssertEqual(anthropic?.models, [ListedModel(id: "claude-sonnet-4-5-20250929", displayName: "Claude Sonnet 4.5")])
        XCTAssertEqual(anthropic?.nextPage, "claude-sonnet-4-5-20250929")
        let gemini = ModelLists.parseGemini(#"{"models":[{"name":"models/gemini-2.5-flash","version":"001","displayName":"Gemini 2.5 Flash","inputTokenLimit":1048576,"outputTokenLimit":65536,"supportedGenerationMethods":["generateContent","countTokens","createCachedContent","batchGenerateContent"]},{"name":"models/text-embedding-004","displayName":"Text Embedding 004","supportedGenerationMethods":["embedContent"]}],"nextPageToken":"Ch9tb2RlbHM"}"#)
        XCTAssertEqual(gemini?.models, [ListedModel(id: "gemini-2.5-flash", displayName: "Gemini 2.5 Flash", contextWindow: 1_048_576, maxOutputTokens: 65_536)])
        XCTAssertEqual(gemini?.nextPage, "Ch9tb2RlbHM")
        let ollama = ModelLists.parseOllamaTags(#"{"models":[{"name":"qwen3:latest","model":"qwen3:latest","modified_at":"2025-05-01T10:00:00Z","size":5225388164,"digest":"abc","details":{"family":"qwen3","parameter_size":"8.2B","quantization_level":"Q4_K_M"}},{"name":"llama3.2:1b","model":"llama3.2:1b","size":1}]}"#)
        XCTAssertEqual(ollama?.models.map(\.id), ["llama3.2:1b", "qwen3:latest"])
        XCTAssertNil(ModelLists.parseOpenAI("<html>"))
        XCTAssertEqual(ModelLists.parse(#"{"models":[{"name":"a"}]}"#, kind: .ollamaNative)?.models.map(\.id), ["a"])
    }

    func testListRequests() throws {
        func settings(_ name: String, _ env: [String: String]) throws -> ProviderSettings {
            try ProviderResolver.resolve(environment: env, flags: .init(provider: name))
        }
        let o = ModelLists.request(for: try settings("openai", ["OPENAI_API_KEY": "k1"]))
        XCTAssertEqual(o.method, "GET")
        XCTAssertEqual(o.url.absoluteString, "https://api.openai.com/v1/models")
        XCTAssertEqual(o.headers["authorization"], "Bearer k1")
        XCTAssertNil(o.body)
        let a = ModelLists.request(for: try settings("anthropic", ["ANTHROPIC_API_KEY": "k2"]), page: "claude x")
        XCTAssertEqual(a.url.absoluteString, "https://api.anthropic.com/v1/models?limit=1000&after_id=claude%20x")
        XCTAssertEqual(a.headers, ["x-api-key": "k2", "anthropic-version": "2023-06-01"])
        let g = KeyCheck.request(for: try settings("gemini", ["GEMINI_API_KEY": "k3"]))
        XCTAssertEqual(g.url.absoluteString, "https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000")
        XCTAssertEqual(g.headers, ["x-goog-api-key": "k3"])
        XCTAssertEqual(ModelLists.request(for: try settings("ollama", [:])).url.absoluteString, "http://127.0.0.1:11434/v1/models")
        XCTAssertEqual(ModelLists.request(for: try settings("ollama-native", [:])).url.absoluteString, "http://127.0.0.1:11434/api/tags")
    }

    func testKeyCheckMapping() {
        XCTAssertEqual(KeyCheck.interpret(provider: .openai, status: 200, body: "{}"), .valid)
        guard case .invalid(let e401) = KeyCheck.interpret(provider: .openai, status: 401, body: OpenAIFixtures.error401) else { return XCTFail() }
        XCTAssertEqual(e401.kind, .unauthorized)
        guard case .invalid = KeyCheck.interpret(provider: .anthropic, status: 403, body: AnthropicFixtures.error403) else { return XCTFail() }
        guard case .invalid = KeyCheck.interpret(provider: .gemini, status: 400, body: GeminiFixtures.error400Key) else { return XCTFail() }
        XCTAssertEqual(KeyCheck.interpret(provider: .anthropic, status: 429, body: AnthropicFixtures.error429, headers: ["retry-after": "7"]),
                       .validRateLimited(retryAfter: 7))
        XCTAssertTrue(KeyCheck.interpret(provider: .gemini, status: 429, body: GeminiFixtures.error429).isKeyUsable)
        guard case .unreachable(let net) = KeyCheck.interpret(provider: .openai, status: nil, networkError: "Could not resolve host: api.openai.com")
        else { return XCTFail() }
        XCTAssertEqual(net.kind, .network)
        guard case .failed(let e500) = KeyCheck.interpret(provider: .openai, status: 500, body: OpenAIFixtures.error500) else { return XCTFail() }
        XCTAssertEqual(e500.kind, .serverError)
    }
}
