import Foundation
import Core

/// Builds an Anthropic Messages streaming request (`POST {base}/v1/messages`).
public struct AnthropicRequestBuilder: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.anthropic.com")!
    public static let apiVersion = "2023-06-01"

    /// Without the version path, as `ANTHROPIC_BASE_URL` is ("https://api.anthropic.com").
    public var baseURL: URL
    public var apiKey: String?
    /// `max_tokens` is required; used when the request sets none and the catalog does not know the model.
    public var defaultMaxTokens: Int

    public init(baseURL: URL = AnthropicRequestBuilder.defaultBaseURL, apiKey: String? = nil, defaultMaxTokens: Int = 8192) {
        self.baseURL = baseURL; self.apiKey = apiKey; self.defaultMaxTokens = defaultMaxTokens
    }

    public func build(_ request: ChatRequest) -> ProviderHTTPRequest {
        // Not the model's maximum by default: Anthropic counts `max_tokens` against the output rate limit up front.
        let maxTokens = request.maxTokens
            ?? min(ModelCatalog.find(request.model, provider: .anthropic)?.maxOutputTokens ?? defaultMaxTokens, defaultMaxTokens)
        var body: [String: JSONValue] = [
            "model": .string(request.model),
            "max_tokens": .number(Double(maxTokens)),
            "messages": .array(Self.messages(request.messages)),
            "stream": true,
        ]
        let system = ([request.system] + request.messages.filter { $0.role == .system }.map(\.content))
            .filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !system.isEmpty { body["system"] = .string(system) }
        if !request.tools.isEmpty {
            body["tools"] = .array(request.tools.map { t in
                var tool: [String: JSONValue] = ["name": .string(t.name), "input_schema": OpenAIRequestBuilder.objectSchema(t.inputSchema)]
                if !t.description.isEmpty { tool["description"] = .string(t.description) }
                return .object(tool)
            })
        }
        if let t = request.temperature { body["temperature"] = .number(t) }
        var headers = ["content-type": "application/json", "accept": "text/event-stream",
                       "anthropic-version": Self.apiVersion]
        if let key = apiKey, !key.isEmpty { headers["x-api-key"] = key }
        let path = URLJoin.path(of: baseURL).hasSuffix("/v1") ? "messages" : "v1/messages"
        return ProviderHTTPRequest(url: URLJoin.join(baseURL, path), headers: headers, json: .object(body))
    }

    /// Messages as content blocks. Tool results become `tool_result` blocks of a user message;
    /// consecutive messages of one role merge (the API wants user and assistant to alternate);
    /// empty text blocks are left out (the API rejects them).
    public static func messages(_ messages: [ChatMessage]) -> [JSONValue] {
        var out: [(role: String, blocks: [JSONValue])] = []
        func add(_ role: String, _ blocks: [JSONValue]) {
            guard !blocks.isEmpty else { return }
            if let last = out.last, last.role == role { out[out.count - 1].blocks += blocks } else { out.append((role, blocks)) }
        }
        for m in messages {
            switch m.role {
            case .system: continue   // folded into the top-level system prompt
            case .user:
                // Pictures first, then the words about them (Anthropic's advice for vision).
                let images: [JSONValue] = m.images.map { image in
                    ["type": "image", "source": ["type": "base64", "media_type": .string(image.mimeType),
                                                 "data": .string(image.base64)]]
                }
                add("user", images + (m.content.isEmpty ? [] : [["type": "text", "text": .string(m.content)]]))
            case .assistant:
                var blocks: [JSONValue] = m.content.isEmpty ? [] : [["type": "text", "text": .string(m.content)]]
                for call in m.toolCalls {
                    blocks.append(["type": "tool_use", "id": .string(call.id), "name": .string(call.name),
                                   "input": argumentsObject(call.arguments)])
                }
                add("assistant", blocks)
            case .tool:
                var block: [String: JSONValue] = ["type": "tool_result", "tool_use_id": .string(m.toolCallId ?? ""),
                                                  "content": .string(m.content)]
                if m.isError { block["is_error"] = true }
                add("user", [.object(block)])
            }
        }
        return out.map { ["role": .string($0.role), "content": .array($0.blocks)] }
    }

    /// Tool input must be an object; arguments that are not a JSON object become `{}`.
    static func argumentsObject(_ text: String) -> JSONValue {
        if let v = WireJSON.parse(text), case .object = v { return v }
        return .object([:])
    }
}

/// Reads Anthropic's error body `{"type": "error", "error": {"type", "message"}}`.
public enum AnthropicErrorMapper {
    public static func detail(from body: String) -> ProviderErrorDetail {
        guard let json = WireJSON.parse(body) else { return ProviderErrorDetail(message: ProviderErrorMapper.excerpt(body)) }
        return detail(from: json)
    }

    static func detail(from json: JSONValue) -> ProviderErrorDetail {
        let error = json["error"] ?? json
        return ProviderErrorDetail(message: error["message"]?.stringValue.map(ProviderErrorMapper.clip),
                                   type: error["type"]?.stringValue)
    }

    public static func map(status: Int, body: String, headers: [String: String] = [:], now: Date = Date()) -> ProviderError {
        ProviderErrorMapper.map(provider: .anthropic, status: status, detail: detail(from: body),
                                retryAfter: RetryAfter.from(headers: headers, now: now))
    }

    /// The HTTP status an error type stands for (an `error` event in the stream has no status).
    public static func status(forType type: String?) -> Int {
        switch type {
        case "invalid_request_error": return 400
        case "authentication_error": return 401
        case "billing_error": return 402
        case "permission_error": return 403
        case "not_found_error": return 404
        case "request_too_large": return 413
        case "rate_limit_error": return 429
        case "timeout_error": return 504
        case "overloaded_error": return 529
        default: return 500   // api_error and anything new
        }
    }

    /// An `event: error` in the middle of a stream.
    static func mapInStream(_ json: JSONValue) -> ProviderError {
        let d = detail(from: json)
        return ProviderErrorMapper.map(provider: .anthropic, status: status(forType: d.type), detail: d, retryAfter: nil)
    }
}
