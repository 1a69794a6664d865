import Foundation
import Providers
import Core

/// What the TUI needs to change provider or model while it runs: the config, the current
/// `--provider`/`--model` choice and the environment the keys come from.
public struct ProviderSwitcher: Sendable {
    public var config: AppConfig
    /// The choice in effect: the open conversation's provider and model.
    public private(set) var flags: ProviderFlags
    /// `--provider` / `--model` as given at start: with the config, the default for new conversations.
    private(set) var defaults: ProviderFlags
    public var environment: [String: String]
    /// Where live model lists are cached for a day.
    public var cacheFolder: String
    /// The files the settings screen writes (nil: no settings screen, as in tests).
    public var paths: AppPaths?
    var configPath: String? { paths?.config }

    public init(config: AppConfig, flags: ProviderFlags, environment: [String: String] = ProcessInfo.processInfo.environment,
                cacheFolder: String, paths: AppPaths? = nil) {
        self.config = config; self.flags = flags; self.defaults = flags; self.environment = environment; self.cacheFolder = cacheFolder; self.paths = paths
    }

    /// Saved settings take over from `--provider` / `--model` and earlier `/provider` choices.
    mutating func resetFlags() { flags = ProviderFlags(); defaults = ProviderFlags() }

    /// The provider a conversation answers with: the one it stored, or the default for a new
    /// conversation (nil) and for one that stored none. Kept only when it could be set up.
    public mutating func choose(for conversation: Conversation?) -> ProviderChoice {
        let next = conversation?.provider.map { ProviderFlags(provider: $0, model: conversation?.model) } ?? defaults
        let choice = AppServices.chooseProvider(config: config, flags: next, environment: environment)
        if choice.problem == nil { flags = next }
        return choice
    }

    /// The provider for a new choice; `provider` nil keeps the provider, `model` nil takes its default.
    /// The choice is kept only when the provider could be set up.
    public mutating func choose(provider: String?, model: String?) -> ProviderChoice {
        var next = flags
        if let provider { next.provider = provider; next.model = model } else { next.model = model }
        let choice = AppServices.chooseProvider(config: config, flags: next, environment: environment)
        if choice.problem == nil { flags = next }
        return choice
    }

    /// The providers to offer, each saying whether it is ready to use.
    func providerItems() -> [Picker.Item] {
        let withKeys = Set(ProviderResolver.providersWithKeys(environment: environment))
        let words = tr.notices
        return ProviderKind.allCases.map { kind in
            let variables = ProviderResolver.keyVariables(kind)
            let detail: String
            if kind == .offline { detail = words.builtInNoNetwork }
            else if kind.isLocal { detail = words.localServer }
            else if withKeys.contains(kind) { detail = words.keySet }
            else { detail = variables.isEmpty ? words.needsAKey : words.needsVariables(variables) }
            return Picker.Item(id: kind.rawValue, label: kind == .offline ? tr.chrome.offlineAssistant : "\(kind.displayName) (\(kind.rawValue))",
                               detail: detail)
        }
    }

    /// The built-in catalog's models for `kind`, shown while the live list loads.
    /// `words` are the interface's, taken on the loop thread (the live list arrives on another).
    static func catalogItems(_ kind: ProviderKind, words: NoticeStrings) -> [Picker.Item] {
        ModelCatalog.models(for: kind).map { info in
            Picker.Item(id: info.id, label: info.displayName, detail: priceText(info, words))
        }
    }

    static func modelItems(_ ids: [String], kind: ProviderKind, words: NoticeStrings) -> [Picker.Item] {
        ids.map { id in
            let info = ModelCatalog.find(id, provider: kind)
            return Picker.Item(id: id, label: id, detail: info.map { priceText($0, words) } ?? "")
        }
    }

    private static func priceText(_ info: ModelInfo, _ words: NoticeStrings) -> String {
        guard info.inputPrice > 0 || info.outputPrice > 0 else { return words.free }
        return words.pricePerMillion(info.inputPrice, info.outputPrice)
    }
}
