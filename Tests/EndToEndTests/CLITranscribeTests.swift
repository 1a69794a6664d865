import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// `aihelper transcribe` and `aihelper ask --audio`, the real binary: against a real
/// faster-whisper server hearing espeak-ng's speech, and against the loopback peer's faults.
final class CLITranscribeTests: HomeFolderTestCase {
    static let whisper = SharedServer { try RealServers.whisperServer() }
    private static let peer = Result { try PeerServer.providers() }
    override class func tearDown() { whisper.stop() }

    private var cli: CLIRunner { CLIRunner(home: home) }
    private var say: String { home + "/say.wav" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try Speech.say("Remind me to call mom tomorrow at five pm", to: URL(fileURLWithPath: say))
    }

    /// A config.toml whose `[voice] url` is `base`.
    private func config(_ base: String, extra: String = "") throws -> [String] {
        let path = home + "/voice.toml"
        try "[voice]\nurl = \"\(base)\"\n\(extra)".write(toFile: path, atomically: true, encoding: .utf8)
        return ["--config", path]
    }

    private func whisperConfig() throws -> [String] { try config(Self.whisper.get().baseURL + "/v1") }

    private func assertHeard(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for word in ["remind", "call", "mom", "tomorrow"] {
            XCTAssertTrue(text.lowercased().contains(word), "'\(word)' in \(text)", file: file, line: line)
        }
    }

    private var tomorrow: String {
        let date = Calendar.current.date(byAdding: .day, value: 1, to: Date())!
        let c = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// The one task the commands should have made: "Call mom", tomorrow at 17:00.
    private func assertTheTaskIsThere(count: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws {
        let listed = try cli.run(["tasks", "--upcoming", "5", "--json"])
        XCTAssertEqual(listed.status, 0, listed.err, file: file, line: line)
        let tasks = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]], listed.out)
        XCTAssertEqual(tasks.count, count, listed.out, file: file, line: line)
        for task in tasks {
            XCTAssertEqual((task["title"] as? String)?.lowercased(), "call mom", listed.out, file: file, line: line)
            XCTAssertEqual(task["date"] as? String, tomorrow, listed.out, file: file, line: line)
            XCTAssertEqual(task["time"] as? String, "17:00", listed.out, file: file, line: line)
        }
    }

    func testTranscribePrintsTheTranscriptAndItsJSON() throws {
        let plain = try cli.run(["transcribe"] + (try whisperConfig()) + [say], timeout: 60)
        XCTAssertEqual(plain.status, 0, plain.err)
        XCTAssertEqual(plain.out.filter { $0 == "\n" }.count, 1, plain.out)
        assertHeard(plain.out)
        let json = try cli.run(["transcribe"] + (try whisperConfig()) + ["--json", say], timeout: 60)
        XCTAssertEqual(json.status, 0, json.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any], json.out)
        assertHeard(object["text"] as? String ?? "")
        XCTAssertEqual(object["language"] as? String, "en")
        XCTAssertGreaterThan(object["duration"] as? Double ?? 0, 1)
        let segments = try XCTUnwrap(object["segments"] as? [[String: Any]], json.out)
        XCTAssertFalse(segments.isEmpty)
        XCTAssertNotNil(segments.first?["start"] as? Double)
        XCTAssertNotNil(segments.first?["end"] as? Double)
        assertHeard(segments.compactMap { $0["text"] as? String }.joined(separator: " "))
        // --url wins over the config's (here a server that is down).
        let down = "http://127.0.0.1:\(try ClosedPort.make())/v1"
        let overridden = try cli.run(["transcribe"] + (try config(down)) + ["--url", try Self.whisper.get().baseURL + "/v1", say],
                                     timeout: 60)
        XCTAssertEqual(overridden.status, 0, overridden.err)
        assertHeard(overridden.out)
    }

    func testAskWithAudioCreatesTheTaskAndNotesTheDictation() throws {
        let asked = try cli.run(["ask"] + (try whisperConfig()) + ["--audio", say], timeout: 60)
        XCTAssertEqual(asked.status, 0, asked.err)
        XCTAssertTrue(asked.err.hasPrefix("Heard: "), asked.err)
        assertHeard(asked.err)
        XCTAssertTrue(asked.out.contains("Call mom"), asked.out)
        try assertTheTaskIsThere()
        let database = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let answer = try XCTUnwrap(try database.conversations(limit: 1).first.flatMap { try database.recentMessages(conversationId: $0.id!, limit: 2).last })
        let first = try XCTUnwrap(try database.timelineSteps(messageIds: [answer.id!])[answer.id!]?.first)
        XCTAssertEqual(first.kind, .dictated)
        XCTAssertTrue(first.detail.hasSuffix(" s · " + (try Self.whisper.get().baseURL) + "/v1"), first.detail)
        // --json: the transcript is the first event.
        let json = try cli.run(["ask"] + (try whisperConfig()) + ["--json", "--audio", say], timeout: 60)
        let firstLine = try XCTUnwrap(json.out.split(separator: "\n").first)
        let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(firstLine.utf8)) as? [String: Any])
        XCTAssertEqual(event["type"] as? String, "transcript")
        assertHeard(event["text"] as? String ?? "")
    }

    func testAddTakesTheTranscript() throws {
        let heard = try cli.run(["transcribe"] + (try whisperConfig()) + [say], timeout: 60)
        XCTAssertEqual(heard.status, 0, heard.err)
        let added = try cli.run(["add", heard.out.trimmingCharacters(in: .whitespacesAndNewlines)])
        XCTAssertEqual(added.status, 0, added.err)
        try assertTheTaskIsThere()
    }

    /// Each failure: its message and exit code; a silent WAV and a file that is not audio send nothing.
    func testFailuresAreClearWithTheirExitCodes() throws {
        let peer = try Self.peer.get().baseURL + "/v1"
        let requestsBefore = try Self.peer.get().control("/_stats")["requests"] as? Int
        let silent = home + "/silent.wav"
        var silence = Data("RIFF".utf8) + Data([36, 0x7D, 0, 0]) + Data("WAVEfmt ".utf8)
        silence += Data([16, 0, 0, 0, 1, 0, 1, 0, 0x80, 0x3E, 0, 0, 0, 0x7D, 0, 0, 2, 0, 16, 0]) + Data("data".utf8) + Data([0, 0x7D, 0, 0])
        silence += Data(count: 32_000)
        try silence.write(to: URL(fileURLWithPath: silent))
        let quiet = try cli.run(["transcribe"] + (try config(peer)) + [silent])
        XCTAssertEqual(quiet.status, 1)
        XCTAssertEqual(quiet.err, "aihelper: Nothing was heard in the recording. Check the microphone and its volume, then speak again.\n")
        let quietJSON = try cli.run(["ask"] + (try config(peer)) + ["--json", "--audio", silent])
        XCTAssertEqual(quietJSON.status, 1)
        XCTAssertEqual(quietJSON.out, #"{"message":"Nothing was heard in the recording. Check the microphone and its volume, then speak again.","type":"error"}"# + "\n")
        let text = home + "/notes.txt"
        try "not audio".write(toFile: text, atomically: true, encoding: .utf8)
        let notAudio = try cli.run(["transcribe"] + (try config(peer)) + [text])
        XCTAssertEqual(notAudio.status, 2)
        XCTAssertTrue(notAudio.err.contains("notes.txt is not audio the transcription API takes."), notAudio.err)
        XCTAssertEqual(try Self.peer.get().control("/_stats")["requests"] as? Int, requestsBefore, "nothing was sent")

        let missing = try cli.run(["transcribe"] + (try config(peer)) + [home + "/nope.wav"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.err, "aihelper: cannot read \(home)/nope.wav.\n")

        let rejected = try cli.run(["transcribe"] + (try config(peer, extra: "api_key_env = \"VOICE_KEY\"\n")) + [say],
                                   environment: ["VOICE_KEY": "invalid-key-123"])
        XCTAssertEqual(rejected.status, 1)
        XCTAssertTrue(rejected.err.contains("rejected the API key (401)") && rejected.err.contains("VOICE_KEY"), rejected.err)
        XCTAssertFalse(rejected.err.contains("invalid-key-123"), "the key is never printed")

        let html = try cli.run(["transcribe"] + (try config(peer, extra: "prompt = \"[fault:html]\"\n")) + [say])
        XCTAssertEqual(html.status, 1)
        XCTAssertTrue(html.err.contains("\(peer)/audio/transcriptions answered with an HTML page: it is not a transcription server."), html.err)

        let nothingSet = try cli.run(["transcribe", say], environment: ["OPENAI_API_KEY": ""])
        XCTAssertEqual(nothingSet.status, 1)
        XCTAssertTrue(nothingSet.err.contains("No transcription server is set.") && nothingSet.err.contains("docs/voice.md"), nothingSet.err)

        let both = try cli.run(["ask", "--audio", say, "and words"])
        XCTAssertEqual(both.status, 2, both.err)
    }
}
