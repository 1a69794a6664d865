import Foundation
import HTTP

/// A transcription's failures in words a person can act on: the chat providers' mapping
/// (`ProviderErrorMapper`) under the server's label, with the voice settings' own hints.
enum TranscriptionErrors {
    static let settingsHint = "Check [voice] url and model in config.toml (docs/voice.md)."

    static func transport(_ error: HTTPError, endpoint: TranscriptionEndpoint, idleTimeout: TimeInterval) -> ProviderError {
        let name = endpoint.label
        switch error.kind {
        case .cancelled:
            return ProviderErrorMapper.cancelled
        case .idleTimeout:
            return ProviderError(.stalled, "\(name) sent nothing for \(Int(idleTimeout)) s, so the transcription was given up.",
                                 suggestion: "The server may be overloaded; try a shorter recording.")
        case .timeout:
            return ProviderError(.timeout, "\(name) did not answer in time: \(Redactor.redact(error.message)).",
                                 suggestion: "Check the connection or the server.")
        case .connectionLost:
            return ProviderError(.network, "The connection to \(name) was lost before the transcript arrived.",
                                 suggestion: "Check the connection or the server, then try again.")
        case .connectionFailed, .tls, .other:
            let host = URL(string: endpoint.baseURL)
            let local = host.map(ProviderResolver.isLoopback) ?? false
            let suggestion = local
                ? "Is the transcription server running at \(host?.host ?? endpoint.baseURL)? Start it, or change [voice] url (docs/voice.md)."
                : "Check your internet connection (and HTTPS_PROXY if you use a proxy)."
            return ProviderError(.network, "Could not reach the transcription server \(name): \(Redactor.redact(error.message)).",
                                 suggestion: suggestion)
        }
    }

    static func status(_ status: Int, body: String, headers: [String: String], endpoint: TranscriptionEndpoint) -> ProviderError {
        // No such path (or not for POST): the URL is not the API's base.
        if status == 404 || status == 405 { return notATranscription(body, endpoint: endpoint, status: status) }
        var detail = OpenAIErrorMapper.detail(from: body)
        // FastAPI servers (faster-whisper-server) wrap OpenAI's error object in "detail".
        if detail.message == nil, let inner = WireJSON.parse(body)?["detail"], inner["error"] != nil {
            detail = OpenAIErrorMapper.detail(from: inner)
        }
        let kind: ProviderKind = endpoint.baseURL == TranscriptionEndpoint.openAIBaseURL ? .openai : .openaiCompatible
        var error = ProviderErrorMapper.map(provider: kind, status: status, detail: detail,
                                            retryAfter: RetryAfter.from(headers: headers), name: endpoint.label)
        switch error.kind {
        case .unauthorized:
            let source = endpoint.keySource.map { "the key from \($0)" } ?? "no key"
            error.suggestion = endpoint.apiKey == nil
                ? "This server wants an API key: set [voice] api_key_env or api_key_command in config.toml (docs/voice.md)."
                : "It was sent \(source): check it\(kind == .openai ? " (keys: https://platform.openai.com/api-keys)" : ""), or set [voice] api_key_env / api_key_command (docs/voice.md)."
        case .modelNotFound, .badRequest:
            error.suggestion = settingsHint
        default:
            break
        }
        return error
    }

    /// The server answered, but not with a transcript (an HTML page, plain text, other JSON):
    /// the URL most likely points at something else.
    static func notATranscription(_ body: String, endpoint: TranscriptionEndpoint, status: Int = 200) -> ProviderError {
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        let what: String
        if trimmed.hasPrefix("<") { what = "an HTML page" }
        else if trimmed.isEmpty { what = "an empty body" }
        else if WireJSON.parse(trimmed) == nil { what = "something that is not JSON" }
        else { what = "JSON without a transcript" }
        let statusText = (200..<300).contains(status) ? "" : " (\(status))"
        return ProviderError(.malformedStream,
                             "\(Redactor.redact(TranscriptionEndpoint.shown(endpoint.url))) answered with \(what)\(statusText): it is not a transcription server.",
                             suggestion: "Set [voice] url to the API's base, such as https://api.openai.com/v1 or http://127.0.0.1:8000/v1 (docs/voice.md).")
    }
}
