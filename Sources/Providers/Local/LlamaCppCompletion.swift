import Foundation
import Core

/// Builds a llama.cpp `POST {server}/completion` streaming request from a prompt template.
public struct LlamaCppCompletionRequestBuilder: Sendable {
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:8080")!
    /// The server root ("http://127.0.0.1:8080").
    public var baseURL: URL
    /// Nil chooses from the model name (`PromptTemplate.forModel`).
    public var template: PromptTemplate?
    public var apiKey: String?

    public init(baseURL: URL = LlamaCppCompletionRequestBuilder.defaultBaseURL, template: PromptTemplate? = nil, apiKey: String? = nil) {
        self.baseURL = baseURL; self.template = template; self.apiKey = apiKey
    }

    public func template(for request: ChatRequest) -> PromptTemplate { template ?? PromptTemplate.forModel(request.model) }

    public func build(_ request: ChatRequest) -> ProviderHTTPRequest {
        let t = template(for: request)
        var body: [String: JSONValue] = [
            "prompt": .string(t.render(system: request.system, messages: request.messages, tools: request.tools)),
            "stream": true,
            "stop": .array(t.stopStrings.map(JSONValue.string)),
            "n_predict": .number(Double(request.maxTokens ?? -1)),
            "cache_prompt": true,
        ]
        if let temp = request.temperature { body["temperature"] = .number(temp) }
        var headers = ["content-type": "application/json", "accept": "text/event-stream"]
        if let key = apiKey, !key.isEmpty { headers["authorization"] = "Bearer \(key)" }
        return ProviderHTTPRequest(url: URLJoin.join(baseURL, "completion"), headers: headers, json: .object(body))
    }
}

/// Turns llama.cpp `/completion` events (`data: {"content": "...", "stop": false}` … a last
/// one with `"stop": true` and the token counts) into normalized `StreamEvent`s.
///
/// The server stops at the stop strings it was given, but a model on the wrong template prints
/// them as text; so the parser also cuts the text at the first stop string, holding back a
/// tail that could be the start of one until the next piece shows it is not.
public struct LlamaCppCompletionStreamParser: Sendable {
    public let stopStrings: [String]
    public private(set) var usage: TokenUsage?
    public private(set) var isDone = false
    private var held = ""
    private var cut = false

    public init(stopStrings: [String] = []) { self.stopStrings = stopStrings.filter { !$0.isEmpty } }
    public init(template: PromptTemplate) { self.init(stopStrings: template.stopStrings) }

    public mutating func consume(event: String? = nil, data: String) throws -> [StreamEvent] {
        guard !isDone else { return [] }
        let text = data.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return [] }
        guard let json = WireJSON.parse(text) else { throw ProviderErrorMapper.malformed(provider: .llamacppRaw, detail: text) }
        if let e = json["error"], !e.isNull { throw OpenAIErrorMapper.mapInStream(json, provider: .llamacppRaw) }
        var out: [StreamEvent] = []
        if let piece = json["content"]?.stringValue, !piece.isEmpty { out += filter(piece) }
        if json["stop"]?.boolValue == true {
            if !cut, !held.isEmpty { out.append(.textDelta(held)) }
            held = ""
            let timings = json["timings"]
            let input = json["tokens_evaluated"]?.intValue ?? timings?["prompt_n"]?.intValue
            let output = json["tokens_predicted"]?.intValue ?? timings?["predicted_n"]?.intValue
            if input != nil || output != nil {
                usage = TokenUsage(inputTokens: input ?? 0, outputTokens: output ?? 0)
                out.append(usage!.event)
            }
            let limited = json["stopped_limit"]?.boolValue == true || json["stop_type"]?.stringValue == "limit"
            out.append(.done(limited && !cut ? .maxTokens : .endTurn))
            isDone = true
        }
        return out
    }

    /// The model printed a stop string: the answer is complete, and the caller may cancel the
    /// transfer instead of waiting for a model that does not stop (then `finish()` ends normally).
    public var hitStopString: Bool { cut }

    public mutating func finish() throws -> [StreamEvent] {
        guard !isDone else { return [] }
        guard cut else { throw ProviderErrorMapper.truncated(provider: .llamacppRaw) }
        isDone = true
        return [.done(.endTurn)]
    }

    private mutating func filter(_ piece: String) -> [StreamEvent] {
        guard !cut else { return [] }
        guard !stopStrings.isEmpty else { return [.textDelta(piece)] }
        held += piece
        if let r = stopStrings.compactMap({ held.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let before = String(held[..<r.lowerBound])
            held = ""
            cut = true
            return before.isEmpty ? [] : [.textDelta(before)]
        }
        // Keep back the longest tail that is a prefix of a stop string.
        var keep = 0
        for stop in stopStrings {
            for n in stride(from: min(stop.count - 1, held.count), to: 0, by: -1) where held.hasSuffix(String(stop.prefix(n))) {
                keep = max(keep, n)
                break
            }
        }
        let emit = String(held.dropLast(keep))
        held = String(held.suffix(keep))
        return emit.isEmpty ? [] : [.textDelta(emit)]
    }
}
