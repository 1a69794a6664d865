import Foundation
import Terminal
import Providers

/// The first-run wizard: Welcome → provider → key → model → ready. Shown when there is no
/// config.toml; Esc on the welcome step skips it (the Offline assistant works at once).
struct Onboarding {
    enum Step: Equatable { case welcome, provider, key, model, ready }
    struct Option: Equatable {
        var kind: ProviderKind
        var label: String
        var detail: String
        /// A local server found at this address (written to config.toml when not the usual one).
        var baseURL: String?
        var isDefaultPort = true
        var models: [String] = []
        /// A row that only informs (no local server found yet).
        var selectable = true
        /// The row that stands for the local servers while they are looked for, or when none was found.
        var isLocalSearch = false
    }

    var step = Step.welcome
    var options: [Option]
    var probing = true
    var selected = 0
    var key = LineEditor()
    /// The key field was filled from this environment variable.
    var keyVariable: String?
    var checking = false
    var message: String?
    var messageIsError = false
    /// The last check could not reach the provider: Enter again keeps the key unchecked.
    var unreachableKey: String?
    var models: [String] = []
    var modelSelected = 0
    var modelStatus: String?
    /// The ready step's voice server (optional; empty: OpenAI's, with its key).
    var voiceURL = LineEditor()
    /// What the voice test (F4 on the ready step) found.
    var voiceMessage: String?
    var voiceMessageIsError = false
    /// Keys found in the environment, per provider: (variable, key).
    var environmentKeys: [ProviderKind: EnvironmentKey]

    struct EnvironmentKey: Equatable { var variable: String; var key: String }

    init(environmentKeys: [ProviderKind: EnvironmentKey]) {
        self.environmentKeys = environmentKeys
        let w = tr.onboarding
        options = [Option(kind: .offline, label: tr.chrome.offlineAssistant, detail: w.offlineDetail)]
            + [ProviderKind.openai, .anthropic, .gemini].map { kind in
                Option(kind: kind, label: kind.displayName, detail: environmentKeys[kind].map { w.keyFound($0.variable) } ?? w.needsKey)
            }
            + [Option(kind: .ollama, label: w.localServer, detail: w.lookingForServers, selectable: false, isLocalSearch: true)]
    }

    var chosen: Option { options[selected] }

    /// The probe finished: one row per server found, or a row saying none was.
    mutating func setLocalServers(_ found: [LocalServerProbe.Found]) {
        probing = false
        let w = tr.onboarding
        options.removeAll { $0.isLocalSearch || $0.baseURL != nil }
        if found.isEmpty {
            options.append(Option(kind: .ollama, label: w.localServer, detail: w.noServers, selectable: false, isLocalSearch: true))
        }
        for server in found {
            let host = server.baseURL.replacingOccurrences(of: "http://", with: "").replacingOccurrences(of: "/v1", with: "")
            options.append(Option(kind: server.kind, label: w.local(server.kind.displayName),
                                  detail: w.foundAt(host, server.models.count),
                                  baseURL: server.baseURL, isDefaultPort: server.isDefaultPort, models: server.models))
        }
        selected = min(selected, options.count - 1)
    }

    var choice: OnboardingChoice {
        let model = models.indices.contains(modelSelected) ? models[modelSelected] : nil
        let typed = key.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let fromEnvironment = environmentKeys[chosen.kind]?.key == typed
        let voice = voiceURL.text.trimmingCharacters(in: .whitespaces)
        return OnboardingChoice(provider: chosen.kind, model: chosen.kind == .offline ? nil : model,
                                baseURL: chosen.isDefaultPort ? nil : chosen.baseURL,
                                apiKey: typed.isEmpty || fromEnvironment ? nil : typed, voiceURL: voice.isEmpty ? nil : voice)
    }

    /// Goes to the model step with `ids` to choose from (the catalog until the live list comes).
    mutating func showModels(_ ids: [String], status: String?) {
        step = .model
        models = ids
        modelSelected = 0
        modelStatus = status
    }
}

/// What the wizard chose; nil provider: skipped.
struct OnboardingChoice: Equatable {
    var provider: ProviderKind?
    var model: String?
    var baseURL: String?
    /// A key typed (not the environment's), to store in credentials.toml.
    var apiKey: String?
    /// `[voice] url`, typed on the ready step.
    var voiceURL: String?
}
