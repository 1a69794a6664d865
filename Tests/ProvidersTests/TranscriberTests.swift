import XCTest
import HTTP
import TestSupport
@testable import Providers

/// `Transcriber` against the loopback peer's `/v1/audio/transcriptions` (Tests/Peers/peer_audio.py):
/// what it sends, what it reads, and each way it can fail.
final class TranscriberTests: XCTestCase {
    private let speech = TestAudio.tone(seconds: 1).encoded()

    private func endpoint(key: String? = "test-key-123456", base: String? = nil) throws -> TranscriptionEndpoint {
        let url = try base ?? remotePeer.get().baseURL + "/v1"
        return TranscriptionEndpoint(baseURL: url, model: "whisper-1", apiKey: key, label: url, keySource: "TEST_KEY")
    }

    private func transcriber(_ endpoint: TranscriptionEndpoint, retries: RetryPolicy = PeerProviders.fastRetries) -> Transcriber {
        Transcriber(endpoint: endpoint, transport: ProviderTransport(connectTimeout: 5), retryPolicy: retries)
    }

    /// `prompt` carries the peer's tags and is the text it answers with.
    private func run(_ prompt: String, audio: Data? = nil, fileName: String = "say.wav", segments: Bool = false,
                     endpoint: TranscriptionEndpoint? = nil, retries: RetryPolicy = PeerProviders.fastRetries) async throws -> Result<Transcript, ProviderError> {
        let t = transcriber(try endpoint ?? self.endpoint(), retries: retries)
        let audio = audio ?? speech
        return try await withDeadline(30) {
            do {
                return .success(try await t.transcribe(audio: audio, fileName: fileName, language: "en", prompt: prompt, segments: segments))
            } catch let error as ProviderError {
                return .failure(error)
            }
        }
    }

    /// The error `run` ends in (a success fails the test).
    private func failure(_ prompt: String, endpoint: TranscriptionEndpoint? = nil,
                         retries: RetryPolicy = PeerProviders.fastRetries) async throws -> ProviderError {
        switch try await run(prompt, endpoint: endpoint, retries: retries) {
        case .failure(let error): return error
        case .success(let transcript): throw UnexpectedSuccess(transcript: transcript)
        }
    }

    private func requests(containing marker: String) throws -> [[String: Any]] {
        try remotePeer.get().requests().filter { request in
            let parts = (request["body"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
            return parts.contains { ($0["text"] as? String)?.contains(marker) == true }
        }
    }

    func testTheRequestIsOpenAIsMultipartForm() async throws {
        let result = try await run("Call mom at five")
        XCTAssertEqual(try result.get(), Transcript(text: "Call mom at five"))
        let request = try XCTUnwrap(requests(containing: "Call mom at five").last)
        XCTAssertEqual(request["path"] as? String, "/v1/audio/transcriptions")
        let headers = try XCTUnwrap(request["headers"] as? [String: String])
        XCTAssertEqual(headers["authorization"], "Bearer test-key-123456")
        XCTAssertTrue(headers["content-type"]?.hasPrefix("multipart/form-data; boundary=aihelper-") == true)
        let parts = try XCTUnwrap((request["body"] as? [String: Any])?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.map { $0["name"] as? String }, ["file", "model", "language", "prompt", "response_format"])
        XCTAssertEqual(parts[0]["filename"] as? String, "say.wav")
        XCTAssertEqual(parts[0]["content_type"] as? String, "audio/wav")
        XCTAssertEqual((parts[0]["base64"] as? String).flatMap { Data(base64Encoded: $0) }, speech)
        XCTAssertEqual(parts.dropFirst().map { $0["text"] as? String }, ["whisper-1", "en", "Call mom at five", "json"])
    }

    func testVerboseJSONGivesSegmentsLanguageAndDuration() async throws {
        let transcript = try await run("Segments please", segments: true).get()
        XCTAssertEqual(transcript.text, "Segments please")
        XCTAssertEqual(transcript.language, "en")
        XCTAssertEqual(transcript.duration, 1.5)
        XCTAssertEqual(transcript.segments, [TranscriptSegment(start: 0, end: 1.5, text: "Segments please")])
        let parts = try XCTUnwrap((requests(containing: "Segments please").last?["body"] as? [String: Any])?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.last?["text"] as? String, "verbose_json")
    }

    /// gpt-4o-mini-transcribe refuses verbose_json: it is asked for json, and gives no segments.
    func testGPT4oModelsAreAskedForJSONOnly() async throws {
        var endpoint = try endpoint()
        endpoint.model = "gpt-4o-mini-transcribe"
        let transcript = try await run("Mini model", segments: true, endpoint: endpoint).get()
        XCTAssertEqual(transcript, Transcript(text: "Mini model"))
        let parts = try XCTUnwrap((requests(containing: "Mini model").last?["body"] as? [String: Any])?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.last?["text"] as? String, "json")
    }

    func testEscapeSequencesInATranscriptAreNeutralized() async throws {
        let transcript = try await run("Hi \u{1B}]52;c;ZXZpbA==\u{07}there \u{1B}[2J\u{9B}31mnow\u{202E}", segments: true).get()
        XCTAssertEqual(transcript.text, "Hi there now")
        XCTAssertEqual(transcript.segments.first?.text, "Hi there now")
    }

    func testARejectedKeyIsTheChatProvidersMessageWithTheVoiceHint() async throws {
        let error = try await failure("Key [fault:401]")
        XCTAssertEqual(error.kind, .unauthorized)
        XCTAssertTrue(error.message.contains("rejected the API key (401)"), error.message)
        XCTAssertTrue(error.message.contains(try endpoint().label), error.message)
        XCTAssertTrue(error.suggestion.contains("TEST_KEY"), error.suggestion)
        XCTAssertEqual(try requests(containing: "Key [fault:401]").count, 1, "a 401 is not retried")
    }

    func testA429WithRetryAfterIsWaitedForThenSucceeds() async throws {
        let waits = Waits()
        var t = transcriber(try endpoint())
        t.onRetry = { seconds, _ in waits.add(seconds) }
        let started = Date()
        let (chosen, audio) = (t, speech)
        let transcript = try await withDeadline(30) {
            try await chosen.transcribe(audio: audio, fileName: "a.wav", language: nil, prompt: "Limited [fault:429-once:1]", segments: false)
        }
        XCTAssertEqual(transcript.text, "Limited")
        XCTAssertEqual(waits.all, [1])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.95)
        XCTAssertEqual(try requests(containing: "Limited [fault:429-once:1]").count, 2)
    }

    func testA500IsRetriedThenReported() async throws {
        let error = try await failure("Broken [fault:500]")
        XCTAssertEqual(error.kind, .serverError)
        XCTAssertTrue(error.message.contains("server error (500)"), error.message)
        XCTAssertTrue(error.message.contains("Still failing after 2 retries."), error.message)
        XCTAssertEqual(try requests(containing: "Broken [fault:500]").count, 3)
    }

    func testAnHTMLPageOrGarbageIsNotATranscriptionServer() async throws {
        for (fault, what) in [("html", "an HTML page"), ("garbage", "something that is not JSON")] {
            let error = try await failure("Page [fault:\(fault)]")
            XCTAssertEqual(error.kind, .malformedStream)
            XCTAssertEqual(error.message, "\(try endpoint().url) answered with \(what): it is not a transcription server.")
            XCTAssertTrue(error.suggestion.contains("[voice] url"), error.suggestion)
        }
        // The wrong base (no /v1): the peer's 404 for an unknown path.
        let root = try remotePeer.get().baseURL
        let error = try await failure("Wrong base", endpoint: endpoint(base: root))
        XCTAssertTrue(error.message.hasPrefix("\(root)/audio/transcriptions answered with"), error.message)
        XCTAssertTrue(error.message.contains("(404): it is not a transcription server"), error.message)
    }

    func testADroppedConnectionAndARefusedOneAreNetworkErrors() async throws {
        let dropped = try await failure("Cut [fault:drop]", retries: RetryPolicy(maxRetries: 0))
        XCTAssertEqual(dropped.kind, .network)
        XCTAssertTrue(dropped.message.contains("was lost before the transcript arrived"), dropped.message)
        let closed = "http://127.0.0.1:\(try ClosedPort.make())/v1"
        let refused = try await failure("x", endpoint: endpoint(base: closed), retries: RetryPolicy(maxRetries: 0))
        XCTAssertEqual(refused.kind, .network)
        XCTAssertTrue(refused.message.hasPrefix("Could not reach the transcription server \(closed)"), refused.message)
        XCTAssertTrue(refused.suggestion.contains("Is the transcription server running"), refused.suggestion)
    }

    /// Silence makes no request at all; an empty transcript from the server says the same.
    func testNothingHeard() async throws {
        let before = try remotePeer.get().control("/_stats")["requests"] as? Int
        let silent = try await run("Silent", audio: TestAudio.silence(seconds: 3).encoded()).failure
        XCTAssertEqual(silent, Transcriber.nothingHeard)
        XCTAssertEqual(try remotePeer.get().control("/_stats")["requests"] as? Int, before, "no request reached the peer")
        let empty = try await run("Empty [fault:empty]").failure
        XCTAssertEqual(empty, Transcriber.nothingHeard)
    }

    /// 48 kHz stereo over 25 MB goes as 16 kHz mono (a sixth of it); what is still too large is refused.
    func testALargeRecordingIsMadeSmallerOrRefused() async throws {
        let long = TestAudio.tone(seconds: 140, rate: 48_000, channels: 2, amplitude: 0.2)
        let data = long.encoded()
        XCTAssertGreaterThan(data.count, AudioUpload.sizeLimit)
        let upload = try AudioUpload.prepare(data, fileName: "long.wav")
        let sent = try WAVAudio(data: upload.data)
        XCTAssertEqual(sent.sampleRate, 16_000)
        XCTAssertEqual(sent.channels, 1)
        XCTAssertEqual(sent.duration, 140, accuracy: 0.01)
        let heard = try await run("Long one", audio: data).get()
        XCTAssertEqual(heard.text, "Long one")
        let parts = try XCTUnwrap((requests(containing: "Long one").last?["body"] as? [String: Any])?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.first?["size"] as? Int, upload.data.count)

        let tooLong = TestAudio.tone(seconds: 830, amplitude: 0.2).encoded()   // 16 kHz mono: 26.6 MB
        XCTAssertThrowsError(try AudioUpload.prepare(tooLong, fileName: "/tmp/lecture.wav")) { error in
            XCTAssertEqual((error as? ProviderError)?.message, "lecture.wav is 25.3 MB, over the transcription limit of 25.0 MB.")
        }
    }

    func testOtherFormatsGoAsTheyAreAndWhatIsNotAudioIsRefused() throws {
        let mp3 = Data("ID3\u{4}\u{0}".utf8) + Data(repeating: 0x55, count: 100)
        let upload = try AudioUpload.prepare(mp3, fileName: "memo")
        XCTAssertEqual(upload.data, mp3)
        XCTAssertEqual(upload.fileName, "memo.mp3", "OpenAI reads the format from the name")
        XCTAssertEqual(upload.contentType, "audio/mpeg")
        XCTAssertEqual(try AudioUpload.prepare(Data("OggS".utf8) + Data(count: 20), fileName: "a.ogg").contentType, "audio/ogg")
        XCTAssertEqual(try AudioUpload.prepare(Data("fLaC".utf8) + Data(count: 20), fileName: "a.flac").contentType, "audio/flac")
        XCTAssertEqual(try AudioUpload.prepare(Data([0x1A, 0x45, 0xDF, 0xA3]) + Data(count: 20), fileName: "a.webm").contentType, "audio/webm")
        XCTAssertEqual(try AudioUpload.prepare(Data([0, 0, 0, 0x20]) + Data("ftypM4A ".utf8), fileName: "a.m4a").contentType, "audio/mp4")
        for (bytes, name) in [(Data("hello, I am text".utf8), "notes.txt"), (Data("<html>".utf8), "fake.wav"),
                              (Data([0x89, 0x50, 0x4E, 0x47]), "photo.png")] {
            XCTAssertThrowsError(try AudioUpload.prepare(bytes, fileName: name)) { error in
                XCTAssertEqual((error as? ProviderError)?.message, "\(name) is not audio the transcription API takes.")
            }
        }
    }
}

private struct UnexpectedSuccess: Error {
    var transcript: Transcript
}

private final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []
    func add(_ value: Double) { lock.withLock { values.append(value) } }
    var all: [Double] { lock.withLock { values } }
}

extension Result {
    var failure: Failure? { if case .failure(let error) = self { return error } else { return nil } }
}
