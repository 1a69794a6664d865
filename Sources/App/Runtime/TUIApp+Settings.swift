import Foundation
import Providers

/// The settings screen and the first-run wizard: the runtime side (files written, keys checked
/// and local servers probed off the loop thread, the provider rebuilt). See docs/settings.md.
extension TUIApp {
    private var configPath: String? { switcher?.configPath }

    /// `field`: the palette's settings row, the form opened on that field.
    func openSettings(at field: SettingsScreen.Field? = nil) {
        guard let switcher, configPath != nil else {
            return show(Notice(text: tr.notices.settingsUnavailable, kind: .info, expires: nil))
        }
        let config = switcher.config
        var values = SettingsValues()
        let kind = ProviderKind(name: switcher.flags.provider ?? agent.provider.id) ?? .offline
        values.provider = kind
        values.model = kind == .offline ? "" : agent.model
        values.baseURL = config.providers.baseURL ?? ""
        values.temperature = config.temperature
        values.maxTokens = config.maxTokens
        values.persona = config.persona
        values.stepLimit = config.stepLimit
        values.autoApprove = config.autoApprove
        values.offerAllTools = config.offerAllTools
        values.theme = renderer.theme.name
        values.renderMarkdown = config.renderMarkdown
        values.language = config.language
        values.mouse = config.mouse
        values.keymap = config.keymap
        values.notifications = config.notifications
        values.toolsets = config.toolsets
        values.voiceURL = config.voice.url ?? ""
        values.voiceModel = config.voice.model ?? ""
        values.recordCommand = config.voice.recordCommand ?? ""
        values.sendAtOnce = config.voice.sendAtOnce
        // `[[sync.accounts]]` through the sync service (a small file read, as this screen's others).
        values.syncAccounts = syncRunner.accountsNow().map { SyncAccountSetting(name: $0.name, intervalMinutes: $0.intervalMinutes, conflicts: $0.conflicts) }
        // A key command is not run to show the screen (it may ask for a passphrase): the hint names it.
        let commands = Set(config.providers.perProvider.filter { $0.value.apiKeyCommand != nil }.keys)
        var screen = SettingsScreen(values, themes: themes.names, storedKeys: Self.storedKeys(config: config, environment: switcher.environment),
                                    keyCommands: commands, storedVoiceKey: config.voice.apiKey.map { Credentials.masked($0) + " (credentials.toml)" })
        screen.savedVoice = config.voice
        screen.form.status = mcpSettingsLine(mcp.servers)
        if let field, let i = screen.form.fields.firstIndex(where: { $0.id == field.rawValue }) { screen.form.focus = i }
        apply(.settingsOpened(screen))
        listSettingsModels(kind)
    }

    /// Each provider's key as the screen may show it: masked, with where it comes from.
    static func storedKeys(config: AppConfig, environment: [String: String]) -> [ProviderKind: String] {
        var keys: [ProviderKind: String] = [:]
        for kind in ProviderKind.allCases {
            if let key = config.providers.apiKeys[kind] { keys[kind] = Credentials.masked(key) + " (credentials.toml)"; continue }
            if let variable = ProviderResolver.keyVariables(kind).first(where: { !(environment[$0] ?? "").isEmpty }) {
                keys[kind] = Credentials.masked(environment[variable]!) + " (\(variable))"
            }
        }
        return keys
    }

    func listSettingsModels(_ kind: ProviderKind) {
        guard let switcher, kind != .offline,
              let settings = try? ProviderChecks.settings(kind, config: switcher.config, environment: switcher.environment) else { return }
        let mailbox = self.mailbox, folder = switcher.cacheFolder
        Task.detached {
            let (ids, source, _) = await ProviderChecks.models(settings, cacheFolder: folder)
            if source != .catalog { mailbox.post(.settingsModels(kind, ids)) }
        }
    }

    /// Writes the keys that changed to config.toml, applies them, then checks a new key (off the
    /// loop thread) and stores it in credentials.toml only when the provider did not refuse it.
    func saveSettings(_ values: SettingsValues, previous: SettingsValues) {
        guard let path = configPath, let switcher else { return }
        // The provider in use may not be the file's (`--provider`, `/provider`): compared with the
        // file, it is written, so the rebuild from the file keeps it.
        var written = previous
        written.provider = ProviderKind(name: switcher.config.providers.provider ?? "offline") ?? previous.provider
        written.model = switcher.config.providers.model ?? ""
        let edits = Self.configEdits(values, previous: written), syncEdits = Self.syncEdits(values, previous: previous)
        do {
            if !edits.isEmpty || !syncEdits.isEmpty { try Self.edit(configAt: path, edits, sync: syncEdits) }
        } catch {
            return apply(.settingsNotSaved("\(error)"))
        }
        if values.theme != previous.theme { switchTheme(values.theme) }
        if let key = values.voiceKey {
            do { try Credentials.save(key, named: Credentials.voiceName, path: Credentials.path(besideConfig: path)) } catch {
                return apply(.settingsNotSaved("\(error)"))
            }
        }
        applySettings()
        syncRunner.readAccounts()  // the new intervals take over; an account set up meanwhile shows
        guard let key = values.apiKey else {
            let mouse = values.mouse != previous.mouse ? tr.keyCheck.mouseNextStart : ""
            mailbox.post(.settingsSaved(text: tr.keyCheck.savedTo(path) + mouse, ok: true, keyRejected: false, keySaved: false))
            return
        }
        var config = switcher.config
        config.providers.apiKeys[values.provider] = key
        let credentials = Credentials.path(besideConfig: path), kind = values.provider, mailbox = self.mailbox
        let settings: ProviderSettings
        do { settings = try ProviderChecks.settings(kind, config: config, environment: switcher.environment) } catch {
            mailbox.post(.settingsSaved(text: "\(error)", ok: false, keyRejected: true, keySaved: false))
            return
        }
        Task.detached {
            let outcome = KeyValidation(await ProviderChecks.checkKey(settings), kind)
            var text = outcome.text + (outcome.isUnreachable ? tr.keyCheck.keptUnchecked : ""), saved = false
            if outcome.keep {
                do { try Credentials.save(key, for: kind, path: credentials); saved = true; text += tr.keyCheck.savedAs(Credentials.masked(key)) }
                catch { text = "\(error)" }
            }
            mailbox.post(.settingsSaved(text: text, ok: outcome.isValid && saved, keyRejected: !outcome.keep, keySaved: saved))
        }
    }

    /// The config.toml lines a save changes: only values that differ from what the screen opened with.
    static func configEdits(_ v: SettingsValues, previous p: SettingsValues) -> [(String, String?)] {
        let string = ConfigFileEditor.string
        var edits: [(String, String?)] = []
        func change<T: Equatable>(_ key: String, _ new: T, _ old: T, _ text: (T) -> String?) { if new != old { edits.append((key, text(new))) } }
        change("provider", v.provider, p.provider) { string($0.rawValue) }
        change("model", v.model, p.model) { $0.isEmpty ? nil : string($0) }
        change("base_url", v.baseURL, p.baseURL) { $0.isEmpty ? nil : string($0) }
        change("temperature", v.temperature, p.temperature) { $0.map { String($0) } }
        change("max_tokens", v.maxTokens, p.maxTokens) { $0.map(String.init) }
        change("persona", v.persona, p.persona) { $0.map(string) }
        change("step_limit", v.stepLimit, p.stepLimit) { String($0) }
        change("auto_approve", v.autoApprove, p.autoApprove) { String($0) }
        change("offer_all_tools", v.offerAllTools, p.offerAllTools) { String($0) }
        change("theme", v.theme, p.theme) { string($0) }
        change("render_markdown", v.renderMarkdown, p.renderMarkdown) { String($0) }
        change("language", v.language, p.language) { string($0) }
        change("mouse", v.mouse, p.mouse) { String($0) }
        change("keymap", v.keymap, p.keymap) { string($0.rawValue) }
        change("notifications", v.notifications, p.notifications) { string($0.rawValue) }
        change("toolsets", v.toolsets, p.toolsets) { "[" + $0.map(string).joined(separator: ", ") + "]" }
        change("voice.url", v.voiceURL, p.voiceURL) { $0.isEmpty ? nil : string($0) }
        change("voice.model", v.voiceModel, p.voiceModel) { $0.isEmpty ? nil : string($0) }
        change("voice.record_command", v.recordCommand, p.recordCommand) { $0.isEmpty ? nil : string($0) }
        change("voice.send_at_once", v.sendAtOnce, p.sendAtOnce) { String($0) }
        return edits
    }

    /// The Sync section's changes: (account, key of its `[[sync.accounts]]` entry, TOML value).
    static func syncEdits(_ v: SettingsValues, previous p: SettingsValues) -> [(account: String, key: String, value: String)] {
        zip(v.syncAccounts, p.syncAccounts).flatMap { new, old -> [(account: String, key: String, value: String)] in
            (new.intervalMinutes != old.intervalMinutes ? [(new.name, "interval_minutes", String(new.intervalMinutes))] : [])
                + (new.conflicts != old.conflicts ? [(new.name, "conflicts", ConfigFileEditor.string(new.conflicts))] : [])
        }
    }

    static func edit(configAt path: String, _ edits: [(String, String?)], sync: [(account: String, key: String, value: String)] = []) throws {
        var editor = ConfigFileEditor(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? Self.newConfigHeader)
        // "voice.url": `url` of `[voice]`.
        for (key, value) in edits {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 { editor.set(parts[1], value, in: parts[0]) } else { editor.set(key, value) }
        }
        for edit in sync { editor.set(edit.key, edit.value, inEntryNamed: edit.account, of: "sync.accounts") }
        try SafeFileWriter.write(editor.text, to: path, mode: 0o644)
    }

    static let newConfigHeader = "# AI Helper settings. F2 in the app changes them; every key: docs/settings.md.\n"

    /// Reads config.toml and credentials.toml again and rebuilds the provider and the agent.
    /// A provider or model saved is the new default and answers the open conversation too
    /// (stored with it); otherwise the open conversation keeps its own. Its persona stays.
    func applySettings() {
        guard var switcher, let paths = switcher.paths else { return }
        let (loaded, warning) = AppConfig.load(path: paths.config)
        let before = (switcher.config.providers.provider, switcher.config.providers.model)
        switcher.config = loaded.resolvingFilesFolder(paths)
        switcher.resetFlags()
        let chosen = before != (switcher.config.providers.provider, switcher.config.providers.model)
        let choice = chosen || state.chat.conversation?.provider == nil
            ? switcher.choose(provider: switcher.config.providers.provider ?? "offline", model: switcher.config.providers.model)
            : switcher.choose(for: state.chat.conversation)
        self.switcher = switcher
        rebuildAgent(choice.provider, config: switcher.config)
        if chosen { storeConversationModel() }
        apply(.settingsApplied(switcher.config.keyBindings, renderMarkdown: switcher.config.renderMarkdown,
                               notifyAfter: switcher.config.notifyAfterSeconds, voice: switcher.config.voice))
        notifications = switcher.config.notifications
        Language.apply(setting: switcher.config.language, environment: switcher.environment)
        if let problem = choice.problem ?? warning.map({ ProviderError(.badRequest, $0) }) {
            show(Notice(text: problem.description, kind: .error, expires: nil))
        }
    }

    func editPersona(_ text: String) {
        guard let edited = editInEditor(text, name: "persona") else { return }
        apply(.personaEdited(edited.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    // MARK: the first-run wizard

    /// The wizard shows on an interactive first run: no config.toml yet, no `--provider`, and
    /// no `AIHELPER_NO_WIZARD` (the end-to-end tests set it). Call before `run()`.
    public func offerFirstRunWizard(flags: ProviderFlags, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = configPath, !FileManager.default.fileExists(atPath: path), flags.provider == nil,
              (environment["AIHELPER_NO_WIZARD"] ?? "").isEmpty else { return }
        startOnboarding()
    }

    /// Opens the wizard with keys found in the environment filled in, and starts looking for local servers.
    func startOnboarding() {
        let environment = switcher?.environment ?? ProcessInfo.processInfo.environment
        var keys: [ProviderKind: Onboarding.EnvironmentKey] = [:]
        for kind in [ProviderKind.openai, .anthropic, .gemini] {
            if let variable = ProviderResolver.keyVariables(kind).first(where: { !(environment[$0] ?? "").isEmpty }) {
                keys[kind] = .init(variable: variable, key: environment[variable]!.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        apply(.onboardingOpened(Onboarding(environmentKeys: keys)))
        let probe = LocalServerProbe(environment: environment), mailbox = self.mailbox
        Task.detached { mailbox.post(.localServersFound(await probe.probe()), urgent: true) }
    }

    func checkOnboardingKey(_ kind: ProviderKind, _ key: String) {
        guard let switcher else { return }
        var config = switcher.config
        config.providers.apiKeys[kind] = key
        let mailbox = self.mailbox
        guard let settings = try? ProviderChecks.settings(kind, config: config, environment: switcher.environment) else { return }
        Task.detached {
            let outcome = KeyValidation(await ProviderChecks.checkKey(settings), kind)
            mailbox.post(.onboardingKeyChecked(text: outcome.text, ok: outcome.isValid, unreachable: outcome.isUnreachable), urgent: true)
        }
    }

    func listOnboardingModels(_ kind: ProviderKind, _ key: String) {
        guard let switcher else { return }
        var config = switcher.config
        config.providers.apiKeys[kind] = key
        guard let settings = try? ProviderChecks.settings(kind, config: config, environment: switcher.environment) else { return }
        let mailbox = self.mailbox, folder = switcher.cacheFolder
        Task.detached {
            let (ids, source, problem) = await ProviderChecks.models(settings, cacheFolder: folder)
            let status = source == .catalog ? tr.keyCheck.builtInList(problem?.message) : tr.keyCheck.liveList(ids.count)
            mailbox.post(.onboardingModels(kind, ids, status: status), urgent: true)
        }
    }

    /// Writes config.toml (so the wizard does not come back) and the key, then starts the provider.
    func finishOnboarding(_ choice: OnboardingChoice) {
        guard let path = configPath else { return }
        let string = ConfigFileEditor.string
        var edits: [(String, String?)] = [("provider", string((choice.provider ?? .offline).rawValue)),
                                          ("model", choice.model.map(string)), ("base_url", choice.baseURL.map(string))]
        if let voice = choice.voiceURL { edits.append(("voice.url", string(voice))) }
        do {
            try Self.edit(configAt: path, edits)
            if let key = choice.apiKey, let kind = choice.provider { try Credentials.save(key, for: kind, path: Credentials.path(besideConfig: path)) }
        } catch {
            return show(Notice(text: "\(error)", kind: .error, expires: nil))
        }
        applySettings()
        guard state.notice?.kind != .error else { return }
        let skipped = choice.provider == nil ? tr.keyCheck.skipped : tr.keyCheck.ready(agent.provider.displayName)
        show(Notice(text: skipped + tr.keyCheck.readyKeys, kind: .info, expires: state.clock.addingTimeInterval(20)))
    }
}

/// A key check's outcome in words, with what to do and where keys are made; whether to keep the key.
struct KeyValidation {
    var text: String
    var isValid: Bool
    var isUnreachable = false
    /// Valid, rate limited (valid) or unchecked for lack of network: the key is stored.
    var keep: Bool { isValid || isUnreachable }

    init(_ result: KeyCheckResult, _ kind: ProviderKind) {
        let words = tr.keyCheck, name = kind.displayName
        let page = ProviderErrorMapper.keyPage(kind).map(words.keysCreatedAt) ?? ""
        switch result {
        case .valid:
            (text, isValid) = (words.valid(name), true)
        case .validRateLimited(let after):
            (text, isValid) = (words.rateLimited(name, after.map { Int($0.rounded(.up)) }), true)
        case .invalid(let e):
            (text, isValid) = (words.refused(name, e.message) + page, false)
        case .unreachable(let e):
            (text, isValid, isUnreachable) = (words.unreachable(name, e.message), false, true)
        case .failed(let e):
            (text, isValid) = (words.failed(e.description) + page, false)
        }
    }
}
