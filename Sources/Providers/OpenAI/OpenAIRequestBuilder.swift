import Foundation
import Core

/// Builds an OpenAI Chat Completions streaming request; with another base URL, the same
/// request for any OpenAI-compatible server (Ollama `/v1`, llama.cpp, LM Studio, vLLM, OpenRouter).
public struct OpenAIRequestBuilder: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.openai.com/v1")!

    public var provider: ProviderKind
    /// Ends with the API version ("https://api.openai.com/v1", "http://127.0.0.1:11434/v1").
    public var baseURL: URL
    /// Sent as `Authorization: Bearer`; nil sends no header (local servers).
    public var apiKey: String?
    /// Asks for the final usage chunk (`stream_options.include_usage`). Some old servers reject it.
    public var includeUsage: Bool
    /// `max_completion_tokens` for OpenAI itself (required by o-series), `max_tokens` for the rest.
    public var maxTokensField: String
    public var extraHeaders: [String: String]

    public init(provider: ProviderKind = .openai, baseURL: URL = OpenAIRequestBuilder.defaultBaseURL,
                apiKey: String? = nil, includeUsage: Bool = true, maxTokensField: String? = nil,
                extraHeaders: [String: String] = [:]) {
        self.provider = provider; self.baseURL = baseURL; self.apiKey = apiKey; self.includeUsage = includeUsage
        self.maxTokensField = maxTokensField ?? (provider == .openai ? "max_completion_tokens" : "max_tokens")
        self.extraHeaders = extraHeaders
    }

    public func build(_ request: ChatRequest) -> ProviderHTTPRequest {
        var body: [String: JSONValue] = [
            "model": .string(request.model),
            "messages": .array(Self.messages(request)),
            "stream": true,
        ]
        if includeUsage { body["stream_options"] = ["include_usage": true] }
        if !request.tools.isEmpty { body["tools"] = .array(request.tools.map(Self.tool)) }
        if let max = request.maxTokens { body[maxTokensField] = .number(Double(max)) }
        if let t = request.temperature, !Self.isReasoningModel(request.model) || provider != .openai {
            body["temperature"] = .number(t)
        }
        var headers = ["content-type": "application/json", "accept": "text/event-stream"]
        if let key = apiKey, !key.isEmpty { headers["authorization"] = "Bearer \(key)" }
        if provider == .openrouter { headers["x-title"] = "AI Helper" }
        for (k, v) in extraHeaders { headers[k.lowercased()] = v }
        return ProviderHTTPRequest(url: URLJoin.join(baseURL, "chat/completions"), headers: headers, json: .object(body))
    }

    /// o-series and gpt-5 models take no temperature.
    static func isReasoningModel(_ model: String) -> Bool {
        let m = model.lowercased()
        return m.hasPrefix("o1") || m.hasPrefix("o3") || m.hasPrefix("o4") || m.hasPrefix("gpt-5")
    }

    public static func tool(_ t: ToolSchema) -> JSONValue {
        var function: [String: JSONValue] = ["name": .string(t.name), "parameters": objectSchema(t.inputSchema)]
        if !t.description.isEmpty { function["description"] = .string(t.description) }
        return ["type": "function", "function": .object(function)]
    }

    /// A tool's parameters must be an object schema; anything else becomes an empty one.
    static func objectSchema(_ schema: JSONValue) -> JSONValue {
        guard case .object(var o) = schema else { return ["type": "object", "properties": [:]] }
        if o["type"] == nil { o["type"] = "object" }
        if o["type"] == "object", o["properties"] == nil { o["properties"] = [:] }
        return .object(o)
    }

    /// Text alone as a string; with pictures, a content array: the text part, then an
    /// `image_url` part per picture with a `data:` URL (no upload, no outside link).
    static func userContent(_ m: ChatMessage) -> JSONValue {
        guard !m.images.isEmpty else { return .string(m.content) }
        var parts: [JSONValue] = m.content.isEmpty ? [] : [["type": "text", "text": .string(m.content)]]
        for image in m.images {
            parts.append(["type": "image_url", "image_url": ["url": .string("data:\(image.mimeType);base64,\(image.base64)")]])
        }
        return .array(parts)
    }

    public static func messages(_ request: ChatRequest) -> [JSONValue] {
        var out: [JSONValue] = []
        if !request.system.isEmpty { out.append(["role": "system", "content": .string(request.system)]) }
        for m in request.messages {
            switch m.role {
            case .system:
                out.append(["role": "system", "content": .string(m.content)])
            case .user:
                out.append(["role": "user", "content": userContent(m)])
            case .assistant:
                var msg: [String: JSONValue] = ["role": "assistant"]
                msg["content"] = m.content.isEmpty && !m.toolCalls.isEmpty ? .null : .string(m.content)
                if !m.toolCalls.isEmpty {
                    msg["tool_calls"] = .array(m.toolCalls.map { call in
                        ["id": .string(call.id), "type": "function",
                         "function": ["name": .string(call.name),
                                      "arguments": .string(call.arguments.isEmpty ? "{}" : call.arguments)]]
                    })
                }
                out.append(.object(msg))
            case .tool:
                out.append(["role": "tool", "tool_call_id": .string(m.toolCallId ?? ""), "content": .string(m.content)])
            }
        }
        return out
    }
}

/// Reads OpenAI's error body `{"error": {"message", "type", "code", "param"}}` (also the
/// variants of compatible servers: `{"error": "text"}`, `{"message": ...}`, `{"detail": ...}`).
public enum OpenAIErrorMapper {
    public static func detail(from body: String) -> ProviderErrorDetail {
        guard let json = WireJSON.parse(body) else {
            return ProviderErrorDetail(message: ProviderErrorMapper.excerpt(body))
        }
        return detail(from: json)
    }

    static func detail(from json: JSONValue) -> ProviderErrorDetail {
        let error = json["error"]
        if let text = error?.stringValue { return ProviderErrorDetail(message: ProviderErrorMapper.clip(text)) }
        let message = error?["message"]?.stringValue ?? json["message"]?.stringValue ?? json["detail"]?.stringValue
        let code = error?["code"].flatMap { $0.stringValue ?? $0.intValue.map(String.init) }
        return ProviderErrorDetail(message: message.map(ProviderErrorMapper.clip),
                                   type: error?["type"]?.stringValue, code: code)
    }

    public static func map(status: Int, body: String, headers: [String: String] = [:], now: Date = Date(),
                           provider: ProviderKind = .openai) -> ProviderError {
        ProviderErrorMapper.map(provider: provider, status: status, detail: detail(from: body),
                                retryAfter: RetryAfter.from(headers: headers, now: now))
    }

    /// An error object sent inside the stream (`data: {"error": {...}}`); its status comes from
    /// `code` when numeric (OpenRouter), else from the error type.
    static func mapInStream(_ json: JSONValue, provider: ProviderKind) -> ProviderError {
        let d = detail(from: json)
        var status = json["error"]?["code"]?.intValue ?? 0
        if !(400..<600).contains(status) {
            let t = (d.type ?? "") + " " + (d.code ?? "")
            if t.contains("rate_limit") { status = 429 }
            else if t.contains("overloaded") { status = 529 }
            else if t.contains("invalid_request") { status = 400 }
            else if t.contains("authentication") || t.contains("invalid_api_key") { status = 401 }
            else { status = 500 }
        }
        return ProviderErrorMapper.map(provider: provider, status: status, detail: d, retryAfter: nil)
    }
}
