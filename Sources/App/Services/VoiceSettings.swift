import Foundation
import TOMLKit
import Providers

/// The `[voice]` table of `config.toml` (docs/voice.md):
///
/// ```toml
/// [voice]
/// url = "http://127.0.0.1:8000/v1"   # any server with POST {url}/audio/transcriptions; unset: OpenAI
/// model = "whisper-1"                # OpenAI: whisper-1 or gpt-4o-mini-transcribe
/// api_key_env = "GROQ_API_KEY"       # the variable holding the server's key
/// api_key_command = "pass show groq" # or a command printing it (wins over api_key_env)
/// language = "en"                    # ISO-639-1; "auto": the server guesses; unset: the interface's
/// prompt = "AI Helper, Todo"         # words to spell right
/// record_command = "arecord -q -f S16_LE -r 16000 -c 1 -t wav"   # writes 16 kHz mono WAV to stdout
/// max_seconds = 120                  # a recording stops by itself after this long
/// send_at_once = false               # true: the transcript is sent, not put into the input
/// ```
public struct VoiceSettings: Sendable, Equatable {
    public var url: String?
    public var model: String?
    public var apiKeyEnv: String?
    public var apiKeyCommand: String?
    /// The key typed in the settings (F2), from credentials.toml's `voice`: after the command,
    /// before the variable (as a provider's key typed there wins over the environment).
    public var apiKey: String?
    /// As written; see `language(for:)`.
    public var language: String?
    public var prompt: String?
    public var recordCommand: String?
    public var maxSeconds = 120
    public var sendAtOnce = false

    public init() {}

    /// The language sent with the audio: the setting's, nil for "auto" (the server guesses),
    /// else the interface's ("en", "zh").
    public func language(for interface: Language) -> String? {
        if let language { return language == "auto" ? nil : language }
        switch interface {
        case .english: return "en"
        case .simplifiedChinese: return "zh"
        }
    }

    /// Which server transcribes: `url` (or the `--url` override) when set, its key optional;
    /// else OpenAI when an OpenAI key is set (api_key_command, credentials.toml, OPENAI_API_KEY);
    /// else an error saying how to set one.
    public func endpoint(providers: ProviderConfig, environment: [String: String], url overrideURL: String? = nil,
                         model overrideModel: String? = nil,
                         run: (String) -> Result<String, KeyCommand.Failure> = KeyCommandCache.shared.key) throws -> TranscriptionEndpoint {
        let model = overrideModel ?? self.model
        let own = try ownKey(environment: environment, run: run)
        if let base = overrideURL ?? url {
            let trimmed = base.trimmingCharacters(in: .whitespaces)
            guard let parsed = URL(string: trimmed), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
                throw ProviderError(.badRequest, "The voice URL '\(trimmed)' is not an http(s) URL.",
                                    suggestion: "Use the API's base, such as http://127.0.0.1:8000/v1 (docs/voice.md).")
            }
            return TranscriptionEndpoint(baseURL: trimmed, model: model ?? TranscriptionEndpoint.openAIModel,
                                         apiKey: own?.key, label: TranscriptionEndpoint.shown(trimmed), keySource: own?.source)
        }
        if let own { return .openAI(key: own.key, model: model, keySource: own.source) }
        let values = try providers.valuesWithKey(for: .openai, chosen: false, run: run)
        if let key = values.commandKeys[.openai] ?? values.apiKeys[.openai], !key.isEmpty {
            let source = values.commandKeys[.openai] != nil ? "[providers.openai] api_key_command" : "credentials.toml"
            return .openAI(key: key, model: model, keySource: source)
        }
        if let key = environment["OPENAI_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            return .openAI(key: key, model: model, keySource: "OPENAI_API_KEY")
        }
        throw Self.noEndpoint
    }

    public static let noEndpoint = ProviderError(
        .missingKey, "No transcription server is set.",
        suggestion: "Set OPENAI_API_KEY to use OpenAI's Whisper, or [voice] url in config.toml for another server, such as a local faster-whisper server (docs/voice.md).")

    /// The key of `[voice]` itself: its command's, else its variable's.
    private func ownKey(environment: [String: String],
                        run: (String) -> Result<String, KeyCommand.Failure>) throws -> (key: String, source: String)? {
        if let command = apiKeyCommand {
            switch run(command) {
            case .success(let key): return (key, "[voice] api_key_command")
            case .failure(let failure): throw KeyCommand.error(failure, what: "The [voice] api_key_command", table: "[voice]")
            }
        }
        if let key = apiKey?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { return (key, "credentials.toml") }
        if let name = apiKeyEnv {
            guard let key = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
                throw ProviderError(.missingKey, "[voice] api_key_env names \(name), which is not set.",
                                    suggestion: "export \(name)=... with the transcription server's key, or remove api_key_env.")
            }
            return (key, name)
        }
        return nil
    }

    static func parse(_ table: TOMLTable, problems: inout [String]) -> VoiceSettings {
        var v = VoiceSettings()
        guard let value = table["voice"] else { return v }
        guard let t = value.table else { problems.append("'voice' must be a table: [voice] with lines like url = \"…\""); return v }
        let known: Set<String> = ["url", "model", "api_key_env", "api_key_command", "language", "prompt", "record_command",
                                  "max_seconds", "send_at_once"]
        for key in t.keys.sorted() where !known.contains(key) { problems.append("unknown key 'voice.\(key)'") }
        func text(_ key: String) -> String? {
            guard let item = t[key] else { return nil }
            if let s = item.string?.trimmingCharacters(in: .whitespaces), !s.isEmpty { return s }
            problems.append("'voice.\(key)' must be text"); return nil
        }
        v.url = text("url")
        v.model = text("model")
        v.apiKeyEnv = text("api_key_env")
        v.apiKeyCommand = text("api_key_command")
        v.prompt = text("prompt")
        v.recordCommand = text("record_command")
        if let language = text("language") {
            if language == "auto" || language.range(of: #"^[a-z]{2,3}$"#, options: .regularExpression) != nil { v.language = language }
            else { problems.append("'voice.language' must be a language code such as \"en\" or \"zh\", or \"auto\"") }
        }
        if let item = t["max_seconds"] {
            if let n = item.int, (1...3600).contains(n) { v.maxSeconds = n }
            else { problems.append("'voice.max_seconds' must be a number of seconds from 1 to 3600") }
        }
        if let item = t["send_at_once"] {
            if let b = item.bool { v.sendAtOnce = b } else { problems.append("'voice.send_at_once' must be true or false") }
        }
        return v
    }
}
