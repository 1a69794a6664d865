import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// Push-to-talk in the real binary, in tmux, with `[voice] record_command` playing a WAV and
/// the loopback peer transcribing (its transcript is the `prompt` sent, peer_audio.py):
/// F4 records, F4 stops, the transcript lands in the input, Enter sends it, and the answer's
/// timeline notes the dictation; a recorder that fails or never ends (docs/voice.md).
final class TUIVoiceTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    /// Speech by espeak-ng when installed (make test's packages), else a tone: the peer does
    /// not listen, it answers the prompt.
    private func makeWAV() throws -> String {
        let path = home + "/say.wav"
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng"),
           (try? TmuxSession.spawnAndWait(["/usr/bin/espeak-ng", "-v", "en-us", "-w", path, "Remind me to call mom tomorrow at five pm"],
                                          outputPath: home + "/espeak.log", timeout: 20)) == 0 {
            return path
        }
        var data = Data("RIFF".utf8) + le32(36 + 32_000) + Data("WAVEfmt ".utf8) + le32(16)
        data += le16(1) + le16(1) + le32(16_000) + le32(32_000) + le16(2) + le16(16) + Data("data".utf8) + le32(32_000)
        for i in 0..<16_000 { data += le16(Int(Int16(16_000 * sin(2 * .pi * 440 * Double(i) / 16_000))) & 0xFFFF) }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func le16(_ v: Int) -> Data { Data([UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)]) }
    private func le32(_ v: Int) -> Data { Data((0..<4).map { UInt8((v >> ($0 * 8)) & 0xFF) }) }

    private func configure(_ voice: String) throws {
        try "[voice]\n\(voice)\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
    }

    func testF4RecordsStopsAndTheTranscriptIsSentFromTheInput() throws {
        let wav = try makeWAV()
        try configure("""
            url = "\(try Self.peer.get().baseURL)/v1"
            prompt = "Remind me to call mom tomorrow at 5pm"
            record_command = "cat '\(wav)'; sleep 1000; : '\(home)'"
            """)
        let session = TmuxSession(home: home)
        try session.start(width: 80, height: 24)
        session.waitFor("the first frame") { $0.contains("Offline assistant") }
        try session.press("F4")
        let recording = session.waitFor("the REC line with a meter") {
            $0.contains("● REC 0:0") && $0.range(of: "[▂▃▄▅▆▇█]", options: .regularExpression) != nil
        }
        XCTAssertTrue(recording.contains("● REC"), recording)
        let recorder = try XCTUnwrap(ProcessGroups.find(["sleep 1000", home]), "the recorder's shell")
        try session.press("F4")
        let typed = session.waitFor("the transcript in the input", timeout: 15) { $0.contains("› Remind me to call mom tomorrow at 5pm") }
        XCTAssertFalse(typed.contains("● REC"), typed)
        XCTAssertFalse(typed.contains("transcribing"), typed)
        try session.type(" please")
        try session.press("Enter")
        session.waitFor("the answer", timeout: 15) { $0.contains("Call mom") && !$0.contains("Esc cancel") }
        try session.press("F3")
        session.waitFor("the dictated step in the timeline") { $0.contains("dictated") && $0.contains("/v1") }
        try session.press("Escape")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let conversation = try XCTUnwrap(try db.conversations(limit: 1).first)
        let messages = try db.messages(conversationId: conversation.id!)
        XCTAssertEqual(messages.first?.content, "Remind me to call mom tomorrow at 5pm please")
        let answerId = try XCTUnwrap(messages.last?.id)
        let steps = try db.timelineSteps(messageIds: [answerId])[answerId] ?? []
        XCTAssertEqual(steps.first?.kind, .dictated, "\(steps.map(\.kind))")
        XCTAssertFalse(ProcessGroups.runs(recorder), "the recorder's group is gone")
    }

    /// The real thing: espeak-ng's speech, heard by faster-whisper-server (tiny.en, offline),
    /// into the input, sent, and the Offline assistant makes the task.
    func testSpeechIsHeardByARealWhisperServerAndBecomesATask() throws {
        let server = try RealServers.whisperServer()
        let wav = home + "/say.wav"
        XCTAssertEqual(try TmuxSession.spawnAndWait(["/usr/bin/espeak-ng", "-v", "en-us", "-w", wav, "Remind me to call mom tomorrow at five pm"],
                                                    outputPath: home + "/espeak.log", timeout: 20), 0, "espeak-ng (make test-deps)")
        try configure("url = \"\(server.baseURL)/v1\"\nrecord_command = \"cat '\(wav)'\"")
        let session = TmuxSession(home: home)
        try session.start(width: 120, height: 40)
        session.waitFor("the first frame") { $0.contains("Offline assistant") }
        try session.press("F4")
        // tiny.en writes the time as "5 p.m." or "5pm." from one espeak-ng build to another.
        session.waitFor("the transcript in the input", timeout: 60) { $0.contains("› Remind me to call mom tomorrow at 5") }
        try session.press("Enter")
        session.waitFor("the task made", timeout: 15) { $0.contains("Call mom") && !$0.contains("Esc cancel") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let tomorrow = CivilDate.today().adding(days: 1)
        let tasks = try db.tasks(on: tomorrow)
        XCTAssertTrue(tasks.contains { $0.title == "Call mom" && $0.dueTime == TimeOfDay(hour: 17, minute: 0) }, "\(tasks)")
    }

    func testAFailingServerKeepsTheRecordingAndAFailingOrEndlessRecorderSaysSo() throws {
        let wav = try makeWAV()
        try configure("""
            url = "\(try Self.peer.get().baseURL)/v1"
            prompt = "[fault:401]"
            record_command = "cat '\(wav)'"
            """)
        var session = TmuxSession(home: home)
        try session.start(width: 120, height: 40)
        session.waitFor("the first frame") { $0.contains("Offline assistant") }
        try session.press("F4")
        session.waitFor("the failure, the recording kept", timeout: 15) { $0.contains("Transcription failed") && $0.contains("r sends it again") }
        try session.type("r")
        session.waitFor("transcribing again, then failing", timeout: 15) { $0.contains("Transcription failed") && $0.contains("r sends it again") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        try configure(#"record_command = "echo 'arecord: audio open error: Device or resource busy' >&2; exit 1""#)
        session = TmuxSession(home: home)
        try session.start(width: 120, height: 40)
        session.waitFor("the first frame") { $0.contains("Offline assistant") }
        try session.press("F4")
        session.waitFor("the recorder's error") { $0.contains("The recorder (echo) failed: arecord: audio open error: Device or resource busy") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        try configure("record_command = \"sleep 1000; : '\(home)'\"\nmax_seconds = 2")
        session = TmuxSession(home: home)
        try session.start(width: 120, height: 40)
        session.waitFor("the first frame") { $0.contains("Offline assistant") }
        try session.press("F4")
        session.waitFor("the REC line") { $0.contains("● REC 0:01") }
        let endless = try XCTUnwrap(ProcessGroups.find(["sleep 1000", home]), "the recorder's shell")
        session.waitFor("the limit's end", timeout: 5) { $0.contains("Nothing was heard") }
        XCTAssertFalse(ProcessGroups.runs(endless), "the recorder's group is gone")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
