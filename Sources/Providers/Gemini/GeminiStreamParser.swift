import Foundation
import Core

/// Turns Gemini `streamGenerateContent?alt=sse` events (each a whole `GenerateContentResponse`)
/// into normalized `StreamEvent`s. Text parts stream; `functionCall` parts arrive whole and
/// become start + arguments + end with a synthesized id when Gemini gives none; parts marked
/// `thought` are reasoning. The stream has no end marker: `finish()` at the end of the
/// connection emits usage and `.done`.
public struct GeminiStreamParser: Sendable {
    public private(set) var usage: TokenUsage?
    public private(set) var stopReason: StopReason?
    public private(set) var isDone = false
    private var toolCount = 0
    private var finishReasonText: String?
    private let idPrefix: String

    /// `idPrefix` names synthesized call ids (`call_1`, ...); pass something unique per turn if ids must differ across turns.
    public init(idPrefix: String = "call_") { self.idPrefix = idPrefix }

    public mutating func consume(event: String? = nil, data: String) throws -> [StreamEvent] {
        guard !isDone else { return [] }
        let text = data.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return [] }
        guard let json = WireJSON.parse(text) else { throw ProviderErrorMapper.malformed(provider: .gemini, detail: text) }
        if let error = json["error"], !error.isNull { throw GeminiErrorMapper.mapInStream(json) }
        if let u = json["usageMetadata"], case .object = u { usage = Self.usage(u) }
        if let block = json["promptFeedback"]?["blockReason"]?.stringValue {
            throw ProviderError(.badRequest, "Gemini blocked the prompt (\(block)).",
                                suggestion: "Rephrase the message, or \(ProviderErrorMapper.otherModel).")
        }
        var out: [StreamEvent] = []
        for candidate in json["candidates"]?.arrayValue ?? [] where (candidate["index"]?.intValue ?? 0) == 0 {
            for part in candidate["content"]?["parts"]?.arrayValue ?? [] {
                if let t = part["text"]?.stringValue, !t.isEmpty {
                    out.append(part["thought"]?.boolValue == true ? .reasoningDelta(t) : .textDelta(t))
                }
                if let call = part["functionCall"], case .object = call {
                    let n = toolCount
                    toolCount += 1
                    var args = call["args"] ?? .null
                    if args.isNull { args = .object([:]) }
                    out.append(.toolCallStart(index: n, id: call["id"]?.nonEmptyString ?? "\(idPrefix)\(n + 1)",
                                              name: call["name"]?.stringValue ?? ""))
                    out.append(.toolCallArgumentsDelta(index: n, args.jsonText))
                    out.append(.toolCallEnd(index: n))
                }
            }
            if let reason = candidate["finishReason"]?.stringValue {
                finishReasonText = reason
                stopReason = Self.stopReason(reason, madeCalls: toolCount > 0)
            }
        }
        return out
    }

    /// The connection ended. A stream that never gave a finish reason was cut off.
    public mutating func finish() throws -> [StreamEvent] {
        guard !isDone else { return [] }
        guard let stopReason else { throw ProviderErrorMapper.truncated(provider: .gemini) }
        isDone = true
        var out: [StreamEvent] = []
        if let usage { out.append(usage.event) }
        out.append(.done(toolCount > 0 && stopReason == .endTurn ? .toolUse : stopReason))
        return out
    }

    /// Why Gemini stopped, for a message when it is not a normal end ("SAFETY", "RECITATION").
    public var finishReason: String? { finishReasonText }

    static func stopReason(_ reason: String, madeCalls: Bool) -> StopReason {
        switch reason {
        case "STOP": return madeCalls ? .toolUse : .endTurn
        case "MAX_TOKENS": return .maxTokens
        default: return madeCalls ? .toolUse : .other   // SAFETY, RECITATION, MALFORMED_FUNCTION_CALL, ...
        }
    }

    /// `promptTokenCount` includes cached tokens; thinking tokens are billed as output.
    static func usage(_ u: JSONValue) -> TokenUsage {
        let thoughts = u["thoughtsTokenCount"]?.intValue ?? 0
        return TokenUsage(inputTokens: u["promptTokenCount"]?.intValue ?? 0,
                          outputTokens: (u["candidatesTokenCount"]?.intValue ?? 0) + thoughts,
                          cachedInputTokens: u["cachedContentTokenCount"]?.intValue ?? 0,
                          reasoningTokens: thoughts)
    }
}

/// Reads Gemini's error body `{"error": {"code", "message", "status", "details"}}`. An invalid
/// key comes back as 400 `INVALID_ARGUMENT` with reason `API_KEY_INVALID`: that is a key problem.
public enum GeminiErrorMapper {
    public static func detail(from body: String) -> ProviderErrorDetail {
        guard let json = WireJSON.parse(body) else { return ProviderErrorDetail(message: ProviderErrorMapper.excerpt(body)) }
        return detail(from: json)
    }

    static func detail(from json: JSONValue) -> ProviderErrorDetail {
        let error = json["error"] ?? json
        // The Python SDK's list form: [{"error": {...}}].
        if case .array(let a) = json, let first = a.first { return detail(from: first) }
        return ProviderErrorDetail(message: error["message"]?.stringValue.map(ProviderErrorMapper.clip),
                                   type: error["status"]?.stringValue, code: reason(error))
    }

    static func reason(_ error: JSONValue) -> String? {
        for d in error["details"]?.arrayValue ?? [] { if let r = d["reason"]?.stringValue { return r } }
        return nil
    }

    public static func map(status: Int, body: String, headers: [String: String] = [:], now: Date = Date()) -> ProviderError {
        let json = WireJSON.parse(body)
        let d = json.map(detail(from:)) ?? detail(from: body)
        let retry = RetryAfter.from(headers: headers, now: now) ?? RetryAfter.fromGoogleDetails(json?["error"])
        return map(status: status, detail: d, retryAfter: retry)
    }

    static func map(status: Int, detail d: ProviderErrorDetail, retryAfter: Double?) -> ProviderError {
        var status = status
        if d.code == "API_KEY_INVALID" || (status == 400 && (d.message ?? "").contains("API key not valid")) { status = 401 }
        if status == 503 || d.type == "UNAVAILABLE" { status = 503 }
        return ProviderErrorMapper.map(provider: .gemini, status: status, detail: d, retryAfter: retryAfter)
    }

    static func mapInStream(_ json: JSONValue) -> ProviderError {
        let d = detail(from: json)
        let code = json["error"]?["code"]?.intValue ?? 500
        return map(status: code, detail: d, retryAfter: RetryAfter.fromGoogleDetails(json["error"]))
    }
}
