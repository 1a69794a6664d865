import Foundation
import Core
import Providers

/// Push-to-talk on the runtime's side: the recorder started, stopped and cancelled
/// (`VoiceRecorder`, read by the loop's poll), the recording transcribed off the loop. The
/// state's side: UpdateVoice.swift.
extension TUIApp {
    func perform(voice effect: VoiceEffect) {
        switch effect {
        case .start: startRecorder()
        case .stop: recorder.stop()
        case .cancel:
            transcription?.cancel()
            transcription = nil
            for event in recorder.cancel() { handleNow(.voice(event)) }
        case .transcribe: transcribeKept()
        }
    }

    /// `[voice] record_command`, else the first recorder on PATH; none: which package to install here.
    private func startRecorder() {
        let environment = switcher?.environment ?? ProcessInfo.processInfo.environment
        guard let command = RecorderCommand.choose(configured: voiceRecordCommand, path: environment["PATH"]) else {
            let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)
            handleNow(.voice(.couldNotStart(tr.voice.noRecorder(RecorderCommand.packages(osRelease: release)))))
            return
        }
        recorder.maxSeconds = state.voice.maxSeconds
        if let why = recorder.start(command) { handleNow(.voice(.couldNotStart(why))) }
    }

    /// The recording kept, to the transcription server on a task; the answer comes back
    /// through the mailbox (`.transcribed`, `.transcriptionFailed`).
    private func transcribeKept() {
        guard let audio = recorder.kept else {
            handleNow(.voice(.couldNotStart(tr.voice.nothingToRetry)))
            return
        }
        let mailbox = self.mailbox
        let transcribe = self.transcribe
        transcription?.cancel()
        transcription = Task.detached {
            do {
                let text = try await transcribe(audio)
                mailbox.post(.voice(.transcribed(text)), urgent: true)
            } catch {
                guard !Task.isCancelled else { return }
                mailbox.post(.voice(.transcriptionFailed((error as? ProviderError)?.message ?? "\(error)")), urgent: true)
            }
        }
    }
}
