import Foundation
import Terminal

// Keys of a list to choose from (providers, models, themes, conversations, code blocks, the palette).

func handlePickerKey(_ state: inout AppState, _ key: Key, _ view: ViewState = ViewState()) -> [Effect] {
    guard var picker = state[overlay: Picker.self] else { return [] }
    if picker.purpose == .conversations || picker.purpose == .search { return handleConversationPickerKey(&state, key) }
    if case .codeBlocks(let id, let open) = picker.purpose,
       let effects = CodeBlockActions.pickerKey(&state, key, messageId: id, open: open) { return effects }
    switch key {
    case .escape:
        state[overlay: Picker.self] = nil
        return []
    case _ where picker.moveSelection(key): break
    case .enter:
        guard picker.visible.indices.contains(picker.selected) else { return [] }
        let id = picker.visible[picker.selected].id
        state[overlay: Picker.self] = nil
        switch picker.purpose {
        case .palette: return runPaletteItem(&state, id, view)
        case .provider: return [.switchProvider(provider: id, model: nil)]
        case .model: return [.switchProvider(provider: nil, model: id)]
        case .theme: return [.switchTheme(id)]
        case .conversations, .search, .codeBlocks: return []  // handled above
        }
    default:
        // Typing filters, with readline's keys.
        guard let action = picker.query.handleOneLine(key) else { return [] }
        if action == .edited { picker.selected = 0 }
    }
    state[overlay: Picker.self] = picker
    return []
}
