import XCTest
import Core
import Terminal
import Agent
import Providers
import TestSupport
@testable import App

/// The recorder with real processes (`record_command`), driven as the loop drives it: its
/// pipes polled, `read` when readable, the stop's deadline checked; every wait bounded and
/// every process gone at the end (docs/voice.md, Recording).
final class VoiceRecorderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 16 kHz mono PCM16 sine of `seconds` at `amplitude` (0…1); `streamed`: the sizes a
    /// recorder writing to a pipe leaves (0xFFFFFFFF).
    private func sine(seconds: Double, amplitude: Double = 0.5, streamed: Bool = false) -> Data {
        let count = Int(seconds * 16_000)
        let samples = (0..<count).map { Int16(amplitude * 32767 * sin(2 * .pi * 440 * Double($0) / 16_000)) }
        var data = WAVAudio(sampleRate: 16_000, channels: 1, samples: samples).encoded()
        if streamed {
            data.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
            data.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0xFF])
        }
        return data
    }

    private func write(_ data: Data, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    private func harness(recordCommand: String, maxSeconds: Int = 120, environment: [String: String]? = nil) throws -> AppTestHarness {
        var config = AppConfig()
        config.voice.recordCommand = recordCommand
        config.voice.maxSeconds = maxSeconds
        let switcher = ProviderSwitcher(config: config, flags: ProviderFlags(),
                                        environment: environment ?? ["PATH": "/usr/bin:/bin"], cacheFolder: folder.path)
        return try AppTestHarness(width: 80, height: 24, switcher: switcher)
    }

    /// Runs the loop's part for the recorder until `done` (or `seconds` pass): poll its pipes,
    /// read what is there, check the stop's deadline, handle the events (and the mailbox's).
    private func pump(_ h: AppTestHarness, seconds: Double = 10, until done: (AppState) -> Bool) -> [VoiceEvent] {
        var seen: [VoiceEvent] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !done(h.app.state), Date() < deadline {
            let fds = h.app.recorder.descriptors
            var events: [VoiceEvent] = []
            if !fds.isEmpty {
                var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                _ = poll(&polled, nfds_t(polled.count), 20)
                for (i, fd) in fds.enumerated() where polled[i].revents != 0 { events += h.app.recorder.read(fd) }
            } else {
                usleep(10_000)
            }
            events += h.app.recorder.checkDeadline(.now)
            seen += events
            h.app.handle(events.map(Event.voice) + h.app.mailbox.drain())
        }
        return seen
    }

    private func alive(_ state: AppState) -> Bool { state.voice.isBusy }

    func testCatOfAWAVIsRecordedWithLevelsThenKeptWhenNoServerIsSet() throws {
        let path = try write(sine(seconds: 1.5), "say.wav")
        let h = try harness(recordCommand: "cat '\(path)'")
        try awaitPress(h, .f(4))
        XCTAssertTrue(h.app.recorder.isRunning)
        let events = pump(h) { if case .failed = $0.voice.phase { return true }; return false }
        let levels = events.compactMap { if case .level(let l) = $0 { return l }; return nil }
        XCTAssertEqual(levels.count, VoiceState.meterWidth, "the newest blocks of 100 ms: \(levels)")
        // A sine at half scale: RMS 0.354, −9 dBFS, 0.85 on the meter's −60…0 dB.
        for level in levels { XCTAssertEqual(level, 0.85, accuracy: 0.01) }
        XCTAssertTrue(events.contains(.ended(.audio(limit: false))), "\(events)")
        XCTAssertEqual(h.app.state.voice.phase, .failed("No transcription server is set. Set OPENAI_API_KEY to use OpenAI's Whisper, or [voice] url in config.toml for another server, such as a local faster-whisper server (docs/voice.md)."))
        let kept = try XCTUnwrap(h.app.recorder.kept)
        let audio = try WAVAudio(data: kept)
        XCTAssertEqual(audio.duration, 1.5, accuracy: 0.001, "the whole recording is kept for r")
        XCTAssertFalse(h.app.recorder.isRunning)
        // r sends the kept recording again (and fails the same way here).
        try awaitPress(h, .text("r"))
        XCTAssertEqual(h.app.state.voice.phase, .transcribing)
        _ = pump(h) { if case .failed = $0.voice.phase { return true }; return false }
        XCTAssertNotNil(h.app.recorder.kept)
    }

    func testARecorderThatFailsSaysItsLastErrorLine() throws {
        let h = try harness(recordCommand: #"sh -c 'echo "ALSA lib pcm.c: warming up" >&2; echo "arecord: main:831: audio open error: Device or resource busy" >&2; exit 1'"#)
        try awaitPress(h, .f(4))
        _ = pump(h) { !self.alive($0) }
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        let notice = try XCTUnwrap(h.app.state.notice)
        XCTAssertEqual(notice.kind, .error)
        XCTAssertTrue(notice.text.hasSuffix("failed: arecord: main:831: audio open error: Device or resource busy"), notice.text)
        let screen = h.screen()
        XCTAssertTrue(screen.contains("The recorder (sh) failed: arecord: main:831: audio open error"), screen)
    }

    func testAMissingCommandAndEscapeSequencesOnStderr() throws {
        let h = try harness(recordCommand: #"printf '\033]0;pwned\007\033[31mno device\n' >&2; exit 3"#)
        try awaitPress(h, .f(4))
        _ = pump(h) { !self.alive($0) }
        let text = try XCTUnwrap(h.app.state.notice?.text)
        XCTAssertTrue(text.hasSuffix("failed: no device"), text)
        XCTAssertFalse(text.contains("\u{1B}"))
        let h2 = try harness(recordCommand: "no-such-recorder-here --rate 16000")
        try awaitPress(h2, .f(4))
        _ = pump(h2) { !self.alive($0) }
        XCTAssertTrue(h2.app.state.notice?.text.contains("not found") == true, h2.app.state.notice?.text ?? "")
        let h3 = try harness(recordCommand: "exit 3")
        try awaitPress(h3, .f(4))
        _ = pump(h3) { !self.alive($0) }
        XCTAssertEqual(h3.app.state.notice?.text, "The recorder (exit) failed: exit status 3", "no words on stderr: its status")
        let h4 = try harness(recordCommand: "kill -TERM $$")
        try awaitPress(h4, .f(4))
        _ = pump(h4) { !self.alive($0) }
        XCTAssertEqual(h4.app.state.notice?.text, "The recorder (kill) failed: killed by signal 15")
    }

    func testStopEndsARecorderThatNeverEnds() throws {
        let h = try harness(recordCommand: "sleep 1000")
        try awaitPress(h, .f(4))
        let pid = try XCTUnwrap(h.app.recorder.pid)
        _ = pump(h, seconds: 0.3) { _ in false }
        XCTAssertTrue(h.app.state.voice.isRecording)
        let asked = Date()
        try awaitPress(h, .enter)
        _ = pump(h) { !self.alive($0) }
        XCTAssertLessThan(Date().timeIntervalSince(asked), 1.5, "SIGINT ends it at once")
        XCTAssertEqual(h.app.state.notice?.text, "Nothing was heard: nothing was sent.")
        XCTAssertFalse(ProcessGroups.runs(pid), "its group is gone")
    }

    func testARecorderThatIgnoresSIGINTIsKilledInBoundedTime() throws {
        let h = try harness(recordCommand: "trap '' INT; sleep 1000; sleep 1000")
        try awaitPress(h, .f(4))
        let pid = try XCTUnwrap(h.app.recorder.pid)
        _ = pump(h, seconds: 0.3) { _ in false }
        let asked = Date()
        try awaitPress(h, .f(4))
        _ = pump(h) { !self.alive($0) }
        let took = Date().timeIntervalSince(asked)
        XCTAssertGreaterThanOrEqual(took, 1.9, "given its grace")
        XCTAssertLessThan(took, 3.5, "then killed")
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        XCTAssertFalse(ProcessGroups.runs(pid), "its group is gone")
    }

    func testEscCancelsAndDropsTheAudio() throws {
        let path = try write(sine(seconds: 0.5), "say.wav")
        let h = try harness(recordCommand: "cat '\(path)'; sleep 1000")
        try awaitPress(h, .f(4))
        let pid = try XCTUnwrap(h.app.recorder.pid)
        _ = pump(h, seconds: 0.5) { $0.voice.levels.count >= 3 }
        try awaitPress(h, .escape)
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        XCTAssertEqual(h.app.state.notice?.text, "Recording cancelled.")
        XCTAssertNil(h.app.recorder.kept)
        XCTAssertFalse(h.app.recorder.isRunning)
        XCTAssertFalse(ProcessGroups.runs(pid), "its group is gone")
    }

    func testAStreamWithPipeSizesStopsAtTheLimit() throws {
        // A header with 0xFFFFFFFF sizes, then a sine without end, faster than real time.
        let header = try write(sine(seconds: 0, streamed: true), "head.wav")
        let second = try write(sine(seconds: 1).dropFirst(44), "second.raw")
        let h = try harness(recordCommand: "cat '\(header)'; while :; do cat '\(second)' || exit; done", maxSeconds: 2)
        try awaitPress(h, .f(4))
        let events = pump(h) { $0.voice.phase != .recording(started: h.app.state.clock) && !$0.voice.isRecording }
        XCTAssertTrue(events.contains(.ended(.audio(limit: true))), "\(events.suffix(3))")
        XCTAssertEqual(h.app.state.notice?.text, "Recording stopped at its 2 s limit (max_seconds in [voice]).")
        let audio = try WAVAudio(data: XCTUnwrap(h.app.recorder.kept))
        XCTAssertEqual(audio.duration, 2, accuracy: 0.07, "what came past the limit is not kept")
    }

    /// One read can bring more than the rest of the limit (a loaded machine lets the pipe
    /// fill): what lies past the limit in it is not kept.
    func testAReadCarryingMoreThanTheRestOfTheLimitKeepsOnlyTheLimit() throws {
        var stream = WAVStream()
        stream.maxSeconds = 2
        let streamed = sine(seconds: 3, streamed: true)
        stream.feed(streamed.prefix(1_000))
        stream.feed(streamed.dropFirst(1_000))
        XCTAssertEqual(stream.seconds, 2, accuracy: 0.001)
        stream.feed(sine(seconds: 1).dropFirst(44))
        let audio = try WAVAudio(data: XCTUnwrap(stream.file))
        XCTAssertEqual(audio.duration, 2, accuracy: 0.001, "what came past the limit is not kept")
    }

    func testARecorderThatStatesItsSizeAndWritesOnKeepsOnlyThatSize() throws {
        // A header saying 1 s, then 2 s more: what follows the stated size is not this
        // recording's, and is not kept (nor held in memory) until F4 stops it.
        let stated = try write(sine(seconds: 1), "stated.wav")
        let more = try write(sine(seconds: 2).dropFirst(44), "more.raw")
        let h = try harness(recordCommand: "cat '\(stated)' '\(more)'; sleep 1000", maxSeconds: 60)
        try awaitPress(h, .f(4))
        let until = Date().addingTimeInterval(1)
        _ = pump(h, seconds: 2) { _ in Date() > until }
        XCTAssertTrue(h.app.state.voice.isRecording, "F4 ends it, not the stated size")
        try awaitPress(h, .f(4))
        let events = pump(h) { !$0.voice.isRecording && $0.voice.phase != .stopping }
        XCTAssertTrue(events.contains(.ended(.audio(limit: false))), "\(events.suffix(3))")
        let audio = try WAVAudio(data: XCTUnwrap(h.app.recorder.kept))
        XCTAssertEqual(audio.duration, 1, accuracy: 0.001)
    }

    func testAPipesRecordingIsKeptWithItsSizesWritten() throws {
        // A recorder on a pipe writes 0xFFFFFFFF sizes; the kept file says what came.
        let path = try write(sine(seconds: 0.5, streamed: true), "piped.wav")
        let h = try harness(recordCommand: "cat '\(path)'")
        try awaitPress(h, .f(4))
        _ = pump(h) { if case .failed = $0.voice.phase { return true }; return false }
        let kept = try XCTUnwrap(h.app.recorder.kept)
        func le32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(kept[at + $1]) << (8 * $1) } }
        XCTAssertEqual(kept.count, 44 + 16_000)
        XCTAssertEqual(le32(4), kept.count - 8, "RIFF size")
        XCTAssertEqual(le32(40), 16_000, "data size")
    }

    func testSilenceIsNothingHeard() throws {
        let path = try write(sine(seconds: 1, amplitude: 0.001), "quiet.wav")
        let h = try harness(recordCommand: "cat '\(path)'")
        try awaitPress(h, .f(4))
        _ = pump(h) { !self.alive($0) }
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        XCTAssertEqual(h.app.state.notice?.text, "Nothing was heard: nothing was sent.")
        XCTAssertTrue(h.app.state.chat.input.isEmpty)
    }

    func testOutputThatIsNotWAVIsRefused() throws {
        let h = try harness(recordCommand: "echo 'this is not audio at all, just some text'; sleep 1000")
        try awaitPress(h, .f(4))
        _ = pump(h) { !self.alive($0) }
        XCTAssertEqual(h.app.state.notice?.text, "The recorder's output is not 16-bit PCM WAV: check [voice] record_command.")
        XCTAssertFalse(h.app.recorder.isRunning)
    }

    func testNoRecorderOnPathNamesThePackagesOfTheDistribution() throws {
        var config = AppConfig()
        config.voice.recordCommand = nil
        let switcher = ProviderSwitcher(config: config, flags: ProviderFlags(), environment: ["PATH": folder.path], cacheFolder: folder.path)
        let h = try AppTestHarness(width: 80, height: 24, switcher: switcher)
        try awaitPress(h, .f(4))
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        XCTAssertTrue(h.app.state.notice?.text.hasPrefix("No recorder found: install ") == true, h.app.state.notice?.text ?? "")
        XCTAssertEqual(tr.voice.noRecorder(RecorderCommand.packages(osRelease: "ID=fedora\nVERSION_ID=40")),
                       "No recorder found: install pipewire-utils (pw-record), alsa-utils (arecord) or sox, or set [voice] record_command (docs/voice.md).")
        XCTAssertEqual(RecorderCommand.packages(osRelease: "ID=\"linuxmint\"\nID_LIKE=\"ubuntu debian\""),
                       ["pipewire-bin (pw-record)", "pulseaudio-utils (parecord)", "alsa-utils (arecord)", "sox"])
        XCTAssertEqual(RecorderCommand.packages(osRelease: "ID=endeavouros\nID_LIKE=arch"), ["pipewire (pw-record)", "alsa-utils (arecord)", "sox"])
        XCTAssertEqual(RecorderCommand.packages(osRelease: nil), RecorderCommand.packages(osRelease: "ID=debian"))
        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        XCTAssertEqual(tr.voice.noRecorder(["pipewire (pw-record)", "alsa-utils (arecord)", "sox"]),
                       "找不到录音程序：请安装 pipewire (pw-record)、alsa-utils (arecord) 或 sox 之一，或设置 [voice] record_command（见 docs/voice.md）。")
        XCTAssertEqual(RecorderCommand.choose(configured: nil, path: folder.path), nil)
        let bin = folder.appendingPathComponent("arecord")
        FileManager.default.createFile(atPath: bin.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        XCTAssertEqual(RecorderCommand.choose(configured: nil, path: folder.path), "arecord -q -f S16_LE -r 16000 -c 1 -t wav")
        XCTAssertEqual(RecorderCommand.choose(configured: "  ", path: folder.path), "arecord -q -f S16_LE -r 16000 -c 1 -t wav")
    }

    private func awaitPress(_ h: AppTestHarness, _ key: Key) throws {
        for effect in update(&h.app.state, .key(key), view: h.app.view) { h.app.perform(effect) }
    }
}
