import XCTest
import Providers
@testable import App

/// config.toml's provider keys and how flags, config and environment choose the provider.
final class ProviderChoiceTests: XCTestCase {
    private func config(_ text: String) -> (AppConfig, String?) { AppConfig.parse(text, path: "c.toml") }

    func testProviderKeysAndTablesAreRead() {
        let (c, warning) = config("""
            provider = "claude"
            model = "claude-haiku-4-5"
            requests_per_minute = 20
            fallback = true
            idle_timeout = 30
            [providers.ollama]
            base_url = "http://127.0.0.1:11500/v1"
            requests_per_minute = 0
            """)
        XCTAssertNil(warning)
        XCTAssertEqual(c.providers.provider, "claude")
        XCTAssertEqual(c.providers.fallback, true)
        XCTAssertEqual(c.providers.idleTimeout, 30)
        XCTAssertEqual(c.providers.requestsPerMinute(for: .anthropic), 20)
        XCTAssertEqual(c.providers.requestsPerMinute(for: .ollama), 0, "a provider's table wins")
        XCTAssertEqual(c.providers.values(for: .ollama, chosen: false).baseURLs[.ollama], "http://127.0.0.1:11500/v1")
        XCTAssertNil(c.providers.values(for: .ollama, chosen: false).model, "the top-level model is the chosen provider's")
    }

    func testBadProviderValuesAreNamedInTheWarning() {
        let (c, warning) = config("provider = \"acme\"\nfallback = \"yes\"\nrequests_per_minute = -1\n[providers.nope]\n")
        XCTAssertNil(c.providers.provider)
        let w = warning ?? ""
        XCTAssertTrue(w.contains("unknown provider 'acme'"), w)
        XCTAssertTrue(w.contains("'fallback' must be true or false"), w)
        XCTAssertTrue(w.contains("'requests_per_minute' must be a whole number"), w)
        XCTAssertTrue(w.contains("[providers.nope]"), w)
    }

    func testNothingConfiguredIsOffline() {
        let choice = AppServices.chooseProvider(config: AppConfig(), environment: ["OPENAI_API_KEY": "sk-x"])
        XCTAssertEqual(choice.provider.id, "offline")
        XCTAssertNil(choice.problem)
    }

    func testFlagsWinOverConfig() throws {
        let (c, _) = config("provider = \"anthropic\"\nmodel = \"claude-haiku-4-5\"\n")
        let choice = AppServices.chooseProvider(config: c, flags: ProviderFlags(provider: "openai", model: "gpt-4.1"),
                                                environment: ["OPENAI_API_KEY": "sk-x"])
        let remote = try XCTUnwrap(choice.provider as? RemoteProvider)
        XCTAssertEqual(remote.settings.kind, .openai)
        XCTAssertEqual(remote.settings.model, "gpt-4.1")
    }

    func testMissingKeyIsAProblemNamingTheVariableAndOfflineAnswers() {
        let choice = AppServices.chooseProvider(config: AppConfig(), flags: ProviderFlags(provider: "gemini"), environment: [:])
        XCTAssertEqual(choice.provider.id, "offline")
        XCTAssertEqual(choice.problem?.kind, .missingKey)
        XCTAssertTrue(choice.problem?.description.contains("GOOGLE_API_KEY") == true, choice.problem?.description ?? "")
    }

    func testFallbackChainGoesExternalLocalOffline() throws {
        let (c, _) = config("provider = \"openai\"\nfallback = true\n")
        let choice = AppServices.chooseProvider(config: c, environment: [:])
        XCTAssertNil(choice.problem, "with fallback a missing key is said in the answer, not refused")
        let chain = try XCTUnwrap(choice.provider as? FallbackProvider)
        XCTAssertEqual(chain.chain.map(\.id), ["ollama", "offline"])
        XCTAssertEqual(chain.skipped.map(\.name), ["OpenAI"])
        let withKey = try XCTUnwrap(AppServices.chooseProvider(config: c, environment: ["OPENAI_API_KEY": "sk-x"]).provider as? FallbackProvider)
        XCTAssertEqual(withKey.chain.map(\.id), ["openai", "ollama", "offline"])
    }
}
