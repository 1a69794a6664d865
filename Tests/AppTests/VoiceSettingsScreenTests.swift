import XCTest
import Core
import Terminal
import Providers
import TestSupport
@testable import App

/// The settings screen's Voice section (docs/settings.md, Voice): its fields, what a save
/// writes to `[voice]` and credentials.toml, and the test (F4 there) with the runtime:
/// a file transcribed by the loopback peer, a recording of 3 s at most.
final class VoiceSettingsScreenTests: XCTestCase {
    private static let peer = Result { try PeerServer.providers() }
    private var home = ""

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("aih-voice-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: home) }

    private func focus(_ state: inout AppState, _ field: SettingsScreen.Field) {
        let i = state[overlay: SettingsScreen.self]!.form.fields.firstIndex { $0.id == field.rawValue }!
        state[overlay: SettingsScreen.self]!.form.focus = i
    }

    private func type(_ state: inout AppState, _ field: SettingsScreen.Field, _ text: String) {
        focus(&state, field)
        _ = update(&state, .key(.ctrl("u")))
        if !text.isEmpty { _ = update(&state, .key(.text(text))) }
    }

    private func app(config: String) throws -> (AppTestHarness, AppPaths) {
        let paths = AppPaths(environment: ["AIHELPER_HOME": home, "HOME": home])
        try config.write(toFile: paths.config, atomically: true, encoding: .utf8)
        let switcher = ProviderSwitcher(config: AppConfig.load(path: paths.config).config, flags: ProviderFlags(),
                                        environment: ["PATH": "/usr/bin:/bin"], cacheFolder: home, paths: paths)
        return (try AppTestHarness(width: 80, height: 24, switcher: switcher), paths)
    }

    /// Handles what the mailbox and the recorder give until `done` (15 s at most).
    private func settle(_ h: AppTestHarness, until done: (AppState) -> Bool) {
        let deadline = Date().addingTimeInterval(15)
        while !done(h.app.state), Date() < deadline {
            var events: [Event] = []
            let fds = h.app.recorder.descriptors
            if !fds.isEmpty {
                var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                _ = poll(&polled, nfds_t(polled.count), 20)
                for (i, fd) in fds.enumerated() where polled[i].revents != 0 { events += h.app.recorder.read(fd).map(Event.voice) }
            } else {
                usleep(10_000)
            }
            events += h.app.recorder.checkDeadline(.now).map(Event.voice)
            h.app.handle(events + [.tick(Date())] + h.app.mailbox.drain())
        }
    }

    private func press(_ h: AppTestHarness, _ key: Key) {
        for effect in update(&h.app.state, .key(key), view: h.app.view) { h.app.perform(effect) }
    }

    func testTheVoiceSectionIsSavedToItsTableAndTheKeyToCredentials() throws {
        let (h, paths) = try app(config: "# mine\ntheme = \"dark\"\n\n[voice]\nlanguage = \"en\"  # keep\nmax_seconds = 60\n")
        h.app.perform(.openSettings)
        var state = h.app.state
        let screen = try XCTUnwrap(state[overlay: SettingsScreen.self])
        XCTAssertEqual(screen.text(.dictation), "into the input")
        type(&state, .voiceServer, "http://127.0.0.1:8000/v1")
        type(&state, .voiceModel, "tiny.en")
        type(&state, .voiceKey, "gsk-typed-voice-key-123456")
        XCTAssertFalse(screenText(state).contains("typed-voice"), "the key is never drawn")
        type(&state, .recordCommand, "arecord -q -f S16_LE -r 16000 -c 1 -t wav")
        focus(&state, .dictation)
        _ = update(&state, .key(.right))
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.dictation), "sent at once")
        let effects = update(&state, .key(.enter))
        guard case .saveSettings(let values, let previous)? = effects.first else { return XCTFail("\(effects)") }
        h.app.state = state
        h.app.perform(.saveSettings(values, previous: previous))
        XCTAssertEqual(try String(contentsOfFile: paths.config, encoding: .utf8), """
            # mine
            theme = "dark"

            [voice]
            language = "en"  # keep
            max_seconds = 60
            url = "http://127.0.0.1:8000/v1"
            model = "tiny.en"
            record_command = "arecord -q -f S16_LE -r 16000 -c 1 -t wav"
            send_at_once = true

            """)
        let credentials = Credentials.path(besideConfig: paths.config)
        XCTAssertEqual(Credentials.load(path: credentials).voice, "gsk-typed-voice-key-123456")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int, 0o600)
        XCTAssertTrue(h.app.state.voice.sendAtOnce, "applied at once")
        let endpoint = try XCTUnwrap(h.app.switcher?.config.voice).endpoint(providers: ProviderConfig(), environment: [:])
        XCTAssertEqual(endpoint.apiKey, "gsk-typed-voice-key-123456")
        XCTAssertEqual(endpoint.model, "tiny.en")
        // Emptied again: the keys leave the table.
        h.app.perform(.openSettings)
        state = h.app.state
        XCTAssertTrue(screenText(state).contains("gsk-…3456 (credentials.toml)") || state[overlay: SettingsScreen.self]?.storedVoiceKey == "gsk-…3456 (credentials.toml)")
        type(&state, .voiceServer, "")
        type(&state, .recordCommand, "")
        guard case .saveSettings(let v2, let p2)? = update(&state, .key(.enter)).first else { return XCTFail() }
        h.app.state = state
        h.app.perform(.saveSettings(v2, previous: p2))
        let text = try String(contentsOfFile: paths.config, encoding: .utf8)
        XCTAssertFalse(text.contains("url =") || text.contains("record_command"), text)
    }

    func testF4OnTheScreenTestsTheValuesTypedWithAFile() throws {
        let peer = try Self.peer.get()
        let (h, _) = try app(config: "[voice]\nprompt = \"Call mom at five\"\n")
        let wav = home + "/say.wav"
        try WAVAudio(sampleRate: 16_000, channels: 1,
                     samples: (0..<16_000).map { Int16(12_000 * sin(Double($0) / 4)) }).encoded().write(to: URL(fileURLWithPath: wav))
        h.app.perform(.openSettings)
        type(&h.app.state, .voiceServer, "not a url")
        press(h, .f(4))
        XCTAssertEqual(h.app.state.voice.phase, .idle, "a bad address is marked, nothing is tried")
        XCTAssertTrue(h.screen().contains("Write a full address"))
        type(&h.app.state, .voiceServer, peer.baseURL + "/v1")
        type(&h.app.state, .voiceTest, wav)
        press(h, .f(4))
        XCTAssertEqual(h.app.state.voice.phase, .transcribing)
        settle(h) { $0.voice.phase == .idle }
        let screen = try XCTUnwrap(h.app.state[overlay: SettingsScreen.self])
        XCTAssertEqual(screen.form.status, "Voice test heard: “Call mom at five”")
        XCTAssertFalse(screen.form.statusIsError)
        XCTAssertTrue(h.app.state.chat.input.isEmpty, "a test's transcript does not go into the input")
        XCTAssertNil(h.app.switcher?.config.voice.url, "nothing saved by a test")

        type(&h.app.state, .voiceTest, home + "/missing.wav")
        press(h, .f(4))
        settle(h) { $0.voice.phase == .idle }
        XCTAssertEqual(h.app.state[overlay: SettingsScreen.self]?.form.status, "Voice test: cannot read \(home)/missing.wav: no such file")
        XCTAssertEqual(h.app.state[overlay: SettingsScreen.self]?.form.statusIsError, true)

        // A FIFO (or /dev/tty) is never opened: opening it would block until a writer came.
        let fifo = home + "/audio.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        type(&h.app.state, .voiceTest, fifo)
        press(h, .f(4))
        settle(h) { $0.voice.phase == .idle }
        XCTAssertEqual(h.app.state[overlay: SettingsScreen.self]?.form.status,
                       "Voice test: cannot read \(fifo): not a regular file (a pipe or a device)")
    }

    /// The wizard's ready step: a voice server typed (optional), F4 tests it, Enter writes it.
    func testTheWizardsReadyStepTakesAVoiceServerAndTestsIt() throws {
        let (h, paths) = try app(config: "")
        try FileManager.default.removeItem(atPath: paths.config)
        var wizard = Onboarding(environmentKeys: [:])
        wizard.step = .ready
        h.app.state[overlay: Onboarding.self] = wizard
        XCTAssertTrue(h.screen().contains("F4 test voice"))
        press(h, .text("ftp://x"))
        press(h, .f(4))
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        XCTAssertTrue(h.screen().contains("Write a full address"), h.screen())
        for _ in 0..<7 { press(h, .backspace) }
        press(h, .text("http://127.0.0.1:9/v1"))
        let effects = update(&h.app.state, .key(.f(4)), view: h.app.view)
        var expected = VoiceSettings()
        expected.url = "http://127.0.0.1:9/v1"
        XCTAssertEqual(effects, [.voice(.test(expected, file: nil, attempt: 0))])
        XCTAssertTrue(h.app.state.voice.isRecording)
        _ = update(&h.app.state, .voice(.ended(.failed("The recorder (rec) failed: no device"))))
        XCTAssertEqual(h.app.state[overlay: Onboarding.self]?.voiceMessage, "The recorder (rec) failed: no device")
        XCTAssertTrue(h.screen().contains("no device"))
        press(h, .enter)
        XCTAssertNil(h.app.state[overlay: Onboarding.self])
        XCTAssertEqual(try String(contentsOfFile: paths.config, encoding: .utf8),
                       TUIApp.newConfigHeader + "provider = \"offline\"\n\n[voice]\nurl = \"http://127.0.0.1:9/v1\"\n")
    }

    func testF4OnTheScreenRecordsThreeSecondsAtMostAndEscStopsTheTest() throws {
        let peer = try Self.peer.get()
        let (h, _) = try app(config: "[voice]\nprompt = \"[fault:401]\"\n")
        h.app.perform(.openSettings)
        type(&h.app.state, .voiceServer, peer.baseURL + "/v1")
        type(&h.app.state, .recordCommand, "sleep 1000")
        press(h, .f(4))
        XCTAssertTrue(h.app.state.voice.isRecording)
        let recording = h.screen()
        XCTAssertTrue(recording.contains("recording 3 s"))
        XCTAssertFalse(recording.contains("F4 / Enter stop"), "the chat's keys are not the test's")
        let started = Date()
        settle(h) { !$0.voice.isBusy }
        XCTAssertLessThan(Date().timeIntervalSince(started), 4.5, "the test stops by itself at 3 s")
        XCTAssertEqual(h.app.state[overlay: SettingsScreen.self]?.form.status, "Nothing was heard: nothing was sent.")
        press(h, .f(4))
        XCTAssertTrue(h.app.state.voice.isRecording)
        press(h, .escape)
        XCTAssertEqual(h.app.state.voice.phase, .idle)
        XCTAssertNotNil(h.app.state[overlay: SettingsScreen.self], "Esc stops the test, not the screen")
        XCTAssertFalse(h.app.recorder.isRunning)
    }
}
