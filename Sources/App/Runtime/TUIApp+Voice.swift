import Foundation
import Core
import Agent
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
        case .test(let settings, let file):
            voiceTestSettings = settings
            guard let file else { return startRecorder() }
            let path = (file as NSString).expandingTildeInPath
            do {
                recorder.keep(try Data(contentsOf: URL(fileURLWithPath: path)), seconds: nil, name: (path as NSString).lastPathComponent)
                transcribeKept()
            } catch {
                handleNow(.voice(.transcriptionFailed(tr.settings.cannotReadTestFile(Sanitizer.clean(path), error.localizedDescription))))
            }
        }
    }

    /// `[voice] record_command`, else the first recorder on PATH; none: which package to install here.
    private func startRecorder() {
        let environment = switcher?.environment ?? ProcessInfo.processInfo.environment
        guard let command = RecorderCommand.choose(configured: voiceSettings.recordCommand, path: environment["PATH"]) else {
            let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)
            handleNow(.voice(.couldNotStart(tr.voice.noRecorder(RecorderCommand.packages(osRelease: release)))))
            return
        }
        recorder.maxSeconds = state.voice.limit
        if let why = recorder.start(command) { handleNow(.voice(.couldNotStart(why))) }
    }

    /// The recording kept, to `[voice]`'s server (or OpenAI) on a task; the answer comes back
    /// through the mailbox (`.transcribed`, `.transcriptionFailed`). The endpoint is worked out
    /// there too: an `api_key_command` may take a while.
    private func transcribeKept() {
        guard let audio = recorder.kept else {
            handleNow(.voice(.couldNotStart(tr.voice.nothingToRetry)))
            return
        }
        let mailbox = self.mailbox, settings = voiceSettings, seconds = recorder.keptSeconds, fileName = recorder.keptName
        let providers = switcher?.config.providers ?? ProviderConfig()
        let environment = switcher?.environment ?? ProcessInfo.processInfo.environment
        let language = settings.language(for: tr.language)
        transcription?.cancel()
        transcription = Task.detached {
            let started = ContinuousClock.now
            do {
                let endpoint = try settings.endpoint(providers: providers, environment: environment)
                var transcriber = Transcriber(endpoint: endpoint)
                transcriber.onRetry = { seconds, reason in mailbox.post(.voice(.retrying(seconds: seconds, reason: reason)), urgent: true) }
                let transcript = try await transcriber.transcribe(
                    audio: audio, fileName: fileName, language: language, prompt: settings.prompt, segments: false)
                let took = ContinuousClock.now - started
                let dictation = Dictation(seconds: seconds, endpoint: endpoint.label,
                                          transcriptionSeconds: Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
                mailbox.post(.voice(.transcribed(transcript.text, dictation)), urgent: true)
            } catch let error as ProviderError where error == Transcriber.nothingHeard {
                mailbox.post(.voice(.transcribed("", Dictation(seconds: seconds, endpoint: ""))), urgent: true)
            } catch {
                guard !Task.isCancelled else { return }
                let text = (error as? ProviderError)?.description ?? Sanitizer.clean("\(error)")
                mailbox.post(.voice(.transcriptionFailed(text)), urgent: true)
            }
        }
    }
}
