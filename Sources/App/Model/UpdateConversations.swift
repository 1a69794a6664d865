import Foundation
import Core
import Terminal

/// Ctrl-O (the list), Ctrl-\ or Alt-/ (search) and Ctrl-N (a new conversation), from any pane.
func handleConversationKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    switch key {
    case .ctrl("o"): return [.conversation(.openList)]
    case .ctrl("\\"), .alt("/"): return openSearch(&state)
    default: return startNewConversation(&state)
    }
}

/// `/history`, `/search [words]`, `/export [FILE]`; nil for other commands.
func runConversationCommand(_ state: inout AppState, name: String, argument: String) -> [Effect]? {
    switch name {
    case "/history", "/conversations":
        _ = state.chat.input.commit()
        return [.conversation(.openList)]
    case "/search":
        _ = state.chat.input.commit()
        return openSearch(&state, query: argument)
    case "/persona", "/personas":
        return runPersonaCommand(&state, argument)
    case "/export":
        _ = state.chat.input.commit()
        return [.conversation(.export(path: argument.isEmpty ? nil : argument))]
    default: return nil
    }
}

func startNewConversation(_ state: inout AppState) -> [Effect] {
    guard !state.chat.isStreaming else {
        state.notice = Notice(text: tr.notices.cancelFirst, kind: .info, expires: nil)
        return []
    }
    state[overlay: Picker.self] = nil
    state.focus = .chat
    return [.newConversation]
}

/// The keys of the conversation list and of search (both drawn by the picker overlay).
func handleConversationPickerKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var picker = state[overlay: Picker.self] else { return [] }
    if key == .ctrl("n") { return startNewConversation(&state) }
    if let prompt = picker.prompt { return handlePrompt(&state, &picker, prompt, key) }
    if key == .escape, !(picker.purpose == .conversations && picker.filtering) {
        state[overlay: Picker.self] = nil
        return picker.purpose == .search ? [.conversation(.stopSearch)] : []
    }
    if picker.moveSelection(key) {
        let effects = searchAhead(&picker)
        state[overlay: Picker.self] = picker
        return effects
    }
    // Letters that came in one read are the list's commands one by one, until `/` starts the filter.
    if case .text(let letters) = key, letters.count > 1, picker.purpose == .conversations, !picker.filtering {
        return letters.flatMap { handleConversationPickerKey(&state, .text(String($0))) }
    }
    if key == .enter { return openChosen(&state, picker) }
    let effects = picker.purpose == .search || picker.filtering ? editFilter(&picker, key) : listCommand(&state, &picker, key)
    if state[overlay: Picker.self] != nil { state[overlay: Picker.self] = picker }
    return effects
}

/// Typing into the search query (each change searches again) or the list's filter (`/`).
private func editFilter(_ picker: inout Picker, _ key: Key) -> [Effect] {
    switch key {
    case .escape:  // the list's filter: cleared, back to the keys
        picker.filter = ""
        picker.filtered = nil
        picker.filtering = false
        picker.selected = 0
        return []
    default:
        // readline's keys; a move alone does not search again.
        guard picker.query.handleOneLine(key) == .edited else { return [] }
    }
    if picker.purpose == .search { return searchAgain(&picker) }
    picker.selected = 0
    return picker.filter.isEmpty ? [] : [.conversation(.filterList(picker.filter, items: picker.items))]
}

/// r rename, a archive, d delete (asks), u undo the last delete, / filter.
private func listCommand(_ state: inout AppState, _ picker: inout Picker, _ key: Key) -> [Effect] {
    if key == .text("u") {
        guard let last = state.trashedConversations.popLast() else {
            picker.status = tr.conversations.nothingToRestore
            return []
        }
        picker.status = tr.conversations.restored(last.title)
        return [.conversation(.restore(id: last.id))]
    }
    if key == .text("/") {
        picker.filtering = true
        return []
    }
    guard let item = picker.selectedItem, let id = Int64(item.id) else { return [] }
    switch key {
    case .text("r"): picker.prompt = .rename(id: item.id, editor: LineEditor(text: item.label))
    case .text("a"):
        picker.status = item.dimmed ? tr.conversations.unarchived(item.label) : tr.conversations.archivedNow(item.label)
        return [.conversation(.archive(id: id, archived: !item.dimmed))]
    case .text("d"): picker.prompt = .confirmDelete(id: item.id, title: item.label)
    default: break
    }
    return []
}

private func handlePrompt(_ state: inout AppState, _ picker: inout Picker, _ prompt: Picker.Prompt, _ key: Key) -> [Effect] {
    var effects: [Effect] = []
    switch prompt {
    case .confirmDelete(let id, let title):
        switch key {
        case .text("y"), .text("Y"):
            picker.prompt = nil
            guard let conversationId = Int64(id) else { break }
            state.trashedConversations.append((conversationId, title))
            picker.status = tr.conversations.deleted(title)
            effects = [.conversation(.delete(id: conversationId))]
        case .text("n"), .text("N"), .escape: picker.prompt = nil
        default: break
        }
    case .rename(let id, var editor):
        switch key {
        case .escape: picker.prompt = nil
        case .enter:
            picker.prompt = nil
            let title = editor.text.trimmingCharacters(in: .whitespaces)
            guard let conversationId = Int64(id), !title.isEmpty else {
                picker.status = tr.conversations.emptyTitle
                break
            }
            effects = [.conversation(.rename(id: conversationId, title: title))]
        default:
            if editor.handleOneLine(key) != nil { picker.prompt = .rename(id: id, editor: editor) }
        }
    }
    state[overlay: Picker.self] = picker
    return effects
}

/// Enter: the chosen conversation, or the conversation of the chosen search result at its message.
private func openChosen(_ state: inout AppState, _ picker: Picker) -> [Effect] {
    guard let item = picker.selectedItem else { return [] }
    if state.chat.isStreaming {
        state.notice = Notice(text: tr.notices.stillStreaming, kind: .info, expires: nil)
        return []
    }
    state[overlay: Picker.self] = nil
    state.focus = .chat
    switch SearchItemID(item.id) {
    case .message(let conversation, let message)?:
        return [.conversation(.open(id: conversation, messageId: message, query: picker.filter))]
    case .note(let note)?: return [.conversation(.showNote(id: note))]
    case nil: return Int64(item.id).map { [.conversation(.open(id: $0, messageId: nil, query: nil))] } ?? []
    }
}

/// A search result's picker id: "m:CONVERSATION:MESSAGE" or "n:NOTE".
enum SearchItemID: Equatable {
    case message(conversation: Int64, message: Int64)
    case note(Int64)

    init?(_ id: String) {
        let parts = id.split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("m", 3): guard let c = Int64(parts[1]), let m = Int64(parts[2]) else { return nil }; self = .message(conversation: c, message: m)
        case ("n", 2): guard let n = Int64(parts[1]) else { return nil }; self = .note(n)
        default: return nil
        }
    }

    var text: String {
        switch self {
        case .message(let c, let m): return "m:\(c):\(m)"
        case .note(let n): return "n:\(n)"
        }
    }
}
