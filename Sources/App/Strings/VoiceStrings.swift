import Foundation

/// Push-to-talk (F4, `/voice`): the status bar while recording and transcribing, and what the
/// recorder or the transcription said (docs/voice.md, In the TUI).
struct VoiceStrings: Sendable {
    /// "● REC 0:07": the elapsed time follows, then the level meter.
    var recording: String
    var stopHint: String
    var transcribing: String
    var nothingHeard: String
    var cancelled: String
    /// The maximum length (`max_seconds`) stopped the recording.
    var reachedLimit: @Sendable (Int) -> String
    /// The recorder ended with an error before any audio; its last stderr line (cleaned) or its status.
    var recorderFailed: @Sendable (_ command: String, _ why: String) -> String
    var exitStatus: @Sendable (Int32) -> String, killedBy: @Sendable (Int32) -> String
    var couldNotStart: @Sendable (_ command: String, _ error: String) -> String
    /// No recorder on PATH: the packages to install on this distribution (any one of them).
    var noRecorder: @Sendable (_ packages: [String]) -> String
    var notWAV: String
    /// The transcription failed: the recording is kept, r sends it again (said first: the
    /// server's error may be long and cut).
    var transcriptionFailed: @Sendable (String) -> String
    var nothingToRetry: String

    static let english = VoiceStrings(
        recording: "● REC", stopHint: "F4 / Enter stop · Esc cancel", transcribing: "⟳ transcribing…",
        nothingHeard: "Nothing was heard: nothing was sent.", cancelled: "Recording cancelled.",
        reachedLimit: { "Recording stopped at its \($0) s limit (max_seconds in [voice])." },
        recorderFailed: { "The recorder (\($0)) failed: \($1)" }, exitStatus: { "exit status \($0)" }, killedBy: { "killed by signal \($0)" },
        couldNotStart: { "The recorder (\($0)) could not be started: \($1)" },
        noRecorder: { "No recorder found: install \($0.dropLast().joined(separator: ", ")) or \($0.last ?? ""), or set [voice] record_command (docs/voice.md)." },
        notWAV: "The recorder's output is not 16-bit PCM WAV: check [voice] record_command.",
        transcriptionFailed: { "Transcription failed (the recording is kept: r sends it again, F4 records anew): \($0)" },
        nothingToRetry: "No recording kept to transcribe again.")

    static let chinese = VoiceStrings(
        recording: "● 录音", stopHint: "F4 / Enter 停止 · Esc 取消", transcribing: "⟳ 正在转写…",
        nothingHeard: "没有听到声音：未发送任何内容。", cancelled: "已取消录音。",
        reachedLimit: { "录音已达 \($0) 秒上限，自动停止（[voice] 的 max_seconds）。" },
        recorderFailed: { "录音程序（\($0)）出错：\($1)" }, exitStatus: { "退出状态 \($0)" }, killedBy: { "被信号 \($0) 终止" },
        couldNotStart: { "无法启动录音程序（\($0)）：\($1)" },
        noRecorder: { "找不到录音程序：请安装 \($0.dropLast().joined(separator: "、")) 或 \($0.last ?? "") 之一，或设置 [voice] record_command（见 docs/voice.md）。" },
        notWAV: "录音程序输出的不是 16 位 PCM WAV：请检查 [voice] record_command。",
        transcriptionFailed: { "转写失败（录音已保留：按 r 重新发送，按 F4 重新录音）：\($0)" },
        nothingToRetry: "没有保留的录音可以重新转写。")
}
