import Foundation
import Core

/// Builds a Gemini `streamGenerateContent?alt=sse` request.
public struct GeminiRequestBuilder: Sendable {
    public static let defaultBaseURL = URL(string: "https://generativelanguage.googleapis.com")!

    /// "https://generativelanguage.googleapis.com" (a base ending in "/v1beta" is used as is).
    public var baseURL: URL
    public var apiKey: String?

    public init(baseURL: URL = GeminiRequestBuilder.defaultBaseURL, apiKey: String? = nil) {
        self.baseURL = baseURL; self.apiKey = apiKey
    }

    /// "models/gemini-2.5-flash" and "gemini-2.5-flash" both name the model "gemini-2.5-flash".
    static func modelId(_ model: String) -> String {
        model.hasPrefix("models/") ? String(model.dropFirst("models/".count)) : model
    }

    /// `{base}/v1beta/` unless the base already ends with an API version.
    func versioned(_ path: String) -> URL {
        let p = URLJoin.path(of: baseURL)
        let hasVersion = p.hasSuffix("/v1beta") || p.hasSuffix("/v1") || p.hasSuffix("/v1alpha")
        return URLJoin.join(baseURL, hasVersion ? path : "v1beta/" + path)
    }

    public func build(_ request: ChatRequest) -> ProviderHTTPRequest {
        var body: [String: JSONValue] = ["contents": .array(Self.contents(request.messages))]
        let system = ([request.system] + request.messages.filter { $0.role == .system }.map(\.content))
            .filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !system.isEmpty { body["systemInstruction"] = ["parts": [["text": .string(system)]]] }
        if !request.tools.isEmpty {
            body["tools"] = [["functionDeclarations": .array(request.tools.map(Self.declaration))]]
        }
        var config: [String: JSONValue] = [:]
        if let max = request.maxTokens { config["maxOutputTokens"] = .number(Double(max)) }
        if let t = request.temperature { config["temperature"] = .number(t) }
        if !config.isEmpty { body["generationConfig"] = .object(config) }
        var headers = ["content-type": "application/json", "accept": "text/event-stream"]
        if let key = apiKey, !key.isEmpty { headers["x-goog-api-key"] = key }
        let url = URL(string: versioned("models/\(Self.modelId(request.model)):streamGenerateContent").absoluteString + "?alt=sse")!
        return ProviderHTTPRequest(url: url, headers: headers, json: .object(body))
    }

    static func declaration(_ tool: ToolSchema) -> JSONValue {
        var d: [String: JSONValue] = ["name": .string(tool.name)]
        if !tool.description.isEmpty { d["description"] = .string(tool.description) }
        let schema = GeminiSchema.sanitize(tool.inputSchema)
        // A function without parameters must leave `parameters` out (an empty object schema is rejected).
        if let props = schema["properties"]?.objectValue, !props.isEmpty { d["parameters"] = schema }
        return .object(d)
    }

    /// Roles are `user` and `model`; calls are `functionCall` parts, results `functionResponse`
    /// parts of a user turn; consecutive turns of one role merge.
    public static func contents(_ messages: [ChatMessage]) -> [JSONValue] {
        var out: [(role: String, parts: [JSONValue])] = []
        func add(_ role: String, _ parts: [JSONValue]) {
            guard !parts.isEmpty else { return }
            if let last = out.last, last.role == role { out[out.count - 1].parts += parts } else { out.append((role, parts)) }
        }
        for m in messages {
            switch m.role {
            case .system: continue
            case .user:
                let images: [JSONValue] = m.images.map { image in
                    ["inline_data": ["mime_type": .string(image.mimeType), "data": .string(image.base64)]]
                }
                add("user", images + (m.content.isEmpty ? [] : [["text": .string(m.content)]]))
            case .assistant:
                var parts: [JSONValue] = m.content.isEmpty ? [] : [["text": .string(m.content)]]
                for call in m.toolCalls {
                    parts.append(["functionCall": ["name": .string(call.name),
                                                   "args": AnthropicRequestBuilder.argumentsObject(call.arguments)]])
                }
                add("model", parts)
            case .tool:
                add("user", [["functionResponse": ["name": .string(m.toolName ?? ""), "response": response(m)]]])
            }
        }
        return out.map { ["role": .string($0.role), "parts": .array($0.parts)] }
    }

    /// `response` must be an object: a JSON object result as is, other text under "result" (or "error").
    static func response(_ m: ChatMessage) -> JSONValue {
        if !m.isError, let v = WireJSON.parse(m.content), case .object = v { return v }
        return .object([m.isError ? "error" : "result": .string(m.content)])
    }
}

/// Gemini accepts a subset of OpenAPI 3 schema: keys such as `additionalProperties`, `$schema`,
/// `$ref`, `default` or `const` make it reject the whole request. This keeps the supported keys,
/// rewrites `const` to a one-value `enum` and `type: [T, "null"]` to `type: T, nullable: true`.
public enum GeminiSchema {
    static let allowed: Set<String> = [
        "type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
        "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example",
        "anyOf", "propertyOrdering", "items", "minimum", "maximum",
    ]

    public static func sanitize(_ schema: JSONValue) -> JSONValue {
        guard case .object(let o) = schema else { return schema }
        var out: [String: JSONValue] = [:]
        for (key, value) in o {
            switch key {
            case "properties":
                if case .object(let props) = value { out[key] = .object(props.mapValues(sanitize)) }
            case "items":
                out[key] = sanitize(value)
            case "anyOf":
                if case .array(let a) = value { out[key] = .array(a.map(sanitize)) }
            case "type":
                if case .array(let types) = value {
                    let real = types.filter { $0 != "null" }
                    out["type"] = real.first ?? "string"
                    if real.count < types.count { out["nullable"] = true }
                } else { out[key] = value }
            case "format":
                // Gemini rejects the request for formats it does not know ("date", "email", "uri").
                if let f = value.stringValue, ["enum", "date-time", "float", "double", "int32", "int64"].contains(f) { out[key] = value }
            case "const":
                out["enum"] = [value]
            case "enum":
                // Gemini enums are strings.
                if case .array(let values) = value {
                    out[key] = .array(values.map { v in v.stringValue.map(JSONValue.string) ?? .string(v.jsonText) })
                }
            default:
                if allowed.contains(key) { out[key] = value }
            }
        }
        if out["enum"] != nil, out["type"] != "string" { out["type"] = "string" }
        return .object(out)
    }
}
