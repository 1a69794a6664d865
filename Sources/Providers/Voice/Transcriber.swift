import Foundation
import Core
import HTTP

/// Speech to text through OpenAI's `POST {base}/audio/transcriptions` (multipart: `file`,
/// `model`, `language`, `prompt`, `response_format`), which OpenAI, Groq, faster-whisper-server
/// and whisper.cpp's server speak. Errors, retries and keys as for chat providers: 429 and 5xx
/// are retried per `RetryPolicy` (honoring `Retry-After`), failures are `ProviderError`s.
public struct Transcriber: Sendable {
    public let endpoint: TranscriptionEndpoint
    public let transport: ProviderTransport
    public let retryPolicy: RetryPolicy
    /// Seconds without a byte from the server: the upload and the transcription both count, and
    /// a CPU server may take a while over two minutes of speech.
    public var idleTimeout: TimeInterval = 300
    /// Told before each automatic retry: the wait and why (for a status line).
    public var onRetry: (@Sendable (_ seconds: Double, _ reason: String) -> Void)?

    public init(endpoint: TranscriptionEndpoint, transport: ProviderTransport = ProviderTransport(),
                retryPolicy: RetryPolicy = .standard) {
        self.endpoint = endpoint; self.transport = transport; self.retryPolicy = retryPolicy
    }

    /// The error for audio with nothing said in it (a silent recording, an empty transcript):
    /// compare with `==` to tell it from a failure.
    public static let nothingHeard = ProviderError(.badRequest, "Nothing was heard in the recording.",
                                                   suggestion: "Check the microphone and its volume, then speak again.")

    /// Transcribes `audio` (a WAV, MP3, M4A, OGG, WebM or FLAC file's bytes; `fileName` gives the
    /// name sent). `language` is ISO-639-1 ("en", "zh"), nil to let the server guess; `prompt`
    /// steers spelling; `segments` asks for `verbose_json`'s timed pieces.
    /// Throws `Transcriber.nothingHeard` for silence (a silent WAV makes no request at all).
    public func transcribe(audio: Data, fileName: String, language: String?, prompt: String?,
                           segments: Bool) async throws -> Transcript {
        try await transcribe(AudioUpload.prepare(audio, fileName: fileName), language: language, prompt: prompt, segments: segments)
    }

    /// The same for audio already checked (`AudioUpload.prepare`), so a caller can tell a bad
    /// file from a failed transcription.
    public func transcribe(_ upload: AudioUpload, language: String?, prompt: String?, segments: Bool) async throws -> Transcript {
        var body = MultipartBody()
        body.addFile("file", fileName: upload.fileName, contentType: upload.contentType, data: upload.data)
        body.addField("model", endpoint.model)
        if let language, !language.isEmpty { body.addField("language", language) }
        if let prompt, !prompt.isEmpty { body.addField("prompt", prompt) }
        body.addField("response_format", segments && Self.givesSegments(endpoint.model) ? "verbose_json" : "json")
        let bytes = body.encoded()
        var headers = [(name: "content-type", value: body.contentType), (name: "accept", value: "application/json")]
        if let key = endpoint.apiKey, !key.isEmpty { headers.append((name: "authorization", value: "Bearer \(key)")) }
        let request = HTTPRequest(url: endpoint.url, method: "POST", headers: headers, body: bytes,
                                  connectTimeout: transport.connectTimeout, idleTimeout: idleTimeout)
        let transcript = try await withRetries { try await attempt(request) }
        if transcript.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw Self.nothingHeard }
        return transcript
    }

    /// OpenAI's gpt-4o transcription models answer `json` only (400 for `verbose_json`).
    static func givesSegments(_ model: String) -> Bool {
        !model.hasPrefix("gpt-4o")
    }

    private func withRetries(_ body: () async throws -> Transcript) async throws -> Transcript {
        try await retryPolicy.run(failure: { ProviderError(.network, Redactor.redact(String(describing: $0))) },
                                  waiting: { onRetry?($0, $1) }) { _ in try await body() }
    }

    private func attempt(_ request: HTTPRequest) async throws -> Transcript {
        let head: HTTPResponseHead, data: Data
        do {
            (head, data) = try await transport.engine.data(request, maxBytes: 8 << 20)
        } catch let error as HTTPError {
            throw TranscriptionErrors.transport(error, endpoint: endpoint, idleTimeout: idleTimeout)
        }
        let text = String(decoding: data, as: UTF8.self)
        guard (200..<300).contains(head.status) else {
            throw TranscriptionErrors.status(head.status, body: text, headers: head.headers, endpoint: endpoint)
        }
        guard let transcript = Self.parse(text) else { throw TranscriptionErrors.notATranscription(text, endpoint: endpoint) }
        return transcript
    }

    /// Reads `json` (`{"text": …}`) and `verbose_json` (`language`, `duration`, `segments`);
    /// nil when the body is not such an object. Every text is sanitized.
    static func parse(_ body: String) -> Transcript? {
        guard let json = WireJSON.parse(body), let text = json["text"]?.stringValue else { return nil }
        let segments = (json["segments"]?.arrayValue ?? []).compactMap { segment -> TranscriptSegment? in
            guard let start = segment["start"]?.doubleValue, let end = segment["end"]?.doubleValue,
                  let text = segment["text"]?.stringValue else { return nil }
            return TranscriptSegment(start: start, end: end, text: clean(text))
        }
        let language = json["language"]?.stringValue.map(clean).flatMap { $0.isEmpty ? nil : $0 }
        return Transcript(text: clean(text), language: language, duration: json["duration"]?.doubleValue, segments: segments)
    }

    /// Escape sequences neutralized, and the leading space Whisper puts before each piece gone.
    private static func clean(_ text: String) -> String {
        Sanitizer.clean(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
