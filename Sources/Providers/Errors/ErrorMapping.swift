import Foundation
import Core

/// What a provider said about a failed request, read from its error body.
public struct ProviderErrorDetail: Sendable, Equatable {
    /// The provider's own message (secrets removed, at most 300 characters).
    public var message: String?
    /// The provider's error type or status ("rate_limit_error", "insufficient_quota", "RESOURCE_EXHAUSTED").
    public var type: String?
    public var code: String?
    public init(message: String? = nil, type: String? = nil, code: String? = nil) {
        self.message = message; self.type = type; self.code = code
    }
}

/// Turns an HTTP failure into a `ProviderError` that says what happened and what to do next.
/// The per-provider mappers read their error body shape and call `map`.
public enum ProviderErrorMapper {
    /// Maps any status and body of `provider`, using the body shape of its wire format.
    public static func map(provider: ProviderKind, status: Int, body: String, headers: [String: String] = [:],
                           now: Date = Date()) -> ProviderError {
        switch provider.wireFormat {
        case .anthropicMessages: return AnthropicErrorMapper.map(status: status, body: body, headers: headers, now: now)
        case .geminiGenerateContent: return GeminiErrorMapper.map(status: status, body: body, headers: headers, now: now)
        default: return OpenAIErrorMapper.map(status: status, body: body, headers: headers, now: now, provider: provider)
        }
    }

    /// The connection failed (DNS, refused, reset, TLS). `detail` is the engine's description.
    public static func network(provider: ProviderKind, detail: String, host: String? = nil) -> ProviderError {
        let place = host.map { " at \($0)" } ?? ""
        let suggestion = provider.isLocal
            ? "Is the \(provider.displayName) server running\(place)? Start it, or \(otherProvider)."
            : "Check your internet connection (and HTTPS_PROXY if you use a proxy)."
        return ProviderError(.network, "Could not reach \(provider.displayName)\(place): \(Redactor.redact(detail)).",
                             suggestion: suggestion)
    }

    /// No bytes arrived for `seconds` (`idle_timeout`): the request is given up, not retried.
    public static func stalled(provider: ProviderKind, seconds: Double) -> ProviderError {
        let waited = seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%.1f", seconds)
        return ProviderError(.stalled, "\(provider.displayName) sent nothing for \(waited) s, so the request was given up (idle_timeout).",
                             suggestion: "The server may be overloaded or the model still loading; a model that loads slowly may need a larger idle_timeout.")
    }

    /// The stream closed before the provider said it was complete.
    public static func truncated(provider: ProviderKind) -> ProviderError {
        ProviderError(.network, "The connection to \(provider.displayName) closed before the answer was complete.",
                      suggestion: "The partial answer is kept.")
    }

    /// A line of the stream could not be read.
    public static func malformed(provider: ProviderKind, detail: String) -> ProviderError {
        let sample = String(Redactor.redact(detail).prefix(120))
        return ProviderError(.malformedStream, "\(provider.displayName) sent something that is not a valid stream event: \(sample)",
                             suggestion: "If this is a local or proxy server, check that it speaks the \(provider.displayName) format.")
    }

    public static let cancelled = ProviderError(.cancelled, "Cancelled.")

    // MARK: shared mapping

    /// `name` replaces the provider's name in the messages (a transcription server's label).
    static func map(provider: ProviderKind, status: Int, detail: ProviderErrorDetail, retryAfter: Double?,
                    name: String? = nil) -> ProviderError {
        let name = name ?? provider.displayName
        // The provider's own sentence, without its final punctuation: our full stop follows it.
        let said = detail.message.map { ": " + $0.replacing(/[.!?\s]+$/, with: "") } ?? ""
        let type = (detail.type ?? "") + " " + (detail.code ?? "")
        if type.contains("insufficient_quota") || type.contains("billing") || status == 402 {
            return ProviderError(.quotaExceeded, "\(name) says the account has no quota or credit left\(said).",
                                 suggestion: billingHint(provider))
        }
        if type.contains("overloaded") || status == 529 || status == 503 {
            return ProviderError(.overloaded, "\(name) is overloaded right now (\(status))\(said).",
                                 suggestion: "Try again in a few minutes, or \(otherModel).",
                                 retryAfter: retryAfter)
        }
        if type.contains("model_not_found") {
            return ProviderError(.modelNotFound, "\(name) does not offer that model (\(status))\(said).",
                                 suggestion: "Choose another model (/model in the app, aihelper models on the command line).")
        }
        switch status {
        case 401:
            return ProviderError(.unauthorized, "\(name) rejected the API key (401)\(said).", suggestion: keyHint(provider))
        case 403:
            return ProviderError(.forbidden, "\(name) refused access (403)\(said).",
                                 suggestion: "The key may lack access to this model, project or region: check it\(keyPage(provider).map { " at \($0)" } ?? ""), or \(otherModel).")
        case 404:
            return ProviderError(.modelNotFound, "\(name) did not find that model or endpoint (404)\(said).",
                                 suggestion: "Check the model name (/model in the app, aihelper models on the command line) and the base URL.")
        case 408:
            return ProviderError(.timeout, "\(name) timed out (408)\(said).", suggestion: "Try again later.",
                                 retryAfter: retryAfter)
        case 413:
            return ProviderError(.badRequest, "The request is too large for \(name) (413)\(said).",
                                 suggestion: "Start a new conversation or pick a model with a larger context window.")
        case 429:
            let wait = retryAfter.map { "It asked to wait \(Int($0.rounded(.up))) s." } ?? "Wait a little before asking again."
            return ProviderError(.rateLimited, "\(name) is rate limiting requests (429)\(said).",
                                 suggestion: "\(wait) If this keeps happening, lower requests_per_minute or check your plan's limits.",
                                 retryAfter: retryAfter)
        case 400..<500:
            return ProviderError(.badRequest, "\(name) rejected the request (\(status))\(said).",
                                 suggestion: "Check the model and settings; the message above says what the provider objected to.")
        case 500..<600:
            return ProviderError(.serverError, "\(name) had a server error (\(status))\(said).",
                                 suggestion: "Try again later\(statusPage(provider).map { "; if it keeps failing, check \($0)" } ?? "").",
                                 retryAfter: retryAfter)
        default:
            return ProviderError(.serverError, "\(name) answered with an unexpected status \(status)\(said).",
                                 retryAfter: retryAfter)
        }
    }

    /// Both front ends' ways, since a message does not know where it is shown.
    static let otherModel = "pick another model (/model in the app, --model on the command line)"
    static let otherProvider = "switch provider (/provider in the app, --provider on the command line)"

    /// Where to create a key for `provider`.
    public static func keyPage(_ provider: ProviderKind) -> String? {
        switch provider {
        case .openai: return "https://platform.openai.com/api-keys"
        case .anthropic: return "https://console.anthropic.com/settings/keys"
        case .gemini: return "https://aistudio.google.com/apikey"
        case .openrouter: return "https://openrouter.ai/keys"
        default: return nil
        }
    }

    static func keyHint(_ provider: ProviderKind) -> String {
        let env = ProviderResolver.keyVariables(provider).first ?? "OPENAI_API_KEY"
        if let page = keyPage(provider) {
            return "The key is invalid or revoked: create one at \(page), then set \(env) (export \(env)=...)."
        }
        return "This server wants an API key: set \(env) to the key the server expects."
    }

    static func billingHint(_ provider: ProviderKind) -> String {
        switch provider {
        case .openai: return "Add credit or raise the limit at https://platform.openai.com/settings/organization/billing, or \(otherProvider)."
        case .anthropic: return "Add credit at https://console.anthropic.com/settings/billing, or \(otherProvider)."
        case .gemini: return "Check the quota of your project at https://aistudio.google.com, or \(otherProvider)."
        case .openrouter: return "Add credits at https://openrouter.ai/settings/credits, or \(otherProvider)."
        default: return "Check the account's credit, or \(otherProvider)."
        }
    }

    static func statusPage(_ provider: ProviderKind) -> String? {
        switch provider {
        case .openai: return "https://status.openai.com"
        case .anthropic: return "https://status.anthropic.com"
        case .gemini: return "https://aistudio.google.com/status"
        case .openrouter: return "https://status.openrouter.ai"
        default: return nil
        }
    }

    /// A body that is not the provider's JSON (an HTML page from a proxy, plain text): a short excerpt.
    static func excerpt(_ body: String) -> String? {
        let t = body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty, !t.hasPrefix("<") else { return nil }
        return clip(t)
    }

    static func clip(_ text: String) -> String {
        let clean = Redactor.redact(text).replacingOccurrences(of: "\n", with: " ")
        return clean.count > 300 ? String(clean.prefix(300)) + "…" : clean
    }
}
