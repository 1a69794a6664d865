import Foundation
import TOMLKit
import Providers

/// The provider part of `config.toml`:
///
/// ```toml
/// provider = "openai"            # offline (default), openai, anthropic, gemini, ollama, ollama-native,
///                                # llamacpp, llamacpp-raw, lmstudio, vllm, openrouter, openai-compatible
/// model = "gpt-4.1-mini"
/// base_url = "http://127.0.0.1:8080/v1"   # for the chosen provider
/// requests_per_minute = 50       # 0: no limit
/// fallback = true                # external → local → offline when the provider is unavailable
/// fallback_local = "ollama"      # the local step of the fallback
/// idle_timeout = 60              # seconds without a byte before a stream fails
/// template = "chatml"            # llama.cpp raw /completion only
///
/// [providers.ollama]             # per provider: base_url, model, requests_per_minute, api_key_command
/// base_url = "http://127.0.0.1:11434/v1"
///
/// [providers.openai]
/// api_key_command = "pass show openai"   # the key is its output's first line (KeyCommand)
/// ```
public struct ProviderConfig: Sendable, Equatable {
    public var provider: String?
    public var model: String?
    public var baseURL: String?
    public var requestsPerMinute: Int?
    public var fallback = false
    public var fallbackLocal: String?
    public var idleTimeout: Double?
    public var template: String?
    /// `[providers.NAME]` tables.
    public var perProvider: [ProviderKind: Entry] = [:]
    /// Keys from credentials.toml (they win over the environment's).
    public var apiKeys: [ProviderKind: String] = [:]

    public struct Entry: Sendable, Equatable {
        public var baseURL: String?
        public var model: String?
        public var requestsPerMinute: Int?
        /// A shell command that prints the key; it wins over credentials.toml and the environment.
        public var apiKeyCommand: String?
    }

    public init() {}

    static let keys: Set<String> = ["provider", "model", "base_url", "requests_per_minute", "fallback", "fallback_local",
                                    "idle_timeout", "template", "providers"]

    /// What the resolver takes for `kind` (`base_url` and `model` at the top apply to the chosen provider).
    public func values(for kind: ProviderKind, chosen: Bool) -> ProviderConfigValues {
        var urls: [ProviderKind: String] = [:]
        for (k, entry) in perProvider { if let u = entry.baseURL { urls[k] = u } }
        if chosen, let baseURL { urls[kind] = baseURL }
        let model = (chosen ? self.model : nil) ?? perProvider[kind]?.model
        return ProviderConfigValues(provider: kind.rawValue, model: model, baseURLs: urls, apiKeys: apiKeys, template: template)
    }

    public func requestsPerMinute(for kind: ProviderKind) -> Int {
        perProvider[kind]?.requestsPerMinute ?? requestsPerMinute ?? 0
    }

    static func parse(_ table: TOMLTable, problems: inout [String]) -> ProviderConfig {
        var c = ProviderConfig()
        func text(_ key: String, in t: TOMLTable = table, prefix: String = "") -> String? {
            guard let v = t[key] else { return nil }
            if let s = v.string?.trimmingCharacters(in: .whitespaces), !s.isEmpty { return s }
            problems.append("'\(prefix)\(key)' must be text"); return nil
        }
        func count(_ key: String, in t: TOMLTable = table, prefix: String = "") -> Int? {
            guard let v = t[key] else { return nil }
            if let n = v.int, n >= 0 { return n }
            problems.append("'\(prefix)\(key)' must be a whole number, 0 or more"); return nil
        }
        c.provider = text("provider")
        if let p = c.provider, ProviderKind(name: p) == nil {
            problems.append("unknown provider '\(p)' (use one of: \(ProviderKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            c.provider = nil
        }
        c.model = text("model")
        c.baseURL = text("base_url")
        c.requestsPerMinute = count("requests_per_minute")
        c.fallbackLocal = text("fallback_local")
        c.template = text("template")
        if let v = table["fallback"] {
            if let b = v.bool { c.fallback = b } else { problems.append("'fallback' must be true or false") }
        }
        if let v = table["idle_timeout"] {
            if let d = v.double ?? v.int.map(Double.init), d > 0 { c.idleTimeout = d } else { problems.append("'idle_timeout' must be a number of seconds") }
        }
        if let v = table["providers"] {
            guard let providers = v.table else { problems.append("'providers' must be a table of [providers.NAME] tables"); return c }
            for name in providers.keys.sorted() {
                guard let kind = ProviderKind(name: name), let t = providers[name]?.table else {
                    problems.append("unknown provider table [providers.\(name)]"); continue
                }
                let prefix = "providers.\(name)."
                c.perProvider[kind] = Entry(baseURL: text("base_url", in: t, prefix: prefix), model: text("model", in: t, prefix: prefix),
                                            requestsPerMinute: count("requests_per_minute", in: t, prefix: prefix),
                                            apiKeyCommand: text("api_key_command", in: t, prefix: prefix))
            }
        }
        return c
    }
}
