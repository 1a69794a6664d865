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
        case .transcribe(let attempt):
            guard let audio = recorder.kept else {
                handleNow(.voice(.couldNotStart(tr.voice.nothingToRetry)))
                return
            }
            transcribe(.recording(audio, seconds: recorder.keptSeconds), attempt: attempt)
        case .test(let settings, let file, let attempt):
            voiceTestSettings = settings
            guard let file else { return startRecorder() }
            transcribe(.file(HomePath.expand(file)), attempt: attempt)
        }
    }

    /// What a transcription sends: the recording kept, or the voice test's file (read off the
    /// loop: it may be large, or a FIFO that would block).
    enum AudioSource: Sendable {
        case recording(Data, seconds: Double?)
        case file(String)
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

    /// The audio to `[voice]`'s server (or OpenAI) on a task; the answer comes back through
    /// the mailbox (`.transcribed`, `.transcriptionFailed`) with `attempt`. The endpoint is
    /// worked out there too: an `api_key_command` may take a while.
    private func transcribe(_ source: AudioSource, attempt: Int) {
        let mailbox = self.mailbox, settings = voiceSettings, words = tr.settings
        let providers = switcher?.config.providers ?? ProviderConfig()
        let environment = switcher?.environment ?? ProcessInfo.processInfo.environment
        let language = settings.language(for: tr.language)
        transcription?.cancel()
        transcription = Task.detached {
            let started = ContinuousClock.now
            let audio: Data, seconds: Double?, fileName: String
            switch source {
            case .recording(let data, let length): (audio, seconds, fileName) = (data, length, "recording.wav")
            case .file(let path):
                do throws(RegularFile.Failure) {
                    (audio, seconds, fileName) = (try RegularFile.read(path, maxBytes: AudioUpload.sizeLimit), nil,
                                                  (path as NSString).lastPathComponent)
                } catch {
                    let why = words.cannotReadTestFile(Sanitizer.clean(path), words.fileProblem(error))
                    mailbox.post(.voice(.transcriptionFailed(why, attempt: attempt)), urgent: true)
                    return
                }
            }
            do {
                let endpoint = try settings.endpoint(providers: providers, environment: environment)
                var transcriber = Transcriber(endpoint: endpoint)
                transcriber.onRetry = { seconds, reason in mailbox.post(.voice(.retrying(seconds: seconds, reason: reason, attempt: attempt)), urgent: true) }
                let transcript = try await transcriber.transcribe(
                    audio: audio, fileName: fileName, language: language, prompt: settings.prompt, segments: false)
                let took = ContinuousClock.now - started
                let dictation = Dictation(seconds: seconds, endpoint: endpoint.label,
                                          transcriptionSeconds: Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
                mailbox.post(.voice(.transcribed(transcript.text, dictation, attempt: attempt)), urgent: true)
            } catch let error as ProviderError where error == Transcriber.nothingHeard {
                mailbox.post(.voice(.transcribed("", Dictation(seconds: seconds, endpoint: ""), attempt: attempt)), urgent: true)
            } catch {
                guard !Task.isCancelled else { return }
                let text = (error as? ProviderError)?.description ?? Sanitizer.clean("\(error)")
                mailbox.post(.voice(.transcriptionFailed(text, attempt: attempt)), urgent: true)
            }
        }
    }
}
