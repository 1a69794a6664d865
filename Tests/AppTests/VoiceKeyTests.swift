import XCTest
import Core
import Terminal
import Agent
import TestSupport
@testable import App

/// Push-to-talk through `update`, key by key: F4 starts, F4 or Enter stops, Esc cancels, the
/// limit stops by itself, the transcript goes into the input (or is sent with send_at_once),
/// silence sends nothing, a failed transcription keeps the recording for r; and the status
/// bar at 80×24 (docs/voice.md, In the TUI).
final class VoiceKeyTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let dictation = Dictation(seconds: 3.2, endpoint: "http://127.0.0.1:8765/v1", transcriptionSeconds: 1.4)

    private func makeState(width: Int = 80, height: Int = 24) -> AppState {
        AppState(size: Size(width: width, height: height), today: CivilDate(year: 2027, month: 1, day: 15),
                 providerName: "Offline", modelName: "offline-assistant", clock: start)
    }

    private func statusLine(_ state: AppState) -> String {
        let lines = screenText(state).split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[state.size.height - 1])
    }

    func testF4StartsFromAnyPaneAndF4OrEnterStops() {
        for stopKey in [Key.f(4), .enter] {
            var state = makeState()
            state.focus = .todos
            XCTAssertEqual(update(&state, .key(.f(4))), [.voice(.start)])
            XCTAssertEqual(state.voice.phase, .recording(started: start))
            XCTAssertEqual(state.focus, .chat, "the transcript goes into the chat's input")
            XCTAssertEqual(update(&state, .key(stopKey)), [.voice(.stop)], "\(stopKey) stops")
            XCTAssertEqual(state.voice.phase, .stopping)
            XCTAssertEqual(update(&state, .key(.f(4))), [], "no second recording while the first ends")
            _ = update(&state, .voice(.ended(.audio(limit: false))))
            XCTAssertEqual(state.voice.phase, .transcribing)
        }
    }

    func testTheVoiceKeyCanBeRemappedAndF3IsTheTimeline() {
        var problems: [String] = []
        var state = makeState()
        state.keyBindings = KeyBindings(["voice": "f5"], problems: &problems)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(update(&state, .key(.f(5))), [.voice(.start)], "[keys] voice = \"f5\"")
        _ = KeyBindings(["timeline": "f4"], problems: &problems)
        XCTAssertEqual(problems, ["F4 for 'timeline' clashes with 'voice'; keeping the default"])
        var chat = makeState()
        XCTAssertEqual(update(&chat, .key(.f(3))), [])
        XCTAssertEqual(chat.notice?.text, tr.notices.noTimeline, "F3 is the timeline (none yet)")
    }

    func testVoiceCommandStartsAndEscCancels() {
        var state = makeState()
        _ = update(&state, .key(.text("/voice")))
        XCTAssertEqual(update(&state, .key(.enter)).first, .voice(.start))
        XCTAssertTrue(state.chat.input.isEmpty)
        XCTAssertEqual(update(&state, .key(.escape)), [.voice(.cancel)])
        _ = update(&state, .voice(.ended(.cancelled)))
        XCTAssertEqual(state.voice.phase, .idle)
        XCTAssertEqual(state.notice?.text, "Recording cancelled.")
        // A late transcript of a recording given up is dropped.
        _ = update(&state, .voice(.transcribed("too late", dictation, attempt: state.voice.attempt)))
        XCTAssertTrue(state.chat.input.isEmpty)
    }

    func testALateAnswerToATranscriptionGivenUpIsNotTakenForTheNextRecording() {
        var state = makeState()
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        XCTAssertEqual(update(&state, .voice(.ended(.audio(limit: false)))), [.voice(.transcribe(attempt: 1))])
        XCTAssertEqual(update(&state, .key(.escape)), [.voice(.cancel)], "Esc gives the transcription up")
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        XCTAssertEqual(update(&state, .voice(.ended(.audio(limit: false)))), [.voice(.transcribe(attempt: 2))])
        _ = update(&state, .voice(.transcribed("the first recording", dictation, attempt: 1)))
        _ = update(&state, .voice(.transcriptionFailed("HTTP 500 for the first", attempt: 1)))
        XCTAssertEqual(state.voice.phase, .transcribing, "the first one's answers are dropped")
        XCTAssertTrue(state.chat.input.isEmpty)
        _ = update(&state, .voice(.transcribed("the second recording", dictation, attempt: 2)))
        XCTAssertEqual(state.chat.input.text, "the second recording")
    }

    func testTheStatusBarShowsRecTheTimeAndTheMeterThenTranscribing() {
        var state = makeState()
        _ = update(&state, .key(.f(4)))
        for level in [0.1, 0.4, 0.7, 0.95] { _ = update(&state, .voice(.level(level))) }
        _ = update(&state, .tick(start.addingTimeInterval(7.4)))
        let recording = statusLine(state)
        XCTAssertTrue(recording.hasSuffix("● REC 0:07     ▁▄▆█"), "80 columns: no room for the keys\n" + recording)
        XCTAssertFalse(screenText(state).contains("Esc cancel"), "nor for the line above the input")
        var wide = state
        wide.size = Size(width: 120, height: 40)
        XCTAssertTrue(statusLine(wide).contains("● REC 0:07     ▁▄▆█  F4 / Enter stop · Esc cancel"), statusLine(wide))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        XCTAssertTrue(statusLine(state).contains("⟳ transcribing…"), statusLine(state))
    }

    func testTheTranscriptGoesIntoTheInputAtTheCursorCleaned() {
        var state = makeState()
        _ = update(&state, .key(.text("Hey")))
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        XCTAssertEqual(update(&state, .voice(.transcribed(" remind me\u{1B}[31m to call\nmom ", dictation, attempt: state.voice.attempt))), [])
        XCTAssertEqual(state.chat.input.text, "Hey remind me to call mom", "after a space, escape sequences and line breaks out")
        XCTAssertEqual(state.voice.phase, .idle)
        let effects = update(&state, .key(.enter))
        XCTAssertEqual(effects.first, .send("Hey remind me to call mom", dictation: dictation), "the message is noted as dictated")
        _ = update(&state, .key(.text("typed")))
        XCTAssertEqual(update(&state, .key(.enter)).first, .send("typed", dictation: nil))
    }

    func testADictatedMessageWithPicturesKeepsItsDictation() throws {
        var state = makeState()
        state.chat.images = [try ImageAttachment(name: "photo.png", data: TestImages.png(), maxBytes: 1 << 20)]
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        _ = update(&state, .voice(.transcribed("what is this", dictation, attempt: state.voice.attempt)))
        XCTAssertEqual(update(&state, .key(.enter)).first, .images(.send("what is this", state.chat.images, dictation: dictation)))
    }

    func testATranscriptErasedIsNoLongerDictated() {
        var state = makeState()
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        _ = update(&state, .voice(.transcribed("call mom", dictation, attempt: state.voice.attempt)))
        _ = update(&state, .key(.ctrl("u")))
        _ = update(&state, .key(.text("typed instead")))
        XCTAssertEqual(update(&state, .key(.enter)).first, .send("typed instead", dictation: nil))
    }

    func testSendAtOnceSendsTheTranscript() {
        var state = makeState()
        state.voice.sendAtOnce = true
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        let effects = update(&state, .voice(.transcribed("Remind me to call mom tomorrow at 5 p.m.", dictation, attempt: state.voice.attempt)))
        XCTAssertEqual(effects.first, .send("Remind me to call mom tomorrow at 5 p.m.", dictation: dictation))
        XCTAssertTrue(state.chat.input.isEmpty)
    }

    func testSilenceOrAnEmptyTranscriptSendsNothing() {
        var state = makeState()
        state.voice.sendAtOnce = true
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        XCTAssertEqual(update(&state, .voice(.ended(.silent))), [])
        XCTAssertEqual(state.notice?.text, "Nothing was heard: nothing was sent.")
        XCTAssertEqual(state.voice.phase, .idle)
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        XCTAssertEqual(update(&state, .voice(.transcribed("  \n ", dictation, attempt: state.voice.attempt))), [])
        XCTAssertEqual(state.notice?.text, "Nothing was heard: nothing was sent.")
        XCTAssertTrue(state.chat.input.isEmpty)
    }

    func testAFailedTranscriptionKeepsTheRecordingAndRRetriesIt() {
        var state = makeState()
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        _ = update(&state, .voice(.transcriptionFailed("The connection to OpenAI was lost.", attempt: state.voice.attempt)))
        XCTAssertEqual(state.voice.phase, .failed("The connection to OpenAI was lost."))
        XCTAssertTrue(statusLine(state).contains("Transcription failed (the recording is kep"), statusLine(state))
        XCTAssertTrue(screenText(state).contains("│ ✗ Transcription failed (the recording is kept: r sends it again, F4 records  │\n│ anew): The connection to OpenAI was lost. "),
                      "the chat pane shows it whole: " + screenText(state))
        XCTAssertTrue(state.notice?.text.contains("r sends it again") == true)
        _ = update(&state, .key(.text("x")))
        XCTAssertEqual(update(&state, .key(.text("r"))), [], "r in a word being typed is a letter")
        _ = update(&state, .key(.ctrl("u")))
        XCTAssertEqual(update(&state, .key(.text("r"))), [.voice(.transcribe(attempt: 2))], "r with the input empty: transcribed again")
        XCTAssertEqual(state.voice.phase, .transcribing)
        _ = update(&state, .voice(.transcribed("call mom", dictation, attempt: state.voice.attempt)))
        XCTAssertEqual(state.chat.input.text, "call mom")
    }

    func testARetryOfTheServerShowsItsCountdownThenTranscribingAgain() {
        var state = makeState(width: 120, height: 40)
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        _ = update(&state, .voice(.retrying(seconds: 2, reason: "The server is busy (HTTP 503). Retry 1 of 3.", attempt: state.voice.attempt)))
        XCTAssertTrue(statusLine(state).contains("HTTP 503"), statusLine(state))
        _ = update(&state, .tick(start.addingTimeInterval(2.5)))
        XCTAssertTrue(statusLine(state).contains("⟳ transcribing…"), statusLine(state))
    }

    func testANewRecordingReplacesAKeptOne() {
        var state = makeState()
        state.voice.phase = .failed("HTTP 500")
        XCTAssertEqual(update(&state, .key(.f(4))), [.voice(.start)])
        XCTAssertTrue(state.voice.isRecording)
    }

    func testTheLimitStopsARecordingAtMaxSeconds() {
        var state = makeState()
        state.voice.maxSeconds = 5
        _ = update(&state, .key(.f(4)))
        XCTAssertEqual(update(&state, .tick(start.addingTimeInterval(4.9))), [])
        XCTAssertEqual(update(&state, .tick(start.addingTimeInterval(5))), [.voice(.stop)])
        XCTAssertEqual(state.voice.phase, .stopping)
        XCTAssertEqual(state.notice?.text, "Recording stopped at its 5 s limit (max_seconds in [voice]).")
    }

    func testARecorderThatFailsSaysWhyAndEscWhileTranscribingGivesUp() {
        var state = makeState()
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .voice(.ended(.failed("The recorder (arecord) failed: device busy"))))
        XCTAssertEqual(state.voice.phase, .idle)
        XCTAssertEqual(state.notice?.kind, .error)
        XCTAssertTrue(statusLine(state).contains("device busy"), statusLine(state))
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .key(.enter))
        _ = update(&state, .voice(.ended(.audio(limit: false))))
        XCTAssertEqual(update(&state, .key(.escape)), [.voice(.cancel)])
        XCTAssertEqual(state.voice.phase, .idle)
    }

    func testChineseStatusBar() {
        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        var state = makeState()
        _ = update(&state, .key(.f(4)))
        _ = update(&state, .tick(start.addingTimeInterval(3)))
        XCTAssertTrue(statusLine(state).contains("● 录音 0:03"), statusLine(state))
    }
}
