import Foundation
import ArgumentParser
import App
import Core
import Providers
import Agent

/// `aihelper transcribe FILE`: speech to text through the `[voice]` server (docs/voice.md).
struct TranscribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: "Print the transcript of an audio file (WAV, MP3, M4A, OGG, WebM, FLAC).",
        discussion: "The server is [voice] url in config.toml, else OpenAI when an OpenAI key is set (docs/voice.md). Exit code 1 when the transcription fails or nothing was heard, 2 for a file that cannot be read, is not audio or is over 25 MB.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("Transcribe with this server (its API base, such as http://127.0.0.1:8000/v1) instead of [voice] url.", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("The transcription model instead of [voice] model (whisper-1, gpt-4o-mini-transcribe, whisper-large-v3).", valueName: "name"))
    var model: String?

    @Option(name: .long, help: ArgumentHelp("The spoken language (ISO-639-1: en, zh; auto: the server guesses) instead of [voice] language.", valueName: "code"))
    var language: String?

    @Flag(name: .long, help: "Print JSON: {text, language, duration, segments: [{start, end, text}]} (what the server gave).")
    var json = false

    @Argument(help: ArgumentHelp("The audio file.", valueName: "file"))
    var file: String

    func run() async throws {
        let config = AppConfig.load(path: global.paths.config).config
        let heard = try await VoiceRun.transcribe(file, config: config, url: url, model: model, language: language, segments: json)
        if json { CLIData.printJSON(TranscriptJSON(heard.transcript)) } else { Output.line(heard.transcript.text) }
    }
}

/// What `transcribe` and `ask --audio` share: reading the file, choosing the server, transcribing.
enum VoiceRun {
    struct Heard {
        var transcript: Transcript
        var dictation: Dictation
    }

    /// Reads and transcribes `path`; a bad file leaves with 2, a failed transcription with 1.
    /// `report` gets the failure's message too (`ask --json` prints it as an event).
    static func transcribe(_ path: String, config: AppConfig, url: String?, model: String?, language: String?,
                           segments: Bool, report: (String) -> Void = { _ in }) async throws -> Heard {
        func failing(_ error: Error, code: Int32) -> ExitCode {
            let message = (error as? ProviderError)?.description ?? "\(error)"
            report(message)
            return fail(message, code: code)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            report("cannot read \(path).")
            throw fail("cannot read \(path).", code: 2)
        }
        let upload: AudioUpload
        do { upload = try AudioUpload.prepare(data, fileName: path) } catch let error as ProviderError {
            throw failing(error, code: error == Transcriber.nothingHeard ? 1 : 2)
        }
        let settings = config.voice
        let environment = ProcessInfo.processInfo.environment
        let endpoint: TranscriptionEndpoint
        do {
            endpoint = try settings.endpoint(providers: config.providers, environment: environment, url: url, model: model)
        } catch {
            throw failing(error, code: 1)
        }
        let spoken = language.map { $0 == "auto" ? nil : $0 }
            ?? settings.language(for: Language.choose(setting: config.language, environment: environment))
        var transcriber = Transcriber(endpoint: endpoint)
        transcriber.onRetry = { seconds, reason in Output.note("aihelper: \(reason) Waiting \(Int(seconds.rounded(.up))) s.") }
        let started = Date()
        do {
            let transcript = try await transcriber.transcribe(upload, language: spoken, prompt: settings.prompt, segments: segments)
            let dictation = Dictation(seconds: upload.duration ?? transcript.duration, endpoint: endpoint.label,
                                      transcriptionSeconds: Date().timeIntervalSince(started))
            return Heard(transcript: transcript, dictation: dictation)
        } catch {
            throw failing(error, code: 1)
        }
    }
}

/// `aihelper transcribe --json`: what the server gave; fields it did not give are left out.
struct TranscriptJSON: Encodable {
    let text: String
    let language: String?
    let duration: Double?
    let segments: [TranscriptSegment]?

    init(_ t: Transcript) {
        text = t.text; language = t.language; duration = t.duration; segments = t.segments.isEmpty ? nil : t.segments
    }
}
