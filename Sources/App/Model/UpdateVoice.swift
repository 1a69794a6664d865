import Foundation
import Core
import Terminal
import Agent

/// Push-to-talk's keys, before the panes' (after an overlay's and an approval question's):
/// F4 starts a recording anywhere; while it runs F4 or Enter stops it and Esc cancels it;
/// Esc also gives up a transcription under way; r (the input empty) sends a recording kept
/// after a failed transcription again. nil: the key is not push-to-talk's.
func handleVoiceKey(_ state: inout AppState, _ key: Key) -> [Effect]? {
    switch state.voice.phase {
    case .recording:
        switch key {
        case .f(4), .enter:
            state.voice.phase = .stopping
            return [.voice(.stop)]
        case .escape:
            state.voice.phase = .stopping
            return [.voice(.cancel)]
        default: return nil
        }
    case .stopping:
        return key == .f(4) ? [] : nil
    case .transcribing:
        switch key {
        case .f(4): return []
        case .escape:
            state.voice.phase = .idle
            tell(&state, tr.voice.cancelled, error: false)
            return [.voice(.cancel)]
        default: return nil
        }
    case .failed where key == .text("r") && state.focus == .chat && state.chat.input.isEmpty && state.chat.selectedMessageId == nil:
        state.notice = nil
        return [.voice(.transcribe(attempt: beginTranscription(&state)))]
    case .idle, .failed:
        return key == .f(4) ? startRecording(&state) : nil
    }
}

/// F4 or `/voice`: a new recording (one kept after a failure is replaced); the transcript will
/// go into the chat's input, so the chat takes the keyboard.
func startRecording(_ state: inout AppState) -> [Effect] {
    guard !state.voice.isBusy else { return [] }
    state.voice.phase = .recording(started: state.clock)
    state.voice.levels = []
    state.voice.test = false
    state.focus = .chat
    if state.notice?.kind == .error { state.notice = nil }
    return [.voice(.start)]
}

/// The recorder's and the transcription's news (`Event.voice`); a late one for a recording
/// given up (Esc) finds another phase and is dropped.
func handleVoice(_ state: inout AppState, _ event: VoiceEvent) -> [Effect] {
    switch event {
    case .couldNotStart(let why):
        state.voice.phase = .idle
        tell(&state, why, error: true)
    case .level(let level):
        if state.voice.isRecording { state.voice.addLevel(level) }
    case .ended(let end):
        return recordingEnded(&state, end)
    case .transcribed(let text, let dictation, let attempt):
        guard isCurrent(state, attempt) else { return [] }
        state.voice.phase = .idle
        if state.voice.test { return testHeard(&state, text) }
        return takeTranscript(&state, text, dictation)
    case .retrying(let seconds, let reason, let attempt):
        guard isCurrent(state, attempt) else { return [] }
        let end = state.clock.addingTimeInterval(seconds)
        if state.voice.test { tell(&state, reason, error: false); return [] }
        state.notice = Notice(text: reason, kind: .info, expires: end, countdownTo: end)
    case .transcriptionFailed(let why, let attempt):
        guard isCurrent(state, attempt) else { return [] }
        // A test's recording is not kept for r: the screen says why, F4 tests again.
        state.voice.phase = state.voice.test ? .idle : .failed(why)
        tell(&state, state.voice.test ? tr.settings.voiceTestFailed(why) : tr.voice.transcriptionFailed(why), error: true)
    }
    return []
}

/// The tick: the maximum length stops a recording that the recorder did not end.
func checkRecordingLimit(_ state: inout AppState) -> [Effect] {
    guard case .recording(let started) = state.voice.phase,
          state.clock.timeIntervalSince(started) >= Double(state.voice.limit) else { return [] }
    state.voice.phase = .stopping
    if !state.voice.test {
        state.notice = Notice(text: tr.voice.reachedLimit(state.voice.maxSeconds), kind: .info, expires: state.clock.addingTimeInterval(10))
    }
    return [.voice(.stop)]
}

/// F4 on the settings screen: the Voice section as typed is tried: 3 s recorded (or the test
/// file read) and transcribed, what was heard or why not on the screen's status line.
func startVoiceTest(_ state: inout AppState) -> [Effect] {
    guard !state.voice.isBusy, var screen = state[overlay: SettingsScreen.self] else { return [] }
    guard let (settings, file) = screen.voiceTest(over: screen.savedVoice) else {
        state[overlay: SettingsScreen.self] = screen
        return []
    }
    screen.form.status = file == nil ? tr.settings.voiceTestRecording : tr.settings.voiceTestTranscribing
    screen.form.statusIsError = false
    state[overlay: SettingsScreen.self] = screen
    return startVoiceTest(&state, settings, file: file)
}

/// A voice test (the settings screen's, the wizard's) with `settings`: 3 s recorded, or `file` transcribed.
func startVoiceTest(_ state: inout AppState, _ settings: VoiceSettings, file: String? = nil) -> [Effect] {
    guard !state.voice.isBusy else { return [] }
    state.voice.test = true
    state.voice.levels = []
    if file == nil {
        state.voice.phase = .recording(started: state.clock)
        return [.voice(.test(settings, file: nil, attempt: state.voice.attempt))]
    }
    return [.voice(.test(settings, file: file, attempt: beginTranscription(&state)))]
}

/// A transcription begins: its number, which its answers must carry.
private func beginTranscription(_ state: inout AppState) -> Int {
    state.voice.phase = .transcribing
    state.voice.attempt += 1
    return state.voice.attempt
}

/// An answer to the transcription under way (not to one given up before it).
private func isCurrent(_ state: AppState, _ attempt: Int) -> Bool {
    state.voice.phase == .transcribing && state.voice.attempt == attempt
}

/// What push-to-talk has to say: on the settings screen's status line for its test, else the notice.
private func tell(_ state: inout AppState, _ text: String, error: Bool) {
    if state.voice.test, var screen = state[overlay: SettingsScreen.self] {
        screen.form.status = text
        screen.form.statusIsError = error
        state[overlay: SettingsScreen.self] = screen
        return
    }
    if state.voice.test, var wizard = state[overlay: Onboarding.self] {
        (wizard.voiceMessage, wizard.voiceMessageIsError) = (text, error)
        state[overlay: Onboarding.self] = wizard
        return
    }
    state.notice = Notice(text: text, kind: error ? .error : .info, expires: error ? nil : state.clock.addingTimeInterval(8))
}

private func testHeard(_ state: inout AppState, _ text: String) -> [Effect] {
    let words = Sanitizer.clean(text).split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    tell(&state, words.isEmpty ? tr.voice.nothingHeard : tr.settings.voiceTestHeard(words), error: words.isEmpty)
    return []
}

private func recordingEnded(_ state: inout AppState, _ end: RecordingEnd) -> [Effect] {
    guard state.voice.phase == .stopping || state.voice.isRecording else { return [] }
    state.voice.levels = []
    switch end {
    case .audio(let limit):
        let attempt = beginTranscription(&state)
        if state.voice.test {
            tell(&state, tr.settings.voiceTestTranscribing, error: false)
        } else if limit {
            state.notice = Notice(text: tr.voice.reachedLimit(state.voice.maxSeconds), kind: .info,
                                  expires: state.clock.addingTimeInterval(10))
        }
        return [.voice(.transcribe(attempt: attempt))]
    case .silent:
        state.voice.phase = .idle
        tell(&state, tr.voice.nothingHeard, error: state.voice.test)
    case .failed(let why):
        state.voice.phase = .idle
        tell(&state, why, error: true)
    case .cancelled:
        state.voice.phase = .idle
        tell(&state, tr.voice.cancelled, error: false)
    }
    return []
}

/// The transcript, cleaned like all text, at the input's cursor for review; sent at once with
/// `send_at_once` when the input was empty. Nothing heard: nothing sent.
private func takeTranscript(_ state: inout AppState, _ text: String, _ dictation: Dictation) -> [Effect] {
    let words = Sanitizer.clean(text).split(whereSeparator: \.isNewline).joined(separator: " ")
        .trimmingCharacters(in: .whitespaces)
    guard !words.isEmpty else {
        state.notice = Notice(text: tr.voice.nothingHeard, kind: .info, expires: state.clock.addingTimeInterval(8))
        return []
    }
    let sendNow = state.voice.sendAtOnce && state.chat.input.isEmpty
    let before = state.chat.input.textBeforeCursor
    let after = state.chat.input.textAfterCursor
    let lead = before.isEmpty || before.last!.isWhitespace ? "" : " "
    let trail = after.isEmpty || after.first!.isWhitespace ? "" : " "
    state.chat.input.insert(lead + words + trail)
    state.voice.inputDictation = dictation
    state.focus = .chat
    state.chat.selectedMessageId = nil
    if state.notice?.kind == .error { state.notice = nil }
    return sendNow ? submit(&state) : []
}
