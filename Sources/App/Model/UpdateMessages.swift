import Foundation
import Core
import Terminal

/// The message-selection mode: Esc leaves the input and selects the newest message; the
/// selection is `ChatState.selectedMessageId`, the same one Alt-Up / Alt-Down set, so Enter
/// (steps) and t (timeline) work on it too. Letters act on the selected message; Esc or i
/// go back to typing, and any other text goes back to typing with that text.
func handleSelectionKey(_ state: inout AppState, _ key: Key) -> [Effect]? {
    guard let id = state.chat.selectedMessageId, let index = state.chat.index(of: id) else { return nil }
    let message = state.chat.messages[index]
    switch key {
    case .text("j"), .down: moveSelection(&state, by: 1)
    case .text("k"), .up: moveSelection(&state, by: -1)
    case .text("g"): state.chat.selectedMessageId = state.chat.messages.first?.id
    case .text("G"): state.chat.selectedMessageId = state.chat.messages.last?.id
    case .escape, .text("i"): state.chat.selectedMessageId = nil
    case .enter: if state.chat.expanded.remove(id) == nil { state.chat.expanded.insert(id) }
    case .text("t"): openTimeline(&state)
    case .text("y"): return [.copyText(Sanitizer.clean(message.content))]
    case .text("p"): return [.openInPager(Sanitizer.clean(message.content))]
    case .text("c"): return CodeBlockActions.start(.copy, on: message, &state)
    case .text("o"): return CodeBlockActions.start(.open, on: message, &state)
    case .text("r"): return regenerate(&state, answerAt: index)
    case .text("e"): startEditing(&state, message)
    case .text("d"): askToDelete(&state, message)
    case .text("<"), .text(">"): return switchBranch(&state, message, older: key == .text("<"))
    case .text("a"): offerActionItems(&state, message)
    case .text, .paste:
        // Anything else typed goes to the input, as if the user had never left it.
        state.chat.selectedMessageId = nil
        return nil
    default: return nil
    }
    return []
}

/// Esc with nothing streaming and nothing selected: leave the input, select the newest message.
func enterSelection(_ state: inout AppState) {
    guard let last = state.chat.messages.last?.id else {
        state.notice = Notice(text: tr.messages.noneToSelect, kind: .info, expires: state.clock.addingTimeInterval(4))
        return
    }
    // The status bar's hints list the keys; this says once how to get back.
    state.chat.selectedMessageId = last
    state.notice = Notice(text: tr.messages.selected,
                          kind: .info, expires: state.clock.addingTimeInterval(5))
}

private func moveSelection(_ state: inout AppState, by step: Int) {
    let ids = state.chat.messages.compactMap(\.id)
    guard let current = state.chat.selectedMessageId, let i = ids.firstIndex(of: current) else { return }
    state.chat.selectedMessageId = ids[max(0, min(ids.count - 1, i + step))]
}

/// r on an answer (or its question): ask the question again as a new branch, so the old
/// answer is kept and `<` brings it back.
private func regenerate(_ state: inout AppState, answerAt index: Int) -> [Effect] {
    guard !state.chat.isStreaming else { return busy(&state) }
    let messages = state.chat.messages
    guard let question = messages[...index].last(where: { $0.role == .user }), let questionId = question.id,
          questionId == messages.last(where: { $0.role == .user })?.id else {
        state.notice = Notice(text: tr.messages.onlyLastRetried, kind: .info, expires: state.clock.addingTimeInterval(6))
        return []
    }
    return askAgain(&state, question)
}

/// e on the last user message: its text goes into the input; Enter resends it as a new branch.
private func startEditing(_ state: inout AppState, _ message: Message) {
    guard message.role == .user, message.id == state.chat.messages.last(where: { $0.role == .user })?.id else {
        state.notice = Notice(text: tr.messages.onlyLastEdited, kind: .info, expires: state.clock.addingTimeInterval(6))
        return
    }
    state.chat.input.text = message.content
    state.chat.editingMessageId = message.id
    state.chat.selectedMessageId = nil
    state.notice = Notice(text: tr.messages.editing,
                          kind: .info, expires: nil)
}

private func askToDelete(_ state: inout AppState, _ message: Message) {
    guard !state.chat.isStreaming else { _ = busy(&state); return }
    let preview = Sanitizer.clean(message.content).split(whereSeparator: \.isNewline).first.map { String($0.prefix(40)) } ?? ""
    state[overlay: Choice.self] = .confirm(message.role == .user ? tr.messages.deleteUser(preview) : tr.messages.deleteAnswer(preview), [.deleteMessage(message.id!)])
}

/// < and > on a user message with versions, or on an answer (then its question's versions).
private func switchBranch(_ state: inout AppState, _ message: Message, older: Bool) -> [Effect] {
    let question = message.role == .user ? message
        : state.chat.index(of: message.id ?? -1).flatMap { i in state.chat.messages[..<i].last { $0.role == .user } }
    guard let id = question?.id, let position = state.chat.branches[id] else {
        state.notice = Notice(text: tr.messages.noVersions, kind: .info,
                              expires: state.clock.addingTimeInterval(5))
        return []
    }
    guard !state.chat.isStreaming else { return busy(&state) }
    let target = position.index + (older ? -1 : 1)
    guard position.siblings.indices.contains(target) else {
        state.notice = Notice(text: tr.messages.showingVersion(position.index + 1, position.siblings.count), kind: .info,
                              expires: state.clock.addingTimeInterval(5))
        return []
    }
    return [.switchBranch(to: position.siblings[target])]
}

/// a on a summary: choose one of its action items; it becomes a todo.
private func offerActionItems(_ state: inout AppState, _ message: Message) {
    guard let items = message.id.flatMap({ state.chat.summaries[$0] })?.actionItems, !items.isEmpty else {
        state.notice = Notice(text: tr.messages.noActionItems, kind: .info,
                              expires: state.clock.addingTimeInterval(5))
        return
    }
    let options = items.prefix(9).enumerated().map { i, item in
        Choice.Option(key: Character(String(i + 1)), label: Sanitizer.clean(item), effects: [.changeTodo(.addTodo(title: Sanitizer.clean(item), afterPosition: nil))])
    }
    state[overlay: Choice.self] = Choice(question: tr.messages.whichActionItem, options: options)
}

private func busy(_ state: inout AppState) -> [Effect] {
    state.notice = Notice(text: tr.notices.stillStreaming, kind: .info, expires: nil)
    return []
}
