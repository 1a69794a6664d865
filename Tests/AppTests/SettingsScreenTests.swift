import XCTest
import Core
import Terminal
import Providers
@testable import App

/// The settings screen, the wizard, help, suggested prompts and connectivity, key by key and drawn.
final class SettingsScreenTests: XCTestCase {
    private let themeNames = ["dark", "light", "high-contrast"]

    private func newState(width: Int = 80, height: Int = 24) -> AppState {
        var state = AppState(size: Size(width: width, height: height), today: SnapshotFixture.today, providerName: "Offline", modelName: "offline-assistant")
        state.timeZone = SnapshotFixture.utc
        return state
    }

    private func settingsState() -> AppState {
        var state = newState()
        var values = SettingsValues()
        values.provider = .openai
        values.model = "gpt-4.1-mini"
        state[overlay: SettingsScreen.self] = SettingsScreen(values, themes: themeNames, storedKeys: [.openai: "sk-…7f3a (credentials.toml)"])
        return state
    }

    private func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { update(&state, .key($0)) }
    }

    func testF2AndSlashSettingsOpenTheScreen() {
        var state = newState()
        XCTAssertEqual(press(&state, .f(2)), [.openSettings])
        state.chat.input.insert("/settings")
        XCTAssertEqual(press(&state, .enter), [.openSettings, .rememberInput("/settings")])
    }

    func testTheKeyIsMaskedWhileTypedAndSavedValuesComeOut() throws {
        var state = settingsState()
        _ = press(&state, .tab, .tab)   // the API key
        _ = press(&state, .text("sk-secret-abcdef123456"))
        let text = screenText(state)
        XCTAssertFalse(text.contains("secret"), "the key must never be drawn")
        XCTAssertTrue(text.contains("••••••"))
        XCTAssertTrue(text.contains("now sk-…7f3a (credentials.toml)"), text)
        XCTAssertTrue(text.contains("https://platform.openai.com/api-keys"))
        let effects = press(&state, .enter)
        guard case .saveSettings(let values, let previous)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(values.apiKey, "sk-secret-abcdef123456")
        XCTAssertEqual(previous.provider, .openai)
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.checking, true)
        XCTAssertTrue(screenText(state).contains("Checking the OpenAI key…"))
    }

    func testARejectedKeyKeepsTheScreenOpenOnTheKey() {
        var state = settingsState()
        _ = press(&state, .tab, .tab, .text("sk-wrong"), .enter)
        _ = update(&state, .settingsSaved(text: "✗ OpenAI refused the key: bad. Keys are created at https://platform.openai.com/api-keys.",
                                         ok: false, keyRejected: true, keySaved: false))
        XCTAssertNotNil(state[overlay: SettingsScreen.self])
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.checking, false)
        let text = screenText(state)
        XCTAssertTrue(text.contains("OpenAI refused the key"), text)
        XCTAssertTrue(text.contains("the key was not."))
        XCTAssertEqual(update(&state, .settingsSaved(text: "✓ valid", ok: true, keyRejected: false, keySaved: true)), [.applySettings])
        XCTAssertNil(state[overlay: SettingsScreen.self])
        XCTAssertEqual(state.notice?.text, "✓ valid")
    }

    func testChangingTheProviderOffersItsModelsAndClearsTheAddress() {
        var state = settingsState()
        let effects = press(&state, .right)   // openai → anthropic
        XCTAssertEqual(effects, [.listSettingsModels(.anthropic)])
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.provider), "anthropic")
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.model), ModelCatalog.models(for: .anthropic).first?.id)
        _ = update(&state, .settingsModels(.anthropic, ["claude-live-1", "claude-live-2"]))
        _ = press(&state, .tab, .right)
        XCTAssertTrue(["claude-live-1", "claude-live-2"].contains(state[overlay: SettingsScreen.self]?.text(.model) ?? ""))
    }

    func testBadNumbersAreNamedAndNothingIsSaved() {
        var state = settingsState()
        state[overlay: SettingsScreen.self]?.setField(.stepLimit) { $0.editor.text = "99" }
        state[overlay: SettingsScreen.self]?.setField(.temperature) { $0.editor.text = "hot" }
        XCTAssertEqual(press(&state, .enter), [])
        let text = screenText(state)
        XCTAssertTrue(text.contains("A whole number from 1 to 50."), text)
        XCTAssertTrue(text.contains("A number from 0 to 2"), text)
    }

    func testWizardWalksFromWelcomeToAKeyCheckAndTheModels() {
        var state = newState()
        state[overlay: Onboarding.self] = Onboarding(environmentKeys: [.anthropic: .init(variable: "ANTHROPIC_API_KEY", key: "sk-ant-env")])
        _ = press(&state, .enter, .down, .down)          // provider step → Anthropic
        XCTAssertEqual(state[overlay: Onboarding.self]?.chosen.kind, .anthropic)
        _ = press(&state, .enter)
        XCTAssertEqual(state[overlay: Onboarding.self]?.step, .key)
        XCTAssertEqual(state[overlay: Onboarding.self]?.key.text, "sk-ant-env", "prefilled from the environment")
        XCTAssertTrue(screenText(state).contains("Filled in from ANTHROPIC_API_KEY."))
        XCTAssertEqual(press(&state, .enter), [.checkOnboardingKey(.anthropic, "sk-ant-env")])
        XCTAssertEqual(update(&state, .onboardingKeyChecked(text: "✓ valid", ok: true, unreachable: false)),
                       [.listOnboardingModels(.anthropic, "sk-ant-env")])
        XCTAssertEqual(state[overlay: Onboarding.self]?.step, .model)
        _ = update(&state, .onboardingModels(.anthropic, ["claude-a", "claude-b"], status: "2 models, live list."))
        _ = press(&state, .down, .enter)
        XCTAssertEqual(state[overlay: Onboarding.self]?.step, .ready)
        XCTAssertEqual(press(&state, .enter), [.finishOnboarding(OnboardingChoice(provider: .anthropic, model: "claude-b"))],
                       "a key from the environment is not copied to credentials.toml")
        XCTAssertNil(state[overlay: Onboarding.self])
    }

    func testWizardSkipAndLocalServers() {
        var state = newState()
        state[overlay: Onboarding.self] = Onboarding(environmentKeys: [:])
        _ = update(&state, .localServersFound([.init(kind: .ollama, baseURL: "http://127.0.0.1:5555/v1", models: ["llama3.2"], isDefaultPort: false)]))
        _ = press(&state, .enter)
        XCTAssertTrue(screenText(state).contains("found at 127.0.0.1:5555 · 1 model"))
        _ = press(&state, .end, .down, .down, .down, .down, .enter, .enter)
        XCTAssertEqual(press(&state, .enter), [.finishOnboarding(OnboardingChoice(provider: .ollama, model: "llama3.2", baseURL: "http://127.0.0.1:5555/v1"))])
        var skipping = newState()
        skipping[overlay: Onboarding.self] = Onboarding(environmentKeys: [:])
        XCTAssertEqual(press(&skipping, .escape), [.finishOnboarding(OnboardingChoice())])
    }

    func testQuestionMarkOpensHelpOnlyOutsideTyping() {
        var state = newState()
        _ = press(&state, .text("?"))
        XCTAssertNotNil(state[overlay: HelpView.self])
        _ = press(&state, .text("x"))
        state.chat.input.insert("why")
        _ = press(&state, .text("?"))
        XCTAssertNil(state[overlay: HelpView.self])
        XCTAssertEqual(state.chat.input.text, "why?")
    }

    /// Toolsets typed as a list (an unknown name is named under the field), the keymap and
    /// the notifications chosen with ← →, in both languages' words.
    func testToolsetsKeymapAndNotificationsAreEditedAndChecked() {
        var state = settingsState()
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.toolsets), "calendar, reminders, todos, dates, contacts, notes, files")
        for _ in 0..<7 { _ = press(&state, .backTab) }   // notifications, the last field before the Voice section's six
        XCTAssertTrue(screenText(state).contains("a reminder's alert box always shows"), "its hint")
        _ = press(&state, .right)
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.notifications), "bell only")
        _ = press(&state, .backTab, .right)   // keymap
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.keymap), "vi")
        for _ in 0..<19 { _ = press(&state, .tab) }   // round to the toolsets, after the tools offered
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.form.fields[state[overlay: SettingsScreen.self]!.form.focus].id, "Toolsets")
        state[overlay: SettingsScreen.self]?.setField(.toolsets) { $0.editor.text = "todos, mail, Notes" }
        XCTAssertEqual(press(&state, .enter), [], "an unknown toolset is not saved")
        let text = screenText(state)
        XCTAssertTrue(text.contains("Unknown: mail. Toolsets: calendar, reminders,"), text)
        state[overlay: SettingsScreen.self]?.setField(.toolsets) { $0.editor.text = "todos,notes" }
        guard case .saveSettings(let values, let previous)? = press(&state, .enter).first else { return XCTFail("not saved") }
        XCTAssertEqual(values.toolsets, ["todos", "notes"])
        XCTAssertEqual(values.keymap, .vi)
        XCTAssertEqual(values.notifications, .bell)
        XCTAssertEqual(TUIApp.configEdits(values, previous: previous).map(\.0), ["keymap", "notifications", "toolsets"])

        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        var zh = settingsState()
        for _ in 0..<7 { _ = press(&zh, .backTab) }
        _ = press(&zh, .left)
        XCTAssertEqual(zh[overlay: SettingsScreen.self]?.text(.notifications), "不通知（只显示提醒框）")
        guard case .saveSettings(let chosen, _)? = press(&zh, .enter).first else { return XCTFail("not saved") }
        XCTAssertEqual(chosen.notifications, AlertNotifications.none)
        XCTAssertEqual(chosen.keymap, .default)
    }

    /// On a screen too short for every field the form scrolls: the focused field and its hint
    /// stay in view, arrows say there is more above or below.
    func testATallFormScrollsToTheFocusedField() {
        var state = settingsState()
        state.size = Size(width: 80, height: 18)
        var text = screenText(state)
        XCTAssertTrue(text.contains("Provider"))
        XCTAssertTrue(text.contains("↓"), text)
        XCTAssertFalse(text.contains("Voice test file"))
        _ = press(&state, .backTab)
        text = screenText(state)
        XCTAssertTrue(text.contains("Voice test file"), text)
        XCTAssertTrue(text.contains("F4 tests the voice settings as typed"), text)
        XCTAssertTrue(text.contains("↑"), text)
        XCTAssertFalse(text.contains("Provider"), text)
        XCTAssertTrue(text.contains("Enter save"), "the keys' help stays")
    }

    func testHelpShowsRemappedKeys() {
        var state = newState(width: 160, height: 50)  // the whole help on one screen
        var problems: [String] = []
        state.keyBindings = KeyBindings(["settings": "ctrl-s"], problems: &problems)
        state[overlay: HelpView.self] = HelpView()
        XCTAssertTrue(screenText(state).contains("Ctrl-S, F2, /settings"))
        state[overlay: HelpView.self] = nil
        XCTAssertEqual(press(&state, .ctrl("s")), [.openSettings])
    }

    func testSuggestedPromptsFillTheInputInTheLanguage() {
        var state = newState()
        XCTAssertTrue(screenText(state).contains("1 Tasks"))
        _ = press(&state, .text("2"))
        XCTAssertEqual(state.chat.input.text, "what's on this week")
        Language.apply(setting: "auto", environment: ["LANG": "zh_CN.UTF-8"])
        defer { Strings.use(.english) }
        XCTAssertTrue(screenText(newState()).contains("这周有什么安排"))
    }

    func testConnectivityFollowsTheTurns() {
        var state = newState()
        state.providerName = "OpenAI"
        state.connectivity = .unknown
        _ = update(&state, .agent(turnId: 1, .waiting(seconds: 2, reason: "429")))
        XCTAssertEqual(state.connectivity, .retrying)
        XCTAssertTrue(screenText(state).contains("OpenAI · ◌ retrying"))
        var failed = Message(id: 9, conversationId: 1, role: .assistant, content: "", status: .error, provider: "openai",
                             errorText: "Could not reach OpenAI at api.openai.com: down.")
        _ = update(&state, .agent(turnId: 1, .finished(failed)))
        XCTAssertEqual(state.connectivity, .offline)
        failed.status = .complete
        _ = update(&state, .agent(turnId: 1, .finished(failed)))
        XCTAssertEqual(state.connectivity, .online)
        XCTAssertTrue(newState().connectivity == .offlineAssistant)
        XCTAssertTrue(screenText(newState()).contains(" Offline assistant "))
    }

    /// With a fallback chain the badge names the provider answering, not the one chosen.
    func testTheBadgeNamesTheProviderOfAFallbackChainThatAnswers() {
        var state = newState()
        state.providerName = "OpenAI"
        state.connectivity = .unknown
        _ = update(&state, .agent(turnId: 1, .answering(providerId: "openai", name: "OpenAI")))
        _ = update(&state, .agent(turnId: 1, .waiting(seconds: 2, reason: "down")))
        XCTAssertTrue(screenText(state).contains(" OpenAI · ◌ retrying "))
        _ = update(&state, .agent(turnId: 1, .answering(providerId: "ollama", name: "Ollama")))
        _ = update(&state, .agent(turnId: 1, .textDelta(messageId: 9, "hi")))
        XCTAssertTrue(screenText(state).contains(" Ollama · ● online "), screenText(state))
        _ = update(&state, .agent(turnId: 1, .answering(providerId: "offline", name: "Offline")))
        let answered = Message(id: 9, conversationId: 1, role: .assistant, content: "hi", status: .complete, provider: "offline")
        _ = update(&state, .agent(turnId: 1, .finished(answered)))
        let screen = screenText(state)
        XCTAssertTrue(screen.contains(" Offline assistant "), screen)
        XCTAssertFalse(screen.contains("OpenAI"), screen)
        // The next turn starts at the chain's first again.
        _ = update(&state, .agent(turnId: 2, .answering(providerId: "openai", name: "OpenAI")))
        XCTAssertEqual(state.connectivity, .unknown)
        XCTAssertTrue(screenText(state).contains(" OpenAI "))
    }

    /// The settings screen, two wizard steps and the help, in three themes.
    func testSnapshotsInThreeThemes() throws {
        let catalog = ThemeCatalog(userFolder: nil)
        var wizard = newState()
        wizard[overlay: Onboarding.self] = Onboarding(environmentKeys: [:])
        var providers = wizard
        providers[overlay: Onboarding.self]?.step = .provider
        providers[overlay: Onboarding.self]?.setLocalServers([])
        var help = newState(width: 120, height: 40)
        help[overlay: HelpView.self] = HelpView()
        let screens = [("settings", settingsState()), ("wizard-welcome", wizard), ("wizard-provider", providers), ("help", help)]
        for (name, state) in screens {
            let darkText = screenText(state)
            assertSnapshot(darkText, named: "\(name)-\(state.size.width)x\(state.size.height)")
            for theme in themeNames {
                let canvas = screenCanvas(state, theme: try catalog.load(theme).get())
                XCTAssertEqual(canvas.text(), darkText)
                assertSnapshot(StyleMap.of(canvas), named: "theme-\(theme)-\(name)")
            }
        }
    }
}
