import Foundation
import Core

/// One model of a provider's live list.
public struct ListedModel: Sendable, Equatable {
    public var id: String
    public var displayName: String?
    public var contextWindow: Int?
    public var maxOutputTokens: Int?
    public init(id: String, displayName: String? = nil, contextWindow: Int? = nil, maxOutputTokens: Int? = nil) {
        self.id = id; self.displayName = displayName; self.contextWindow = contextWindow; self.maxOutputTokens = maxOutputTokens
    }
}

/// A page of a live model list; `nextPage` is the cursor for the next one (Anthropic
/// `after_id`, Gemini `pageToken`), nil on the last page.
public struct ModelListPage: Sendable, Equatable {
    public var models: [ListedModel]
    public var nextPage: String?
}

/// Requests and parsers for the providers' model lists (fetching and the day-long cache are the app's).
public enum ModelLists {
    /// The list request for `settings` (also the key check's request).
    public static func request(for settings: ProviderSettings, page: String? = nil) -> ProviderHTTPRequest {
        let key = settings.apiKey.flatMap { $0.isEmpty ? nil : $0 }
        switch settings.kind.wireFormat {
        case .anthropicMessages:
            var headers = ["anthropic-version": AnthropicRequestBuilder.apiVersion]
            if let key { headers["x-api-key"] = key }
            let path = URLJoin.path(of: settings.baseURL).hasSuffix("/v1") ? "models" : "v1/models"
            var url = URLJoin.join(settings.baseURL, path).absoluteString + "?limit=1000"
            if let page { url += "&after_id=" + escape(page) }
            return ProviderHTTPRequest(method: "GET", url: URL(string: url)!, headers: headers)
        case .geminiGenerateContent:
            var url = GeminiRequestBuilder(baseURL: settings.baseURL).versioned("models").absoluteString + "?pageSize=1000"
            if let page { url += "&pageToken=" + escape(page) }
            return ProviderHTTPRequest(method: "GET", url: URL(string: url)!, headers: key.map { ["x-goog-api-key": $0] } ?? [:])
        case .ollamaChat:
            return ProviderHTTPRequest(method: "GET", url: URLJoin.join(settings.baseURL, "api/tags"))
        case .openAIChat, .llamaCppCompletion, .offline:
            let base = settings.kind == .llamacppRaw ? URLJoin.join(settings.baseURL, "v1") : settings.baseURL
            return ProviderHTTPRequest(method: "GET", url: URLJoin.join(base, "models"),
                                       headers: key.map { ["authorization": "Bearer \($0)"] } ?? [:])
        }
    }

    private static func escape(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? s
    }

    /// Parses a list body of `kind`; nil when the body is not that shape.
    public static func parse(_ body: String, kind: ProviderKind) -> ModelListPage? {
        switch kind.wireFormat {
        case .anthropicMessages: return parseAnthropic(body)
        case .geminiGenerateContent: return parseGemini(body)
        case .ollamaChat: return parseOllamaTags(body)
        default: return parseOpenAI(body)
        }
    }

    /// OpenAI and compatible servers: `{"object": "list", "data": [{"id": ...}]}`, sorted by id.
    public static func parseOpenAI(_ body: String) -> ModelListPage? {
        guard let data = WireJSON.parse(body)?["data"]?.arrayValue else { return nil }
        let models = data.compactMap { m in m["id"]?.nonEmptyString.map {
            ListedModel(id: $0, contextWindow: m["context_length"]?.intValue ?? m["max_model_len"]?.intValue)
        } }
        return ModelListPage(models: models.sorted { $0.id < $1.id }, nextPage: nil)
    }

    /// Anthropic: `{"data": [{"id", "display_name", "type": "model"}], "has_more", "last_id"}`, newest first as sent.
    public static func parseAnthropic(_ body: String) -> ModelListPage? {
        guard let json = WireJSON.parse(body), let data = json["data"]?.arrayValue else { return nil }
        let models = data.compactMap { m in
            m["id"]?.nonEmptyString.map { ListedModel(id: $0, displayName: m["display_name"]?.stringValue) }
        }
        let next = json["has_more"]?.boolValue == true ? json["last_id"]?.stringValue : nil
        return ModelListPage(models: models, nextPage: next)
    }

    /// Gemini: `{"models": [{"name": "models/…", "displayName", "inputTokenLimit", "outputTokenLimit",
    /// "supportedGenerationMethods"}], "nextPageToken"}` — only models that can `generateContent`.
    public static func parseGemini(_ body: String) -> ModelListPage? {
        guard let json = WireJSON.parse(body), let list = json["models"]?.arrayValue else {
            if let json = WireJSON.parse(body), case .object(let o) = json, o.isEmpty { return ModelListPage(models: [], nextPage: nil) }
            return nil
        }
        let models = list.compactMap { m -> ListedModel? in
            guard let name = m["name"]?.nonEmptyString else { return nil }
            if let methods = m["supportedGenerationMethods"]?.arrayValue,
               !methods.contains(where: { $0.stringValue == "generateContent" || $0.stringValue == "streamGenerateContent" }) {
                return nil
            }
            return ListedModel(id: GeminiRequestBuilder.modelId(name), displayName: m["displayName"]?.stringValue,
                               contextWindow: m["inputTokenLimit"]?.intValue, maxOutputTokens: m["outputTokenLimit"]?.intValue)
        }
        return ModelListPage(models: models, nextPage: json["nextPageToken"]?.nonEmptyString)
    }

    /// Ollama `/api/tags`: `{"models": [{"name": "llama3.2:latest", "model", "size", "details"}]}`.
    public static func parseOllamaTags(_ body: String) -> ModelListPage? {
        guard let list = WireJSON.parse(body)?["models"]?.arrayValue else { return nil }
        let models = list.compactMap { m in (m["name"] ?? m["model"])?.nonEmptyString.map { ListedModel(id: $0) } }
        return ModelListPage(models: models.sorted { $0.id < $1.id }, nextPage: nil)
    }
}

/// The outcome of checking a key against the provider's models-list endpoint.
public enum KeyCheckResult: Sendable, Equatable {
    case valid
    /// The key works but the provider is rate limiting it right now.
    case validRateLimited(retryAfter: Double?)
    /// The provider rejected the key (401/403, or Gemini's 400 API_KEY_INVALID).
    case invalid(ProviderError)
    /// The provider could not be reached.
    case unreachable(ProviderError)
    /// Any other answer (a 5xx, a 404 from a wrong base URL).
    case failed(ProviderError)

    public var isKeyUsable: Bool {
        switch self {
        case .valid, .validRateLimited: return true
        default: return false
        }
    }
}

public enum KeyCheck {
    /// The request to send: the provider's models list.
    public static func request(for settings: ProviderSettings) -> ProviderHTTPRequest { ModelLists.request(for: settings) }

    /// Maps the answer of the models-list request. Pass `networkError` (the engine's description)
    /// when no HTTP answer came at all.
    public static func interpret(provider: ProviderKind, status: Int?, body: String = "", headers: [String: String] = [:],
                                 networkError: String? = nil, now: Date = Date()) -> KeyCheckResult {
        guard let status, networkError == nil else {
            return .unreachable(ProviderErrorMapper.network(provider: provider, detail: networkError ?? "no answer"))
        }
        if (200..<300).contains(status) { return .valid }
        let error = ProviderErrorMapper.map(provider: provider, status: status, body: body, headers: headers, now: now)
        switch error.kind {
        case .unauthorized, .forbidden: return .invalid(error)
        case .rateLimited: return .validRateLimited(retryAfter: error.retryAfter)
        default: return .failed(error)
        }
    }
}
