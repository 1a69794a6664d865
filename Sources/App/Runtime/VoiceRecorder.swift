import Foundation
import Core
import Providers
#if canImport(Glibc)
import Glibc
#endif

/// The recording under way and the one kept (push-to-talk, F4): the recorder's process, its
/// stdout and stderr read by the loop's poll without ever blocking (`descriptors`, `read`),
/// its WAV parsed as it comes for the level meter. Stop is SIGINT to the group and the rest
/// read to EOF within `stopGrace` (then SIGKILL); cancel kills it and drops the audio. The
/// loop's thread alone uses it.
final class VoiceRecorder {
    /// After SIGINT, how long the recorder has to write its last audio and close stdout.
    static let stopGrace = Duration.seconds(2)
    /// After stdout's end, how long the shell has to exit before it is killed.
    static let exitGrace = Duration.milliseconds(200)
    /// How often the loop looks whether it exited meanwhile.
    static let exitPoll = Duration.milliseconds(5)
    /// What one `read` call takes at most, so a recorder faster than real time (`cat`) cannot
    /// hold the loop.
    static let readBudget = 1 << 20

    private var process: GroupProcess?
    private var command = ""
    private var wav = WAVStream()
    private var errorTail: [UInt8] = []
    private var stdoutOpen = false, stderrOpen = false
    private var stopping = false, cancelled = false, limited = false
    /// When the loop must call `checkDeadline` next: SIGKILL after the SIGINT's grace, or a
    /// look whether the shell exited after closing stdout (nil: nothing to wait for).
    private(set) var deadline: ContinuousClock.Instant?
    /// stdout closed: when the shell is killed if it has not exited.
    private var exitDeadline: ContinuousClock.Instant?
    /// The seconds of audio kept at most (`[voice] max_seconds`).
    var maxSeconds = 120
    /// The last recording with audio, until the next starts: r after a failed transcription.
    private(set) var kept: Data?
    /// Its length, for the timeline's note.
    private(set) var keptSeconds: Double?
    var isRunning: Bool { process != nil }
    /// The recorder's process group (its shell's pid), while it runs.
    var pid: pid_t? { process?.pid }

    /// The pipes to watch while a recording runs.
    var descriptors: [Int32] {
        guard let process else { return [] }
        return (stdoutOpen ? [process.stdout] : []) + (stderrOpen ? [process.stderr] : [])
    }

    /// Starts `command`; nil when it runs, else why not (for the notice).
    func start(_ command: String) -> String? {
        if process != nil { _ = finish(status: nil) }
        kept = nil
        wav = WAVStream()
        wav.maxSeconds = maxSeconds
        errorTail = []
        stopping = false; cancelled = false; limited = false
        deadline = nil
        exitDeadline = nil
        self.command = command
        switch GroupProcess.spawn(command, captureStderr: true) {
        case .failure(let failure):
            return tr.voice.couldNotStart(Self.shown(command), String(cString: strerror(failure.code)))
        case .success(let spawned):
            for fd in [spawned.stdout, spawned.stderr] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            process = spawned
            stdoutOpen = true; stderrOpen = true
            return nil
        }
    }

    /// F4 / Enter, or the limit: SIGINT to the group; the audio it still writes is read.
    func stop() {
        guard let process, !stopping else { return }
        stopping = true
        deadline = ContinuousClock.now + Self.stopGrace
        process.signal(SIGINT)
    }

    /// Esc: the recorder killed, its audio dropped; the end (`.cancelled`) is told at once.
    func cancel() -> [VoiceEvent] {
        guard process != nil else { kept = nil; return [] }
        cancelled = true
        return finish(status: nil)
    }

    /// `fd` is readable (or closed): what came, as levels, and the end when it ended.
    func read(_ fd: Int32) -> [VoiceEvent] {
        guard let process else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var taken = 0
        while taken < Self.readBudget {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n < 0 { break }  // EAGAIN: all there is for now
            if n == 0 {
                if fd == process.stdout {
                    stdoutOpen = false
                    exitDeadline = ContinuousClock.now + Self.exitGrace
                    return levels() + checkDeadline(ContinuousClock.now)
                }
                stderrOpen = false
                break
            }
            taken += n
            if fd == process.stderr {
                errorTail = Array((errorTail + buffer[0..<n]).suffix(4096))
            } else if !limited {
                wav.feed(buffer[0..<n])
                if wav.failure != nil { return finish(status: nil) }
                if wav.seconds >= Double(maxSeconds) {
                    limited = true
                    stop()
                }
            }
        }
        return levels()
    }

    /// The meter's levels of what came since the last read.
    private func levels() -> [VoiceEvent] { wav.levels(limit: VoiceState.meterWidth).map(VoiceEvent.level) }

    /// The loop's tick (and stdout's end): a recorder that closed stdout is reaped once its
    /// shell exits — the loop is woken every few ms for it, never held — and killed if it
    /// lingers past `exitGrace`; one past the stop's grace is killed. What came is the recording.
    func checkDeadline(_ now: ContinuousClock.Instant) -> [VoiceEvent] {
        guard let process else { return [] }
        if let exitDeadline {
            if let status = process.reap() { return finish(status: status) }
            if now >= exitDeadline { return finish(status: nil) }
            deadline = min(exitDeadline, now + Self.exitPoll)
            return []
        }
        guard let deadline, now >= deadline else { return [] }
        return finish(status: nil)
    }

    /// The recorder's end: `status` when it was reaped, nil to kill it; its pipes closed, and
    /// what the recording came to.
    private func finish(status: Int32?) -> [VoiceEvent] {
        guard let process else { return [] }
        let finalStatus = status ?? process.killGroup()
        if stderrOpen { drainStderr(process.stderr) }
        close(process.stdout)
        close(process.stderr)
        self.process = nil
        deadline = nil
        exitDeadline = nil
        stdoutOpen = false; stderrOpen = false
        return [.ended(outcome(status: finalStatus))]
    }

    private func outcome(status: Int32) -> RecordingEnd {
        if cancelled { return .cancelled }
        if wav.failure != nil { return .failed(tr.voice.notWAV) }
        wav.measureRest()
        guard let file = wav.file else {
            // Nothing recorded: the recorder failed (its last words say why), or heard nothing.
            let code = GroupProcess.exitCode(status)
            if code == 0, errorLine == nil { return .silent }
            if stopping, code == nil || code == 130, errorLine == nil { return .silent }
            let why = errorLine ?? (code.map(tr.voice.exitStatus) ?? tr.voice.killedBy(GroupProcess.signalNumber(status)))
            return .failed(tr.voice.recorderFailed(Self.shown(command), why))
        }
        if wav.isSilent { return .silent }
        kept = file
        keptSeconds = wav.seconds
        return .audio(limit: limited)
    }

    /// The recorder's last line on stderr, cleaned of control sequences and cut.
    var errorLine: String? {
        let text = Sanitizer.clean(String(decoding: errorTail, as: UTF8.self))
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 160 ? String(trimmed.prefix(159)) + "…" : trimmed
    }

    private func drainStderr(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            guard n > 0 else { return }
            errorTail = Array((errorTail + buffer[0..<n]).suffix(4096))
        }
    }

    /// The recorder as a notice names it: its program ("arecord"), cleaned and cut.
    static func shown(_ command: String) -> String {
        let word = Sanitizer.clean(command).split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        let program = (word as NSString).lastPathComponent
        return program.count > 30 ? String(program.prefix(29)) + "…" : program
    }
}
