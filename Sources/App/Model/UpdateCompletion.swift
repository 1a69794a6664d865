import Foundation
import Terminal

// The slash-command popup's keys (CommandCompletion.swift). It is a view of the chat input,
// not an overlay: it takes only ↑ ↓ Tab Enter Esc while it shows; other keys go to the input.

/// nil: not the popup's key (it is not showing, or the key goes to the input as usual).
func handleCompletionKey(_ state: inout AppState, _ key: Key) -> [Effect]? {
    guard let popup = CompletionPopup.of(state) else { return nil }
    let text = state.chat.input.text
    switch key {
    case .up, .down:
        guard !popup.rows.isEmpty else { return nil }
        let count = popup.rows.count
        state.chat.completion.selected = (popup.selected + (key == .up ? count - 1 : 1)) % count
        state.chat.completion.seenText = text
        state.chat.completion.moved = true
        return []
    case .tab:
        // With nothing to complete Tab does nothing here (it would leave the pane under the popup).
        guard let row = popup.chosen else { return [] }
        state.chat.input.text = popup.completed(row)
        return followInput(&state)
    case .enter:
        guard let row = popup.chosen, !popup.openEnded || state.chat.completion.moved else { return nil }
        if popup.source == nil {
            // A command typed whole runs as it always has; one that needs no argument runs once completed.
            if row.text == popup.word { return nil }
            state.chat.input.text = popup.completed(row)
            if SlashCommand.named(row.text)?.argument == SlashCommand.Argument.none { return submit(&state) }
            return followInput(&state)
        }
        // An argument: an empty or complete one sends the command as typed.
        guard !popup.word.isEmpty, row.text != popup.word else { return nil }
        state.chat.input.text = popup.completed(row)
        return followInput(&state)
    case .escape:
        state.chat.completion.closedOver = text
        return []
    default:
        return nil
    }
}

/// After any change of the chat input: a new text starts the choice again, and a list the
/// popup needs and has not asked for is asked of the runtime. Text that is not a command any
/// more forgets the lists (the next `/` reads them fresh).
func followInput(_ state: inout AppState) -> [Effect] {
    let text = state.chat.input.text
    if state.chat.completion.seenText != text {
        state.chat.completion.seenText = text
        state.chat.completion.selected = 0
        state.chat.completion.moved = false
        if state.chat.completion.closedOver != text { state.chat.completion.closedOver = nil }
    }
    guard text.hasPrefix("/") else {
        if !state.chat.completion.asked.isEmpty { state.chat.completion = CompletionState(seenText: text) }
        return []
    }
    guard let source = CompletionPopup.of(state)?.source, !state.chat.completion.asked.contains(source) else { return [] }
    state.chat.completion.asked.insert(source)
    return [.listCompletions(source)]
}

/// The runtime's answer to `.listCompletions`, and the live model list when it comes.
func completionsListed(_ state: inout AppState, _ source: CompletionSource, _ items: [Picker.Item]) {
    guard state.chat.completion.asked.contains(source) else { return }
    state.chat.completion.lists[source] = items
}
