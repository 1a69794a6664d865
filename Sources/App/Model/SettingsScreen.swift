import Foundation
import Terminal
import Providers
import Tools

/// What the settings screen shows and saves, in config.toml's terms.
struct SettingsValues: Equatable {
    var provider: ProviderKind = .offline
    var model = ""
    var baseURL = ""
    var temperature: Double?
    var maxTokens: Int?
    /// config.toml's `persona`: nil, a preset's name or a custom persona's text.
    var persona: String?
    var stepLimit = 6
    var autoApprove = false
    var offerAllTools = false
    var theme = "dark"
    var renderMarkdown = true
    var language = "auto"
    var mouse = true
    var keymap = KeymapStyle.default
    var notifications = AlertNotifications.all
    /// The enabled built-in toolsets, in their order.
    var toolsets = Toolset.builtInNames
    /// A key typed on the screen; nil keeps the stored one.
    var apiKey: String?
    /// `[voice]`: the transcription server (empty: OpenAI), its model, a key typed for it (nil
    /// keeps the stored one), the recorder (empty: the first found), the transcript sent at once.
    var voiceURL = ""
    var voiceModel = ""
    var voiceKey: String?
    var recordCommand = ""
    var sendAtOnce = false
    /// The Sync section: each `[[sync.accounts]]` entry's interval and conflict policy (SettingsSync.swift).
    var syncAccounts: [SyncAccountSetting] = []
}

/// The settings screen (F2, `/settings`): one form over the panes. Saving writes config.toml
/// (only the keys that changed) and checks a new API key before it goes to credentials.toml.
struct SettingsScreen: Equatable {
    enum Field: String, CaseIterable {
        case provider = "Provider", model = "Model", apiKey = "API key", baseURL = "Base URL", temperature = "Temperature",
             maxTokens = "Max tokens", persona = "Persona", customPersona = "Custom persona", stepLimit = "Agent steps",
             approvals = "Tool approvals", tools = "Tools offered", toolsets = "Toolsets", theme = "Theme", answers = "Answers",
             language = "Language",
             mouse = "Mouse", keymap = "Keymap", notifications = "Notifications",
             voiceServer = "Voice server", voiceModel = "Voice model", voiceKey = "Voice key", recordCommand = "Record command",
             dictation = "Dictation", voiceTest = "Voice test file"
    }
    private static var words: SettingsStrings { tr.settings }

    var form: Form
    var initial: SettingsValues
    /// "sk-…7f3a (credentials.toml)" per provider: what the key field's hint may say of a stored key.
    var storedKeys: [ProviderKind: String]
    /// Providers whose key comes from `api_key_command` (config.toml): it wins over a key typed here.
    var keyCommands: Set<ProviderKind>
    /// A key check is running: Enter waits for it.
    var checking = false
    /// "…7f3a (credentials.toml)": the transcription server's key stored, for its hint.
    var storedVoiceKey: String?
    /// `[voice]` as saved: what the test keeps of it (the key's command, the language, the prompt).
    var savedVoice = VoiceSettings()

    static func == (a: SettingsScreen, b: SettingsScreen) -> Bool { a.initial == b.initial && a.checking == b.checking && a.form.focus == b.form.focus }

    init(_ values: SettingsValues, themes: [String], storedKeys: [ProviderKind: String], keyCommands: Set<ProviderKind> = [],
         storedVoiceKey: String? = nil) {
        initial = values
        self.storedKeys = storedKeys
        self.keyCommands = keyCommands
        self.storedVoiceKey = storedVoiceKey
        let persona = Persona.of(values.persona)
        let w = Self.words
        let fixed: [Form.Field] = Field.allCases.map { field in
            let label = w.label(field), id = field.rawValue
            switch field {
            case .provider: return Form.Field(label, values.provider.rawValue, id: id, choices: ProviderKind.allCases.map(\.rawValue))
            case .model: return Form.Field(label, values.model, id: id, choices: ModelCatalog.models(for: values.provider).map(\.id))
            case .apiKey: return Form.Field(label, id: id, secret: true)
            case .baseURL: return Form.Field(label, values.baseURL, id: id, hint: w.baseURLHint)
            case .temperature: return Form.Field(label, values.temperature.map { String($0) } ?? "", id: id, hint: w.temperatureHint)
            case .maxTokens: return Form.Field(label, values.maxTokens.map(String.init) ?? "", id: id, hint: w.maxTokensHint)
            case .persona: return Form.Field(label, w.persona(persona), id: id, choices: Persona.allCases.map(w.persona), hint: w.personaHint)
            case .customPersona:
                return Form.Field(label, persona == .custom ? values.persona ?? "" : "", id: id, hint: w.customPersonaHint)
            case .stepLimit: return Form.Field(label, String(values.stepLimit), id: id, hint: w.stepLimitHint)
            case .approvals: return Form.Field(label, values.autoApprove ? w.runWithoutAsking : w.askFirst, id: id,
                                               choices: [w.askFirst, w.runWithoutAsking], hint: w.approvalsHint)
            case .tools: return Form.Field(label, values.offerAllTools ? w.allTools : w.relevantTools, id: id,
                                           choices: [w.relevantTools, w.allTools])
            case .toolsets: return Form.Field(label, values.toolsets.joined(separator: ", "), id: id, hint: w.toolsetsHint(Toolset.builtInNames.joined(separator: ", ")))
            case .theme: return Form.Field(label, values.theme, id: id, choices: themes)
            case .answers: return Form.Field(label, values.renderMarkdown ? w.asMarkdown : w.asPlainText, id: id,
                                             choices: [w.asMarkdown, w.asPlainText], hint: w.answersHint)
            case .language: return Form.Field(label, values.language, id: id, choices: Language.settingNames, hint: w.languageHint)
            case .mouse: return Form.Field(label, values.mouse ? w.on : w.off, id: id, choices: [w.on, w.off], hint: w.mouseHint)
            case .keymap: return Form.Field(label, w.keymap(values.keymap), id: id, choices: KeymapStyle.allCases.map(w.keymap), hint: w.keymapHint)
            case .notifications:
                return Form.Field(label, w.notifications(values.notifications), id: id, choices: AlertNotifications.allCases.map(w.notifications),
                                  hint: w.notificationsHint)
            case .voiceServer: return Form.Field(label, values.voiceURL, id: id, hint: w.voiceServerHint)
            case .voiceModel: return Form.Field(label, values.voiceModel, id: id, hint: w.voiceModelHint)
            case .voiceKey: return Form.Field(label, id: id, hint: storedVoiceKey.map(w.keyStored) ?? w.noVoiceKey, secret: true)
            case .recordCommand: return Form.Field(label, values.recordCommand, id: id, hint: w.recordCommandHint)
            case .dictation: return Form.Field(label, values.sendAtOnce ? w.sentAtOnce : w.intoTheInput, id: id,
                                               choices: [w.intoTheInput, w.sentAtOnce], hint: w.dictationHint)
            case .voiceTest: return Form.Field(label, "", id: id, hint: w.voiceTestHint)
            }
        }
        form = Form(title: w.title, fields: fixed + Self.syncFields(values.syncAccounts), purpose: .settings)
        refreshKeyHint()
    }

    func text(_ field: Field) -> String { form.text(field.rawValue) }
    var provider: ProviderKind { ProviderKind(name: text(.provider)) ?? initial.provider }

    /// The key field's hint: the stored key (masked), where keys come from and where to make one.
    mutating func refreshKeyHint() {
        guard let i = form.fields.firstIndex(where: { $0.id == Field.apiKey.rawValue }) else { return }
        let kind = provider, w = Self.words
        let stored = keyCommands.contains(kind) ? w.keyFromCommand : storedKeys[kind].map(w.keyStored)
        let page = ProviderErrorMapper.keyPage(kind).map(w.keyPage)
        let needsNone = ProviderResolver.keyVariables(kind).isEmpty ? w.needsNoKey(kind.displayName) : nil
        form.fields[i].hint = [needsNone ?? stored ?? w.noKeyStored, needsNone == nil ? page : nil]
            .compactMap { $0 }.joined(separator: " · ")
    }

    /// A new provider was chosen: its models, its usual address, its key.
    mutating func providerChanged() {
        let kind = provider
        let models = ModelCatalog.models(for: kind).map(\.id)
        let same = kind == initial.provider, model = same ? initial.model : (models.first ?? ""), baseURL = same ? initial.baseURL : ""
        setField(.model) { $0.choices = models; $0.editor.text = model }
        setField(.baseURL) { $0.editor.text = baseURL }
        setField(.apiKey) { $0.editor.text = ""; $0.error = nil }
        refreshKeyHint()
    }

    mutating func setModels(_ ids: [String], for kind: ProviderKind) {
        guard kind == provider, !ids.isEmpty else { return }
        setField(.model) { $0.choices = ids }
    }

    mutating func setField(_ field: Field, _ change: (inout Form.Field) -> Void) {
        guard let i = form.fields.firstIndex(where: { $0.id == field.rawValue }) else { return }
        change(&form.fields[i])
    }

    /// The values typed, or nil with the fields in error marked.
    mutating func read() -> SettingsValues? {
        for field in Field.allCases { form.setError(field.rawValue, nil) }
        var v = initial
        v.provider = provider
        v.model = text(.model)
        v.baseURL = text(.baseURL)
        if !v.baseURL.isEmpty, URL(string: v.baseURL)?.scheme?.hasPrefix("http") != true {
            form.setError(Field.baseURL.rawValue, Self.words.badBaseURL)
        }
        let temperature = text(.temperature)
        v.temperature = temperature.isEmpty ? nil : Double(temperature)
        if !temperature.isEmpty, !(0...2).contains(v.temperature ?? -1) { form.setError(Field.temperature.rawValue, Self.words.badTemperature) }
        let maxTokens = text(.maxTokens)
        v.maxTokens = maxTokens.isEmpty ? nil : Int(maxTokens)
        if !maxTokens.isEmpty, (v.maxTokens ?? 0) < 1 { form.setError(Field.maxTokens.rawValue, Self.words.badMaxTokens) }
        if let steps = Int(text(.stepLimit)), (1...50).contains(steps) { v.stepLimit = steps }
        else { form.setError(Field.stepLimit.rawValue, Self.words.badStepLimit) }
        let persona = Persona.allCases.first { Self.words.persona($0) == text(.persona) || $0.rawValue == text(.persona).lowercased() } ?? .professional
        if persona == .custom {
            let custom = text(.customPersona)
            if custom.isEmpty { form.setError(Field.customPersona.rawValue, Self.words.emptyPersona) }
            v.persona = custom
        } else {
            v.persona = persona == .professional && initial.persona == nil ? nil : persona.rawValue
        }
        v.autoApprove = text(.approvals) == Self.words.runWithoutAsking
        v.offerAllTools = text(.tools) == Self.words.allTools
        v.theme = text(.theme)
        v.renderMarkdown = text(.answers) != Self.words.asPlainText
        v.language = Language.settingNames.contains(text(.language)) ? text(.language) : "auto"
        v.mouse = text(.mouse) != Self.words.off
        v.keymap = KeymapStyle.allCases.first { Self.words.keymap($0) == text(.keymap) || $0.rawValue == text(.keymap).lowercased() } ?? .default
        v.notifications = AlertNotifications.allCases.first { Self.words.notifications($0) == text(.notifications) || $0.rawValue == text(.notifications).lowercased() }
            ?? .all
        let (toolsets, unknown) = SettingChoices.toolsets(text(.toolsets).split(separator: ",").map(String.init))
        v.toolsets = toolsets
        if !unknown.isEmpty { form.setError(Field.toolsets.rawValue, Self.words.unknownToolsets(unknown.joined(separator: ", "), Toolset.builtInNames.joined(separator: ", "))) }
        let key = text(.apiKey)
        v.apiKey = key.isEmpty ? nil : key
        readVoice(into: &v)
        readSync(into: &v)
        return form.hasErrors ? nil : v
    }

    /// The Voice section's values into `v`; a server that is not an http(s) address is marked.
    private mutating func readVoice(into v: inout SettingsValues) {
        v.voiceURL = text(.voiceServer)
        if !v.voiceURL.isEmpty, !["http", "https"].contains(URL(string: v.voiceURL)?.scheme?.lowercased() ?? "") {
            form.setError(Field.voiceServer.rawValue, Self.words.badVoiceServer)
        }
        v.voiceModel = text(.voiceModel)
        v.voiceKey = text(.voiceKey).isEmpty ? nil : text(.voiceKey)
        v.recordCommand = text(.recordCommand)
        v.sendAtOnce = text(.dictation) == Self.words.sentAtOnce
    }

    /// F4 on the screen: the `[voice]` settings as typed (over `saved`'s), for a test before
    /// saving; nil with the field in error marked. `file`: the test file typed, if any.
    mutating func voiceTest(over saved: VoiceSettings) -> (settings: VoiceSettings, file: String?)? {
        var v = initial
        form.setError(Field.voiceServer.rawValue, nil)
        readVoice(into: &v)
        guard form.fields.first(where: { $0.id == Field.voiceServer.rawValue })?.error == nil else { return nil }
        var settings = saved
        settings.url = v.voiceURL.isEmpty ? nil : v.voiceURL
        settings.model = v.voiceModel.isEmpty ? nil : v.voiceModel
        if let key = v.voiceKey { settings.apiKey = key }
        settings.recordCommand = v.recordCommand.isEmpty ? nil : v.recordCommand
        let file = text(.voiceTest).trimmingCharacters(in: .whitespaces)
        return (settings, file.isEmpty ? nil : file)
    }
}
