import Foundation
import Terminal
import Providers

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
    var language = "auto"
    var mouse = true
    /// A key typed on the screen; nil keeps the stored one.
    var apiKey: String?
}

/// The settings screen (F2, `/settings`): one form over the panes. Saving writes config.toml
/// (only the keys that changed) and checks a new API key before it goes to credentials.toml.
struct SettingsScreen: Equatable {
    enum Field: String, CaseIterable {
        case provider = "Provider", model = "Model", apiKey = "API key", baseURL = "Base URL", temperature = "Temperature",
             maxTokens = "Max tokens", persona = "Persona", customPersona = "Custom persona", stepLimit = "Agent steps",
             approvals = "Tool approvals", tools = "Tools offered", theme = "Theme", language = "Language", mouse = "Mouse"
    }
    static let askFirst = "ask first", runWithoutAsking = "run without asking"
    static let relevantTools = "relevant to the message", allTools = "all"

    var form: Form
    var initial: SettingsValues
    /// "sk-…7f3a (credentials.toml)" per provider: what the key field's hint may say of a stored key.
    var storedKeys: [ProviderKind: String]
    /// A key check is running: Enter waits for it.
    var checking = false

    static func == (a: SettingsScreen, b: SettingsScreen) -> Bool { a.initial == b.initial && a.checking == b.checking && a.form.focus == b.form.focus }

    init(_ values: SettingsValues, themes: [String], storedKeys: [ProviderKind: String]) {
        initial = values
        self.storedKeys = storedKeys
        let persona = Persona.of(values.persona)
        let fields: [Form.Field] = Field.allCases.map { field in
            switch field {
            case .provider: return Form.Field(field.rawValue, values.provider.rawValue, choices: ProviderKind.allCases.map(\.rawValue))
            case .model: return Form.Field(field.rawValue, values.model, choices: ModelCatalog.models(for: values.provider).map(\.id))
            case .apiKey: return Form.Field(field.rawValue, secret: true)
            case .baseURL: return Form.Field(field.rawValue, values.baseURL, hint: "empty: the provider's usual address")
            case .temperature: return Form.Field(field.rawValue, values.temperature.map { String($0) } ?? "", hint: "0 to 2; empty: the provider's default")
            case .maxTokens: return Form.Field(field.rawValue, values.maxTokens.map(String.init) ?? "", hint: "tokens per answer; empty: the provider's default")
            case .persona: return Form.Field(field.rawValue, persona.label, choices: Persona.allCases.map(\.label), hint: "Custom uses the text below")
            case .customPersona:
                return Form.Field(field.rawValue, persona == .custom ? values.persona ?? "" : "", hint: "your own system prompt · Ctrl-E in $EDITOR")
            case .stepLimit: return Form.Field(field.rawValue, String(values.stepLimit), hint: "model calls per answer, 1 to 50")
            case .approvals: return Form.Field(field.rawValue, values.autoApprove ? Self.runWithoutAsking : Self.askFirst,
                                               choices: [Self.askFirst, Self.runWithoutAsking], hint: "deleting and overwriting tools")
            case .tools: return Form.Field(field.rawValue, values.offerAllTools ? Self.allTools : Self.relevantTools,
                                           choices: [Self.relevantTools, Self.allTools])
            case .theme: return Form.Field(field.rawValue, values.theme, choices: themes)
            case .language: return Form.Field(field.rawValue, values.language, choices: Language.settingNames, hint: "auto follows LC_ALL, LC_MESSAGES, LANG")
            case .mouse: return Form.Field(field.rawValue, values.mouse ? "on" : "off", choices: ["on", "off"], hint: "applies at the next start")
            }
        }
        form = Form(title: " Settings ", fields: fields, purpose: .settings)
        refreshKeyHint()
    }

    func text(_ field: Field) -> String { form.text(field.rawValue) }
    var provider: ProviderKind { ProviderKind(name: text(.provider)) ?? initial.provider }

    /// The key field's hint: the stored key (masked), where keys come from and where to make one.
    mutating func refreshKeyHint() {
        guard let i = form.fields.firstIndex(where: { $0.label == Field.apiKey.rawValue }) else { return }
        let kind = provider
        let stored = storedKeys[kind].map { "now \($0); type to replace" }
        let page = ProviderErrorMapper.keyPage(kind).map { "keys: \($0)" }
        let needsNone = ProviderResolver.keyVariables(kind).isEmpty ? "\(kind.displayName) needs no key" : nil
        form.fields[i].hint = [needsNone ?? stored ?? "none stored; checked when saved", needsNone == nil ? page : nil]
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
        guard let i = form.fields.firstIndex(where: { $0.label == field.rawValue }) else { return }
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
            form.setError(Field.baseURL.rawValue, "Write a full address such as http://127.0.0.1:11434/v1, or leave it empty.")
        }
        let temperature = text(.temperature)
        v.temperature = temperature.isEmpty ? nil : Double(temperature)
        if !temperature.isEmpty, !(0...2).contains(v.temperature ?? -1) { form.setError(Field.temperature.rawValue, "A number from 0 to 2, or empty.") }
        let maxTokens = text(.maxTokens)
        v.maxTokens = maxTokens.isEmpty ? nil : Int(maxTokens)
        if !maxTokens.isEmpty, (v.maxTokens ?? 0) < 1 { form.setError(Field.maxTokens.rawValue, "A whole number, 1 or more, or empty.") }
        if let steps = Int(text(.stepLimit)), (1...50).contains(steps) { v.stepLimit = steps }
        else { form.setError(Field.stepLimit.rawValue, "A whole number from 1 to 50.") }
        let persona = Persona(rawValue: text(.persona).lowercased()) ?? .professional
        if persona == .custom {
            let custom = text(.customPersona)
            if custom.isEmpty { form.setError(Field.customPersona.rawValue, "Write the persona here (or Ctrl-E), or pick a preset.") }
            v.persona = custom
        } else {
            v.persona = persona == .professional && initial.persona == nil ? nil : persona.rawValue
        }
        v.autoApprove = text(.approvals) == Self.runWithoutAsking
        v.offerAllTools = text(.tools) == Self.allTools
        v.theme = text(.theme)
        v.language = Language.settingNames.contains(text(.language)) ? text(.language) : "auto"
        v.mouse = text(.mouse) != "off"
        let key = text(.apiKey)
        v.apiKey = key.isEmpty ? nil : key
        return form.hasErrors ? nil : v
    }
}

func handleSettingsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var screen = state.settings else { return [] }
    if screen.checking, key != .escape { return [] }
    let focused = SettingsScreen.Field(rawValue: screen.form.fields[screen.form.focus].label)
    if key == .ctrl("e"), focused == .customPersona {
        return [.editPersonaInEditor(screen.text(.customPersona))]
    }
    let before = screen.provider
    switch screen.form.handle(key) {
    case .cancel:
        state.settings = nil
        return []
    case .submit:
        guard let values = screen.read() else { state.settings = screen; return [] }
        if values.apiKey != nil { screen.checking = true; screen.form.status = "Checking the \(values.provider.displayName) key…" }
        screen.form.statusIsError = false
        state.settings = screen
        return [.saveSettings(values, previous: screen.initial)]
    case .editing:
        if focused == .persona, screen.text(.persona) == Persona.custom.label, screen.text(.customPersona).isEmpty,
           let old = screen.initial.persona, Persona.of(old) == .custom {
            screen.setField(.customPersona) { $0.editor.text = old }
        }
        state.settings = screen
        guard screen.provider != before else { return [] }
        state.settings?.providerChanged()
        return [.listSettingsModels(screen.provider)]
    }
}
