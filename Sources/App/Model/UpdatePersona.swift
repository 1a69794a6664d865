import Foundation

/// `/persona [NAME]`: the persona of the open conversation (stored with it, or with the next
/// one when none is open yet); the settings hold the default. NAME is a preset the settings
/// offer (in English or as the settings show it), `custom` (the settings' custom text) or
/// `default` (the settings' persona). Alone: which one is in effect.
func runPersonaCommand(_ state: inout AppState, _ argument: String) -> [Effect] {
    _ = state.chat.input.commit()
    let words = tr.conversationModel
    let choices = (Persona.allCases.map(\.rawValue) + ["default"]).joined(separator: ", ")
    guard !argument.isEmpty else {
        let current = state.chat.persona.map { tr.settings.persona(Persona.of($0)) } ?? words.defaultWord
        state.notice = Notice(text: words.personaInEffect(current, choices), kind: .info, expires: nil)
        return []
    }
    guard !state.chat.isStreaming else {
        state.notice = Notice(text: tr.notices.cancelFirst, kind: .info, expires: nil)
        return []
    }
    let wanted = argument.lowercased()
    if wanted == "default" || wanted == words.defaultWord.lowercased() { return [.setPersona(nil)] }
    guard let persona = Persona.allCases.first(where: { $0.rawValue == wanted || tr.settings.persona($0).lowercased() == wanted }) else {
        state.notice = Notice(text: words.unknownPersona(argument, choices), kind: .error, expires: nil)
        return []
    }
    return [.setPersona(persona.rawValue)]
}
