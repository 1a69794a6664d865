import XCTest
import Providers
import TestSupport
@testable import App

/// Key checks and local-server detection against the loopback provider server (127.0.0.1).
final class KeyValidationTests: XCTestCase {
    private static let peer = Result { try PeerServer.providers() }

    private func check(_ kind: ProviderKind, key: String, baseURL: String) async throws -> KeyValidation {
        var config = AppConfig()
        config.providers.apiKeys[kind] = key
        config.providers.perProvider[kind] = .init(baseURL: baseURL)
        let settings = try ProviderChecks.settings(kind, config: config, environment: [:])
        return KeyValidation(await ProviderChecks.checkKey(settings), kind)
    }

    func testValidInvalidRateLimitedAndUnreachable() async throws {
        let peer = try Self.peer.get()
        let valid = try await check(.openai, key: "sk-good-key-000000", baseURL: peer.baseURL + "/v1")
        XCTAssertTrue(valid.isValid)
        XCTAssertEqual(valid.text, "✓ The OpenAI key is valid.")

        let invalid = try await check(.anthropic, key: "sk-ant-invalid-key-1", baseURL: peer.baseURL)
        XCTAssertFalse(invalid.keep)
        XCTAssertTrue(invalid.text.hasPrefix("✗ Anthropic refused the key"), invalid.text)
        XCTAssertTrue(invalid.text.contains("https://console.anthropic.com/settings/keys"), invalid.text)
        XCTAssertFalse(invalid.text.contains("invalid-key-1"), "the key never appears in a message")

        let limited = try await check(.openai, key: "sk-rate-limited-key", baseURL: peer.baseURL + "/v1")
        XCTAssertTrue(limited.isValid)
        XCTAssertEqual(limited.text, "✓ The OpenAI key is valid, but rate limited right now (retry in 7 s); answers may wait a little.")

        let closed = try ClosedPort.make()
        let unreachable = try await check(.gemini, key: "AIza-some-key-0000", baseURL: "http://127.0.0.1:\(closed)")
        XCTAssertTrue(unreachable.isUnreachable)
        XCTAssertTrue(unreachable.keep, "kept unchecked: no network is not a wrong key")
        XCTAssertTrue(unreachable.text.hasPrefix("? Could not reach Gemini to check the key"), unreachable.text)
    }

    func testLocalServerProbeFindsTheServerAndItsModels() async throws {
        let peer = try Self.peer.get()
        let closed = try ClosedPort.make()
        let probe = LocalServerProbe(environment: ["AIHELPER_LOCAL_PORTS": "ollama=\(peer.port),llamacpp=\(closed),lmstudio=\(peer.port)"])
        let found = await probe.probe()
        XCTAssertEqual(found.map(\.kind), [.ollama, .lmstudio])
        XCTAssertEqual(found.first?.baseURL, "http://127.0.0.1:\(peer.port)/v1")
        XCTAssertEqual(found.first?.isDefaultPort, false)
        XCTAssertFalse(found.first?.models.isEmpty ?? true, "the server's models are listed")
    }
}
