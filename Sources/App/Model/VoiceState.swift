import Foundation
import Agent

/// Push-to-talk (F4, `/voice`): where a recording is, what the status bar shows of it, and the
/// `[voice]` settings `update` needs. The audio itself is the runtime's (`VoiceRecorder`): a
/// recording kept after a failed transcription stays there for r.
struct VoiceState: Equatable {
    enum Phase: Equatable {
        case idle
        /// The recorder runs since `started` (`state.clock` when it began).
        case recording(started: Date)
        /// Stopped (F4, Enter, the limit): the recorder has its SIGINT and is read to its end.
        case stopping
        case transcribing
        /// The transcription failed (why); the recording is kept and r sends it again.
        case failed(String)
    }
    var phase = Phase.idle
    /// The transcription asked for last: its answers carry this number, so a late answer to
    /// one given up (Esc, then a new recording) is dropped, not taken for the new one.
    var attempt = 0
    /// The level of each ~100 ms of audio (0…1), newest last: the status bar's meter.
    var levels: [Double] = []
    /// `[voice] send_at_once`: the transcript is sent at once instead of put in the input.
    var sendAtOnce = false
    /// `[voice] max_seconds`: a recording stops by itself at this length.
    var maxSeconds = 120
    /// The settings screen's test (F4 there): 3 s at most, and what was heard goes to the
    /// screen's status line, not into the input.
    var test = false
    static let testSeconds = 3
    var limit: Int { test ? Self.testSeconds : maxSeconds }
    /// The input holds a transcript: the message sent from it is noted as dictated (its
    /// length and the server, for the turn's timeline).
    var inputDictation: Dictation?

    static let meterWidth = 8

    var isRecording: Bool {
        if case .recording = phase { return true }
        return false
    }

    /// Recording, stopping or transcribing: F4 does not start another.
    var isBusy: Bool {
        switch phase {
        case .recording, .stopping, .transcribing: return true
        case .idle, .failed: return false
        }
    }

    /// "▁▃▅▇": the last levels as bars, padded on the left while there are fewer.
    var meter: String {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let shown = levels.suffix(Self.meterWidth).map { bars[min(bars.count - 1, max(0, Int(($0 * Double(bars.count)).rounded(.down))))] }
        return String(repeating: " ", count: Self.meterWidth - shown.count) + String(shown)
    }

    mutating func addLevel(_ level: Double) {
        levels.append(level)
        if levels.count > Self.meterWidth { levels.removeFirst(levels.count - Self.meterWidth) }
    }

    /// "0:07": whole seconds since `started`.
    static func elapsed(since started: Date, at now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(started)))
        return "\(seconds / 60):" + String(format: "%02d", seconds % 60)
    }
}

/// What the recorder and the transcription tell `update` (`Event.voice`).
enum VoiceEvent: Sendable, Equatable {
    /// The recorder could not run (none found, could not start): the notice says why.
    case couldNotStart(String)
    /// The level (0…1) of the last ~100 ms of audio.
    case level(Double)
    /// The recorder ended after a stop, the limit or by itself.
    case ended(RecordingEnd)
    /// What the server heard (with what the timeline notes of it), or why it failed (the recording is kept).
    /// Each carries the `attempt` it answers.
    case transcribed(String, Dictation, attempt: Int)
    case transcriptionFailed(String, attempt: Int)
    /// The server failed and is asked again after `seconds` (`RetryPolicy`): why.
    case retrying(seconds: Double, reason: String, attempt: Int)
}

enum RecordingEnd: Sendable, Equatable {
    /// Audio to transcribe; `limit` when the maximum length stopped it.
    case audio(limit: Bool)
    case silent
    /// The recorder failed before any audio, or wrote no WAV: the notice's text.
    case failed(String)
    case cancelled
}
