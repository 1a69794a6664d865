import XCTest
import Core
import Storage
import Providers
import TestSupport
@testable import App

/// Each conversation answers with its own provider, model and persona (docs/conversations.md,
/// Each conversation's model), against the loopback provider server: what the requests carry
/// is what the server received (`/_last_request`).
final class ConversationModelTests: XCTestCase {
    private static let peer = Result { try PeerServer.providers() }

    /// The app with OpenAI at the peer as the default (as `--provider openai` gives it).
    private func harness(flags: ProviderFlags = ProviderFlags(provider: "openai")) async throws -> AppTestHarness {
        let base = try Self.peer.get().baseURL
        let switcher = ProviderSwitcher(config: AppConfig(), flags: flags,
                                        environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-test"],
                                        cacheFolder: NSTemporaryDirectory())
        let harness = try AppTestHarness(width: 140, height: 30, switcher: switcher)
        try await harness.perform(.newConversation)   // the default, as a new conversation has it
        return harness
    }

    /// Sends `text` (each test's texts are unique) and finds its request among those the peer
    /// received (a new conversation's title request may come after it): its model and system prompt.
    private func ask(_ harness: AppTestHarness, _ text: String) async throws -> (model: String?, system: String) {
        let answer = try await harness.perform(.send(text))
        XCTAssertEqual(answer?.status, .complete, answer?.errorText ?? "")
        let bodies = try Self.peer.get().requests().compactMap { $0["body"] as? [String: Any] }
        let body = try XCTUnwrap(bodies.last { body in
            let messages = body["messages"] as? [[String: Any]] ?? []
            return messages.last { $0["role"] as? String == "user" }?["content"] as? String == text
        }, "the request for \(text)")
        let messages = body["messages"] as? [[String: Any]] ?? []
        return (body["model"] as? String, messages.first { $0["role"] as? String == "system" }?["content"] as? String ?? "")
    }

    func testTwoConversationsAnswerWithTheirOwnModelsWhenSwitchedBetween() async throws {
        let harness = try await harness(), app = harness.app
        try await harness.perform(.switchProvider(provider: nil, model: "model-a"))
        let asked1 = try await ask(harness, "first conversation")
        XCTAssertEqual(asked1.model, "model-a")
        let first = try XCTUnwrap(app.state.chat.conversation?.id)

        try await harness.perform(.newConversation)
        XCTAssertEqual(app.state.modelName, "gpt-4.1-mini", "a new conversation starts with the default")
        try await harness.perform(.switchProvider(provider: nil, model: "model-b"))
        let asked2 = try await ask(harness, "second conversation")
        XCTAssertEqual(asked2.model, "model-b")
        let second = try XCTUnwrap(app.state.chat.conversation?.id)
        XCTAssertNotEqual(first, second)

        for (id, model) in [(first, "model-a"), (second, "model-b"), (first, "model-a")] {
            try await harness.perform(.conversation(.open(id: id, messageId: nil, query: nil)))
            XCTAssertEqual(app.state.modelName, model)
            XCTAssertTrue(harness.screen().contains(" \(model) "), "the status bar shows \(model)")
            let asked3 = try await ask(harness, "again in #\(id)")
            XCTAssertEqual(asked3.model, model, "#\(id) answers with its model")
        }
        XCTAssertEqual(try harness.database.conversation(id: first)?.model, "model-a")
        XCTAssertEqual(try harness.database.conversation(id: second)?.model, "model-b")

        // The list shows each conversation's model.
        try await harness.perform(.conversation(.openList))
        let rows = try XCTUnwrap(app.state[overlay: Picker.self]?.items)
        XCTAssertTrue(rows.first { $0.id == String(first) }?.detail.contains("openai · model-a") == true, "\(rows)")
        XCTAssertTrue(rows.first { $0.id == String(second) }?.detail.contains("openai · model-b") == true, "\(rows)")

        try await harness.perform(.newConversation)
        let asked4 = try await ask(harness, "a third")
        XCTAssertEqual(asked4.model, "gpt-4.1-mini", "back to the default")
    }

    func testPersonaIsTheConversationsOwn() async throws {
        let harness = try await harness(), app = harness.app
        app.state.chat.input.text = "/persona casual"
        let effects = update(&app.state, .key(.enter), view: app.view)
        XCTAssertEqual(effects, [.setPersona("casual"), .rememberInput("/persona casual")])
        try await harness.perform(.setPersona("casual"))
        let asked5 = try await ask(harness, "hello as casual")
        XCTAssertTrue(asked5.system.contains("relaxed, warm"), "the casual persona")
        let casual = try XCTUnwrap(app.state.chat.conversation?.id)
        XCTAssertEqual(try harness.database.conversation(id: casual)?.persona, "casual", "stored with the conversation made")
        XCTAssertTrue(harness.screen().contains("gpt-4.1-mini · Casual"), "the status bar shows it")

        try await harness.perform(.conversation(.openList))
        let row = app.state[overlay: Picker.self]?.items.first { $0.id == String(casual) }
        XCTAssertTrue(row?.detail.contains("openai · gpt-4.1-mini · Casual · #\(casual)") == true, "the list shows it: \(String(describing: row))")
        app.state[overlay: Picker.self] = nil
        try await harness.perform(.newConversation)
        XCTAssertNil(app.state.chat.persona)
        let asked6 = try await ask(harness, "hello in a new one")
        XCTAssertTrue(asked6.system.contains("concise and friendly"), "a new one: the settings' persona")

        try await harness.perform(.conversation(.open(id: casual, messageId: nil, query: nil)))
        let asked7 = try await ask(harness, "again as casual")
        XCTAssertTrue(asked7.system.contains("relaxed, warm"), "reopened: its persona again")

        // Unknown names say what there is; `default` goes back to the settings'.
        app.state.chat.input.text = "/persona pirate"
        XCTAssertEqual(update(&app.state, .key(.enter), view: app.view), [.rememberInput("/persona pirate")], "nothing but the line kept in the history")
        XCTAssertTrue(app.state.notice?.text.contains("professional, casual, technical, custom, default") == true)
        try await harness.perform(.setPersona(nil))
        XCTAssertNil(try harness.database.conversation(id: casual)?.persona)
        try await harness.perform(.setPersona("custom"))
        XCTAssertEqual(app.state.notice?.text, tr.conversationModel.noCustomPersona, "no custom persona in the settings")
    }

    /// The provider no longer knows the conversation's model (404 model_not_found): a notice
    /// that says so and the model picker, not a bare failed turn.
    func testAModelTheProviderNoLongerHasOpensTheModelPicker() async throws {
        let harness = try await harness(), app = harness.app
        try await harness.perform(.switchProvider(provider: nil, model: "retired-model-1"))
        let answer = try await harness.perform(.send("hello"))
        XCTAssertEqual(answer?.status, .error)
        XCTAssertEqual(app.state.notice?.text, tr.conversationModel.modelUnavailable("OpenAI", "retired-model-1"))
        XCTAssertEqual(app.state[overlay: Picker.self]?.purpose, .model, "the model picker is open")
    }

    /// A conversation whose provider cannot be used here (no key): the agent stays as it was,
    /// the notice says why, and the provider picker opens.
    func testAConversationWhoseProviderIsNotSetUpOpensTheProviderPicker() async throws {
        let harness = try await harness(), app = harness.app
        let stored = try harness.database.createConversation(title: "Old", provider: "anthropic", model: "claude-haiku-4-5")
        try await harness.perform(.conversation(.open(id: stored.id!, messageId: nil, query: nil)))
        XCTAssertEqual(app.state.chat.conversation?.id, stored.id)
        XCTAssertEqual(app.agent.provider.id, "openai", "the agent is unchanged")
        XCTAssertTrue(app.state.notice?.text.contains("anthropic · claude-haiku-4-5") == true, app.state.notice?.text ?? "")
        XCTAssertEqual(app.state[overlay: Picker.self]?.purpose, .provider)
    }

    /// Saved settings: a new provider or model is the default and answers the open
    /// conversation too (stored with it); a save that changes neither keeps the conversation's own.
    func testSavedSettingsChangeTheOpenConversationsModelOnlyWhenTheyChooseOne() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aih-model-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let paths = AppPaths(environment: ["AIHELPER_HOME": home, "HOME": home])
        try "provider = \"openai\"\n".write(toFile: paths.config, atomically: true, encoding: .utf8)
        let base = try Self.peer.get().baseURL
        let switcher = ProviderSwitcher(config: AppConfig.load(path: paths.config).config, flags: ProviderFlags(),
                                        environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-test"],
                                        cacheFolder: home, paths: paths)
        let harness = try AppTestHarness(switcher: switcher), app = harness.app
        try await harness.perform(.newConversation)
        try await harness.perform(.switchProvider(provider: nil, model: "model-a"))
        let asked = try await ask(harness, "settings one")
        XCTAssertEqual(asked.model, "model-a")
        let id = try XCTUnwrap(app.state.chat.conversation?.id)

        try "provider = \"openai\"\ntheme = \"light\"\n".write(toFile: paths.config, atomically: true, encoding: .utf8)
        try await harness.perform(.applySettings)
        XCTAssertEqual(app.agent.model, "model-a", "no model saved: the conversation keeps its own")

        try "provider = \"openai\"\nmodel = \"model-c\"\n".write(toFile: paths.config, atomically: true, encoding: .utf8)
        try await harness.perform(.applySettings)
        XCTAssertEqual(app.agent.model, "model-c")
        XCTAssertEqual(try harness.database.conversation(id: id)?.model, "model-c", "stored with the open conversation")
        try await harness.perform(.newConversation)
        XCTAssertEqual(app.agent.model, "model-c", "and the default for new ones")
    }
}
