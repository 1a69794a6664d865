import Foundation
import Core

/// Builds Ollama's native `POST {host}/api/chat` streaming request (NDJSON answer).
public struct OllamaChatRequestBuilder: Sendable {
    public static let defaultHost = URL(string: "http://127.0.0.1:11434")!
    /// The Ollama host without a path ("http://127.0.0.1:11434"), as `OLLAMA_HOST` resolves.
    public var host: URL

    public init(host: URL = OllamaChatRequestBuilder.defaultHost) { self.host = host }

    public func build(_ request: ChatRequest) -> ProviderHTTPRequest {
        var messages: [JSONValue] = []
        if !request.system.isEmpty { messages.append(["role": "system", "content": .string(request.system)]) }
        for m in request.messages {
            var msg: [String: JSONValue] = ["role": .string(m.role.rawValue), "content": .string(m.content)]
            if !m.toolCalls.isEmpty {
                msg["tool_calls"] = .array(m.toolCalls.map { call in
                    ["function": ["name": .string(call.name), "arguments": AnthropicRequestBuilder.argumentsObject(call.arguments)]]
                })
            }
            if m.role == .tool, let name = m.toolName { msg["tool_name"] = .string(name) }
            // Ollama's own shape: the message's pictures as bare base64 strings.
            if !m.images.isEmpty { msg["images"] = .array(m.images.map { .string($0.base64) }) }
            messages.append(.object(msg))
        }
        var body: [String: JSONValue] = ["model": .string(request.model), "messages": .array(messages), "stream": true]
        if !request.tools.isEmpty { body["tools"] = .array(request.tools.map(OpenAIRequestBuilder.tool)) }
        var options: [String: JSONValue] = [:]
        if let max = request.maxTokens { options["num_predict"] = .number(Double(max)) }
        if let t = request.temperature { options["temperature"] = .number(t) }
        if !options.isEmpty { body["options"] = .object(options) }
        return ProviderHTTPRequest(url: URLJoin.join(host, "api/chat"),
                                   headers: ["content-type": "application/json", "accept": "application/x-ndjson"],
                                   json: .object(body))
    }
}

/// Turns Ollama `/api/chat` NDJSON lines into normalized `StreamEvent`s: `message.content`
/// and `message.thinking` deltas, whole `tool_calls` (arguments as an object), and the final
/// `{"done": true, "done_reason", "prompt_eval_count", "eval_count"}` line. `{"error": "..."}`
/// lines throw.
public struct OllamaChatStreamParser: Sendable {
    public private(set) var usage: TokenUsage?
    public private(set) var isDone = false
    private var toolCount = 0

    public init() {}

    public mutating func consume(line: String) throws -> [StreamEvent] {
        guard !isDone else { return [] }
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return [] }
        guard let json = WireJSON.parse(text) else { throw ProviderErrorMapper.malformed(provider: .ollamaNative, detail: text) }
        if let error = json["error"]?.stringValue {
            let lower = error.lowercased()
            if ImageRefusal.matches(error) {
                throw ProviderErrorMapper.map(provider: .ollamaNative, status: 500,
                                              detail: ProviderErrorDetail(message: ProviderErrorMapper.clip(error)), retryAfter: nil)
            }
            let notFound = lower.contains("not found")
            throw ProviderError(notFound ? .badRequest : .serverError, "Ollama: \(ProviderErrorMapper.clip(error)).",
                                suggestion: notFound ? "Pull the model first (ollama pull NAME), or pick an installed one (/model in the app, --model on the command line)."
                                                     : "Check the Ollama server log if it persists.")
        }
        var out: [StreamEvent] = []
        let message = json["message"]
        if let t = message?["thinking"]?.stringValue, !t.isEmpty { out.append(.reasoningDelta(t)) }
        if let t = message?["content"]?.stringValue, !t.isEmpty { out.append(.textDelta(t)) }
        for call in message?["tool_calls"]?.arrayValue ?? [] {
            let function = call["function"] ?? .null
            let n = toolCount
            toolCount += 1
            let args: String
            switch function["arguments"] {
            case .string(let s)?: args = s
            case let v? where !v.isNull: args = v.jsonText
            default: args = "{}"
            }
            out.append(.toolCallStart(index: n, id: call["id"]?.nonEmptyString ?? "call_\(n + 1)",
                                      name: function["name"]?.stringValue ?? ""))
            out.append(.toolCallArgumentsDelta(index: n, args))
            out.append(.toolCallEnd(index: n))
        }
        if json["done"]?.boolValue == true {
            if json["prompt_eval_count"] != nil || json["eval_count"] != nil {
                usage = TokenUsage(inputTokens: json["prompt_eval_count"]?.intValue ?? 0,
                                   outputTokens: json["eval_count"]?.intValue ?? 0)
                out.append(usage!.event)
            }
            let reason: StopReason
            switch json["done_reason"]?.stringValue {
            case "length"?: reason = .maxTokens
            case "stop"?, nil: reason = toolCount > 0 ? .toolUse : .endTurn
            default: reason = toolCount > 0 ? .toolUse : .other
            }
            out.append(.done(reason))
            isDone = true
        }
        return out
    }

    public mutating func finish() throws -> [StreamEvent] {
        guard !isDone else { return [] }
        throw ProviderErrorMapper.truncated(provider: .ollamaNative)
    }
}
