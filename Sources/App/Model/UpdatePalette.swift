import Foundation
import Terminal

// Enter in the command palette (CommandPalette.swift; its filter keys are the picker's):
// the chosen row runs through the path its key or command takes.

func runPaletteItem(_ state: inout AppState, _ id: String, _ view: ViewState) -> [Effect] {
    switch CommandPalette.Entry(id) {
    case .key(let name)?:
        guard let action = Keymap.action(named: name), let key = action.keys.first else { return [] }
        // A pane's key acts in its pane: the palette goes there first, as the user would.
        switch action.scope {
        case .chat: state.focus = .chat
        case .tasks: state.focus = .tasks
        case .todos: state.focus = .todos
        case .everywhere, .forms: break
        }
        return dispatchKey(&state, key, view)
    case .command(let name)?:
        state.focus = .chat
        return runPaletteCommand(&state, name)
    case .settings(let field)?:
        return [.openSettingsAt(field)]
    case .conversation(let id)?:
        guard !state.chat.isStreaming else {
            state.notice = Notice(text: tr.notices.stillStreaming, kind: .info, expires: nil)
            return []
        }
        state.focus = .chat
        return [.conversation(.open(id: id, messageId: nil, query: nil))]
    case nil:
        return []
    }
}

/// A slash command from the palette: one that needs its words goes into the input (before
/// what was there) for them; the others run as if typed and sent, and the input keeps what was
/// being typed (not in the history either).
private func runPaletteCommand(_ state: inout AppState, _ name: String) -> [Effect] {
    guard let command = SlashCommand.named(name) else { return [] }
    switch command.argument {
    case .text(required: true), .attach:
        state.chat.input.text = name + " " + state.chat.input.text
        state.chat.input.cursor = name.count + 1
        return followInput(&state)
    default:
        let draft = state.chat.input, editing = state.chat.editingMessageId
        state.chat.input = LineEditor(text: name)
        state.chat.editingMessageId = nil
        let effects = submitLine(&state)
        state.chat.input = draft
        state.chat.editingMessageId = editing
        return effects
    }
}
