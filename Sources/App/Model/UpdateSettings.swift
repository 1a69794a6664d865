import Foundation
import Terminal
import Providers
import Tools

// The settings screen's keys.

func handleSettingsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var screen = state[overlay: SettingsScreen.self] else { return [] }
    if screen.checking, key != .escape { return [] }
    // The voice test: F4 starts it; while it runs Esc stops it, not the screen.
    if key == .f(4) { return startVoiceTest(&state) }
    if key == .escape, state.voice.test, state.voice.isBusy {
        state.voice.phase = .idle
        screen.form.status = tr.voice.cancelled
        screen.form.statusIsError = false
        state[overlay: SettingsScreen.self] = screen
        return [.voice(.cancel)]
    }
    if key == .f(3) { return [.openMCPView] }
    let focused = SettingsScreen.Field(rawValue: screen.form.fields[screen.form.focus].id)
    // Ctrl-G, or Ctrl-X Ctrl-E (`update` makes it Ctrl-G): Ctrl-E moves to the line's end, as in every field.
    if key == .ctrl("g"), focused == .customPersona {
        return [.editPersonaInEditor(screen.text(.customPersona))]
    }
    let before = screen.provider
    switch screen.form.handle(key) {
    case .cancel:
        state[overlay: SettingsScreen.self] = nil
        return []
    case .submit:
        guard let values = screen.read() else { state[overlay: SettingsScreen.self] = screen; return [] }
        if values.apiKey != nil { screen.checking = true; screen.form.status = tr.settings.checkingKey(values.provider.displayName) }
        screen.form.statusIsError = false
        state[overlay: SettingsScreen.self] = screen
        return [.saveSettings(values, previous: screen.initial)]
    case .editing:
        if focused == .persona, screen.text(.persona) == tr.settings.persona(.custom), screen.text(.customPersona).isEmpty,
           let old = screen.initial.persona, Persona.of(old) == .custom {
            screen.setField(.customPersona) { $0.editor.text = old }
        }
        state[overlay: SettingsScreen.self] = screen
        guard screen.provider != before else { return [] }
        state[overlay: SettingsScreen.self]?.providerChanged()
        return [.listSettingsModels(screen.provider)]
    }
}
