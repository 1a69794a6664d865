import Foundation

/// What a transcription server heard: the text (sanitized), and what the server told about it.
public struct Transcript: Sendable, Equatable {
    public var text: String
    /// ISO-639-1 or the server's own name ("en", "english"), when it said.
    public var language: String?
    /// Seconds of audio, when the server said.
    public var duration: Double?
    /// Timed pieces of the text (`verbose_json`); empty when not asked for or not given.
    public var segments: [TranscriptSegment]

    public init(text: String, language: String? = nil, duration: Double? = nil, segments: [TranscriptSegment] = []) {
        self.text = text; self.language = language; self.duration = duration; self.segments = segments
    }
}

/// One timed piece of a transcript, in seconds from the start of the audio.
public struct TranscriptSegment: Sendable, Equatable, Codable {
    public var start: Double
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start; self.end = end; self.text = text
    }
}

/// A server that speaks OpenAI's `POST {base}/audio/transcriptions`.
public struct TranscriptionEndpoint: Sendable, Equatable {
    /// "https://api.openai.com/v1", "http://127.0.0.1:8000/v1".
    public var baseURL: String
    public var model: String
    public var apiKey: String?
    /// How messages name it: "OpenAI", or the URL.
    public var label: String
    /// Where the key came from, for the 401 message ("OPENAI_API_KEY", "[voice] api_key_command").
    public var keySource: String?

    public init(baseURL: String, model: String, apiKey: String? = nil, label: String? = nil, keySource: String? = nil) {
        self.baseURL = baseURL; self.model = model; self.apiKey = apiKey
        self.label = label ?? baseURL; self.keySource = keySource
    }

    public static let openAIBaseURL = "https://api.openai.com/v1"
    public static let openAIModel = "whisper-1"

    /// OpenAI's endpoint with `key`.
    public static func openAI(key: String, model: String? = nil, keySource: String? = "OPENAI_API_KEY") -> TranscriptionEndpoint {
        TranscriptionEndpoint(baseURL: openAIBaseURL, model: model ?? openAIModel, apiKey: key, label: "OpenAI", keySource: keySource)
    }

    /// A URL as messages show it: without a user and password, should it hold them.
    public static func shown(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.user != nil || parts.password != nil else { return url }
        parts.user = nil; parts.password = nil
        return parts.string ?? url
    }

    /// `{base}/audio/transcriptions`.
    public var url: String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/audio/transcriptions"
    }
}
