import Foundation
import Terminal
import Providers

// The first-run wizard's keys, and its key check's answer.

func handleOnboardingKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var w = state[overlay: Onboarding.self] else { return [] }
    defer { if state[overlay: Onboarding.self] != nil { state[overlay: Onboarding.self] = w } }
    if key == .escape, state.voice.test, state.voice.isBusy {
        state.voice.phase = .idle
        (w.voiceMessage, w.voiceMessageIsError) = (tr.voice.cancelled, false)
        return [.voice(.cancel)]
    }
    switch (w.step, key) {
    case (.welcome, .enter): w.step = .provider
    case (.welcome, .escape), (.welcome, .text("s")):
        state[overlay: Onboarding.self] = nil
        return [.finishOnboarding(OnboardingChoice())]
    case (.provider, .up): w.selected = max(0, w.selected - 1)
    case (.provider, .down): w.selected = min(w.options.count - 1, w.selected + 1)
    case (.provider, .escape): w.step = .welcome
    case (.provider, .enter):
        let option = w.chosen
        guard option.selectable else { return [] }
        if option.kind == .offline { w.step = .ready; return [] }
        if option.baseURL != nil {
            w.showModels(option.models, status: option.models.isEmpty ? tr.onboarding.serverHasNoModels : nil)
            return []
        }
        w.step = .key
        w.message = nil
        w.key = LineEditor(text: w.environmentKeys[option.kind]?.key ?? "")
        w.keyVariable = w.environmentKeys[option.kind]?.variable
    case (.key, .escape): w.step = .provider
    case (.key, .enter):
        let typed = w.key.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if w.checking { return [] }
        if typed.isEmpty {
            (w.message, w.messageIsError) = (tr.onboarding.pasteTheKey, true)
            return []
        }
        if w.unreachableKey == typed {
            w.showModels(ModelCatalog.models(for: w.chosen.kind).map(\.id), status: tr.onboarding.keptUnchecked)
            return []
        }
        w.checking = true
        (w.message, w.messageIsError) = (tr.onboarding.checkingKey(w.chosen.kind.displayName), false)
        return [.checkOnboardingKey(w.chosen.kind, typed)]
    case (.key, _):
        if w.key.handle(key) == .edited { w.message = nil; w.keyVariable = nil }
    case (.model, .up): w.modelSelected = max(0, w.modelSelected - 1)
    case (.model, .down): w.modelSelected = min(max(0, w.models.count - 1), w.modelSelected + 1)
    case (.model, .escape): w.step = w.chosen.baseURL == nil ? .key : .provider
    case (.model, .enter): w.step = .ready
    case (.ready, .escape): w.step = w.chosen.kind == .offline ? .provider : .model
    case (.ready, .enter):
        if let bad = badVoiceURL(w.voiceURL.text) {
            (w.voiceMessage, w.voiceMessageIsError) = (bad, true)
            return []
        }
        state[overlay: Onboarding.self] = nil
        return [.finishOnboarding(w.choice)]
    case (.ready, .f(4)):
        if let bad = badVoiceURL(w.voiceURL.text) {
            (w.voiceMessage, w.voiceMessageIsError) = (bad, true)
            return []
        }
        guard !state.voice.isBusy else { return [] }
        (w.voiceMessage, w.voiceMessageIsError) = (tr.settings.voiceTestRecording, false)
        var settings = VoiceSettings()
        settings.url = w.choice.voiceURL
        return startVoiceTest(&state, settings)
    case (.ready, _):
        if w.voiceURL.handle(key) == .edited { w.voiceMessage = nil }
    default: break
    }
    return []
}

/// The ready step's voice server: an http(s) address or nothing.
private func badVoiceURL(_ text: String) -> String? {
    let url = text.trimmingCharacters(in: .whitespaces)
    guard !url.isEmpty, !["http", "https"].contains(URL(string: url)?.scheme?.lowercased() ?? "") else { return nil }
    return tr.settings.badVoiceServer
}

/// The key check's answer: valid → the model step (and its live list); otherwise what to do.
func onboardingKeyChecked(_ state: inout AppState, text: String, ok: Bool, unreachable: Bool) -> [Effect] {
    guard var w = state[overlay: Onboarding.self], w.step == .key else { return [] }
    w.checking = false
    let typed = w.key.text.trimmingCharacters(in: .whitespacesAndNewlines)
    defer { state[overlay: Onboarding.self] = w }
    guard ok else {
        w.unreachableKey = unreachable ? typed : nil
        (w.message, w.messageIsError) = (text + (unreachable ? tr.onboarding.enterKeepsUnchecked : ""), true)
        return []
    }
    w.showModels(ModelCatalog.models(for: w.chosen.kind).map(\.id), status: text + tr.onboarding.loadingModels)
    return [.listOnboardingModels(w.chosen.kind, typed)]
}
