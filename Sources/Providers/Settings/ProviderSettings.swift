import Foundation

/// Provider settings from `config.toml` and `credentials.toml` (the App reads the files).
public struct ProviderConfigValues: Sendable, Equatable {
    public var provider: String?
    public var model: String?
    /// Base URL per provider ("http://127.0.0.1:8080/v1").
    public var baseURLs: [ProviderKind: String]
    /// Keys typed into the app (credentials.toml); they win over the environment.
    public var apiKeys: [ProviderKind: String]
    /// Keys printed by a provider's `api_key_command` (run by the App); they win over both.
    public var commandKeys: [ProviderKind: String] = [:]
    /// Prompt template name for llama.cpp's raw `/completion` ("phi3", "llama3", "chatml", "mistral").
    public var template: String?

    public init(provider: String? = nil, model: String? = nil, baseURLs: [ProviderKind: String] = [:],
                apiKeys: [ProviderKind: String] = [:], template: String? = nil) {
        self.provider = provider; self.model = model; self.baseURLs = baseURLs; self.apiKeys = apiKeys; self.template = template
    }
}

/// `--provider` and `--model` (they win over config).
public struct ProviderFlags: Sendable, Equatable {
    public var provider: String?
    public var model: String?
    public init(provider: String? = nil, model: String? = nil) { self.provider = provider; self.model = model }
}

/// Everything needed to build requests for one provider.
public struct ProviderSettings: Sendable, Equatable {
    public enum KeySource: Sendable, Equatable {
        /// The provider's `api_key_command` in config.toml printed it.
        case command
        case credentials
        case environment(String)
    }
    public var kind: ProviderKind
    /// The base the request builders take (for Ollama native and llama.cpp raw: the server root).
    public var baseURL: URL
    public var apiKey: String?
    public var keySource: KeySource?
    public var model: String
    /// llama.cpp raw only: the template chosen in config (nil: from the model name).
    public var template: PromptTemplate?

    public init(kind: ProviderKind, baseURL: URL, apiKey: String? = nil, keySource: KeySource? = nil, model: String,
                template: PromptTemplate? = nil) {
        self.kind = kind; self.baseURL = baseURL; self.apiKey = apiKey; self.keySource = keySource
        self.model = model; self.template = template
    }
}

/// Resolves which provider, endpoint, key and model to use — pure, from an environment
/// dictionary, config values and flags. Precedence: flags > config > environment > defaults
/// (keys: api_key_command > credentials.toml > environment). Variables follow the official SDKs.
public enum ProviderResolver {
    public static let defaultOllamaHost = "http://127.0.0.1:11434"

    /// Key variables, in the order they are read. Gemini follows google-genai: GOOGLE_API_KEY wins when both are set.
    public static func keyVariables(_ kind: ProviderKind) -> [String] {
        switch kind {
        case .openai, .openaiCompatible: return ["OPENAI_API_KEY"]
        case .anthropic: return ["ANTHROPIC_API_KEY"]
        case .gemini: return ["GOOGLE_API_KEY", "GEMINI_API_KEY"]
        case .openrouter: return ["OPENROUTER_API_KEY"]
        case .llamacpp, .llamacppRaw: return ["LLAMA_API_KEY"]
        case .vllm: return ["VLLM_API_KEY"]
        case .ollama, .ollamaNative, .lmstudio, .offline: return []
        }
    }

    public static func baseURLVariable(_ kind: ProviderKind) -> String? {
        switch kind {
        case .openai, .openaiCompatible: return "OPENAI_BASE_URL"
        case .anthropic: return "ANTHROPIC_BASE_URL"
        case .gemini: return "GEMINI_BASE_URL"
        case .ollama, .ollamaNative: return "OLLAMA_HOST"
        default: return nil
        }
    }

    /// Which providers have a key (or need none) in `environment` — for onboarding.
    public static func providersWithKeys(environment: [String: String]) -> [ProviderKind] {
        [.openai, .anthropic, .gemini, .openrouter].filter { kind in
            keyVariables(kind).contains { !(environment[$0] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        }
    }

    public static func resolve(environment: [String: String], config: ProviderConfigValues = ProviderConfigValues(),
                               flags: ProviderFlags = ProviderFlags()) throws -> ProviderSettings {
        let name = flags.provider ?? config.provider ?? "offline"
        guard let kind = ProviderKind(name: name) else {
            throw ProviderError(.badRequest, "Unknown provider '\(name)'.",
                                suggestion: "Use one of: " + ProviderKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        let env = environment.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
        let baseURL = try self.baseURL(kind, environment: env, configured: config.baseURLs[kind])

        var model = flags.model ?? config.model ?? defaultModel(kind)
        model = model.trimmingCharacters(in: .whitespaces)
        if model.isEmpty, kind != .offline {
            throw ProviderError(.badRequest, "No model chosen for \(kind.displayName).",
                                suggestion: "Pass --model NAME, or set model in config.toml (/model lists what the server offers).")
        }

        var key: String?
        var source: ProviderSettings.KeySource?
        if let k = config.commandKeys[kind], !k.isEmpty {
            key = k; source = .command
        } else if let k = config.apiKeys[kind]?.trimmingCharacters(in: .whitespacesAndNewlines), !k.isEmpty {
            key = k; source = .credentials
        } else if let variable = keyVariables(kind).first(where: { env[$0] != nil }) {
            key = env[variable]!.trimmingCharacters(in: .whitespacesAndNewlines); source = .environment(variable)
        }
        if key == nil, needsKey(kind), !isLoopback(baseURL) {
            let variable = keyVariables(kind).first ?? "OPENAI_API_KEY"
            let page = ProviderErrorMapper.keyPage(kind).map { "Create one at \($0), then set" } ?? "Set"
            throw ProviderError(.missingKey, "No API key for \(kind.displayName).",
                                suggestion: "\(page) \(variable) (export \(variable)=...), or use --provider offline.")
        }
        let template = config.template.flatMap(PromptTemplate.init(name:))
        if let t = config.template, template == nil {
            throw ProviderError(.badRequest, "Unknown prompt template '\(t)'.",
                                suggestion: "Use one of: " + PromptTemplate.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return ProviderSettings(kind: kind, baseURL: baseURL, apiKey: key, keySource: source, model: model, template: template)
    }

    static func needsKey(_ kind: ProviderKind) -> Bool {
        [.openai, .anthropic, .gemini, .openrouter].contains(kind)
    }

    public static func defaultModel(_ kind: ProviderKind) -> String {
        switch kind {
        case .openai: return "gpt-4.1-mini"
        case .anthropic: return "claude-sonnet-4-5"
        case .gemini: return "gemini-2.5-flash"
        case .openrouter: return "openai/gpt-4.1-mini"
        case .ollama, .ollamaNative: return "llama3.2"
        case .llamacpp, .llamacppRaw: return "default"   // llama-server answers with the model it loaded
        case .lmstudio: return "local-model"
        case .vllm, .openaiCompatible: return ""         // must be named
        case .offline: return "offline"
        }
    }

    static func baseURL(_ kind: ProviderKind, environment env: [String: String], configured: String?) throws -> URL {
        func parse(_ text: String, from source: String) throws -> URL {
            let t = text.trimmingCharacters(in: .whitespaces)
            guard let url = URL(string: t), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  url.host != nil else {
                throw ProviderError(.badRequest, "The base URL '\(t)' from \(source) is not an http(s) URL.",
                                    suggestion: "Use a URL such as http://127.0.0.1:8080/v1.")
            }
            return url
        }
        if let configured, !configured.isEmpty { return try parse(configured, from: "config.toml") }
        switch kind {
        case .ollama: return URLJoin.join(ollamaHost(env["OLLAMA_HOST"]), "v1")
        case .ollamaNative: return ollamaHost(env["OLLAMA_HOST"])
        default: break
        }
        if let variable = baseURLVariable(kind), let value = env[variable] { return try parse(value, from: variable) }
        switch kind {
        case .openai, .openaiCompatible: return OpenAIRequestBuilder.defaultBaseURL
        case .anthropic: return AnthropicRequestBuilder.defaultBaseURL
        case .gemini: return GeminiRequestBuilder.defaultBaseURL
        case .openrouter: return URL(string: "https://openrouter.ai/api/v1")!
        case .llamacpp: return URL(string: "http://127.0.0.1:8080/v1")!
        case .llamacppRaw: return LlamaCppCompletionRequestBuilder.defaultBaseURL
        case .lmstudio: return URL(string: "http://127.0.0.1:1234/v1")!
        case .vllm: return URL(string: "http://127.0.0.1:8000/v1")!
        case .ollama, .ollamaNative: return ollamaHost(nil)
        case .offline: return URL(string: "about:offline")!
        }
    }

    /// `OLLAMA_HOST` as the Ollama CLI reads it: "host", "host:port", ":port", "http(s)://host[:port]";
    /// port 11434 unless a scheme says otherwise; 0.0.0.0 (a listen address) connects to 127.0.0.1.
    public static func ollamaHost(_ value: String?) -> URL {
        var s = (value ?? "").trimmingCharacters(in: .whitespaces)
        if s.isEmpty { return URL(string: defaultOllamaHost)! }
        var scheme = "http", defaultPort = "11434"
        if let r = s.range(of: "://") {
            scheme = s[..<r.lowerBound].lowercased()
            s = String(s[r.upperBound...])
            defaultPort = scheme == "https" ? "443" : "80"
        }
        var hostport = s.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var host = hostport, port = defaultPort
        if hostport.hasPrefix("[") {                           // [::1]:11434
            if let close = hostport.firstIndex(of: "]") {
                host = String(hostport[hostport.index(after: hostport.startIndex)..<close])
                let rest = hostport[hostport.index(after: close)...]
                if rest.hasPrefix(":"), !rest.dropFirst().isEmpty { port = String(rest.dropFirst()) }
            }
        } else if hostport.filter({ $0 == ":" }).count == 1, let colon = hostport.firstIndex(of: ":") {
            host = String(hostport[..<colon])
            let p = hostport[hostport.index(after: colon)...]
            if !p.isEmpty { port = String(p) }
        }
        hostport = ""
        if host.isEmpty || host == "0.0.0.0" { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return URL(string: "\(scheme)://\(shownHost):\(port)") ?? URL(string: defaultOllamaHost)!
    }

    /// A server on this machine: localhost, *.localhost, 127.0.0.0/8, ::1 (and 0.0.0.0).
    public static func isLoopback(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0.0.0.0" { return true }
        let parts = host.split(separator: ".")
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
