import Foundation
import Core
import Terminal

func handleChatKey(_ state: inout AppState, _ key: Key, _ view: ChatViewState) -> [Effect] {
    if let effects = handleChatSearchKey(&state, key) { return effects }
    let page = max(1, view.height - 2)
    if state.chat.selectedMessageId != nil, let effects = handleSelectionKey(&state, key) { return effects }
    switch key {
    case .pageUp: state.chat.scroll.move(by: page, from: view); return []
    case .pageDown: state.chat.scroll.move(by: -page, from: view); return []
    // Clamped at the top of the transcript when drawn.
    case .home where state.chat.input.isEmpty: state.chat.scroll.move(by: Int.max / 2, from: view); return []
    case .end where state.chat.input.isEmpty: state.chat.scroll.ask(0); return []
    case .ctrl("g"): return [.composeInEditor(state.chat.input.text)]
    case .f(3):
        openTimeline(&state)
        return []
    case .text("t") where state.chat.input.isEmpty && state.chat.selectedMessageId != nil:
        // t only while an answer is chosen: otherwise it is the first letter of a message.
        openTimeline(&state)
        return []
    case .altUp, .altDown:
        selectAnswer(&state, older: key == .altUp)
        return []
    case .enter where state.chat.input.isEmpty && state.chat.selectedMessageId != nil:
        let id = state.chat.selectedMessageId!
        if state.chat.expanded.remove(id) == nil { state.chat.expanded.insert(id) }
        return []
    case .escape where state.chat.selectedMessageId != nil:
        state.chat.selectedMessageId = nil
        return []
    case .escape where state.chat.editingMessageId != nil:
        state.chat.editingMessageId = nil
        _ = state.chat.input.commit(remember: false)  // an edit given up is not a line sent
        state.notice = Notice(text: tr.notices.editCancelled, kind: .info, expires: state.clock.addingTimeInterval(3))
        return []
    case .escape:
        enterSelection(&state)
        return []
    case .text("r") where state.chat.input.isEmpty && canRetry(state):
        // The documented quick retry: only when nothing is being typed and the last answer
        // failed; otherwise "r" is just the first letter of a message.
        return retry(&state)
    default: break
    }
    // A paste that is one path may be an image file: the runtime looks (`pastedPath`).
    if case .paste(let text) = key, let path = pastedPath(text) { return [.images(.attach(path: path, pasted: text))] }
    let action = state.chat.input.handle(key)
    // A transcript erased is no longer what will be sent: the next message is typed.
    if state.chat.input.isEmpty { state.voice.inputDictation = nil }
    guard action == .submit else { return [] }
    return submit(&state)
}

/// Enter: the line is sent or run; once taken (the input emptied) it joins the lasting history,
/// unless it was a key (`InputHistory.keeps`), which is not kept even for this run.
func submit(_ state: inout AppState) -> [Effect] {
    let typed = state.chat.input.text, line = typed.trimmingCharacters(in: .whitespacesAndNewlines)
    let effects = submitLine(&state)
    guard state.chat.input.isEmpty, !line.isEmpty else { return effects }
    // The editor kept the line as typed: as sent (trimmed), or not at all.
    if state.chat.input.history.last == typed { state.chat.input.history.removeLast() }
    guard InputHistory.keeps(line) else { return effects }
    if state.chat.input.history.last != line { state.chat.input.history.append(line) }
    return effects + [.rememberInput(line)]
}

/// The line sent or run, without joining the history (the palette runs commands so).
func submitLine(_ state: inout AppState) -> [Effect] {
    let text = state.chat.input.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty || (!state.chat.images.isEmpty && !state.chat.isStreaming && state.chat.editingMessageId == nil) else { return [] }
    // /remind, /list and /summarize go to the agent as messages: it asks the model for their JSON.
    if text.hasPrefix("/"), !["/remind", "/list", "/summarize"].contains(text.split(separator: " ").first.map { $0.lowercased() } ?? "") {
        return runCommand(&state, text)
    }
    if state.chat.isStreaming {
        state.notice = Notice(text: tr.notices.stillStreaming, kind: .info, expires: nil)
        return []
    }
    _ = state.chat.input.commit()
    state.chat.scroll.ask(0)
    state.notice = nil
    if let edited = state.chat.editingMessageId {
        state.chat.editingMessageId = nil
        return [.resendEdited(messageId: edited, text: text)]
    }
    let dictation = state.voice.inputDictation
    state.voice.inputDictation = nil
    // /remind, /list and /summarize must start their message: the attachment waits for the next.
    // The chips go with the message; they are cleared once it is stored (`.imagesSent`), and
    // kept when the model cannot see them.
    if !state.chat.images.isEmpty, !text.hasPrefix("/") { return [.images(.send(text, state.chat.images, dictation: dictation))] }
    if let attachment = state.chat.attachment, !text.hasPrefix("/") {
        state.chat.attachment = nil
        return [.sendAttached(attachment, typed: text)]
    }
    return [.send(text, dictation: dictation)]
}

func isSummarizeCommand(_ text: String) -> Bool {
    text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "/summarize"
}

var chatCommands: String { SlashCommand.list }

private func runCommand(_ state: inout AppState, _ text: String) -> [Effect] {
    let name = text.split(separator: " ", maxSplits: 1).first.map(String.init)?.lowercased() ?? text
    switch name {
    case "/help", "/?":
        _ = state.chat.input.commit()
        state[overlay: HelpView.self] = HelpView()
        return []
    case "/new":
        guard !state.chat.isStreaming else {
            state.notice = Notice(text: tr.notices.cancelFirst, kind: .info, expires: nil)
            return []
        }
        _ = state.chat.input.commit()
        return [.newConversation]
    case "/quit", "/exit", "/q":
        state.shouldQuit = true
        return [.quit]
    case "/retry":
        _ = state.chat.input.commit()
        return retry(&state)
    case "/provider", "/providers", "/model", "/models":
        guard !state.chat.isStreaming else {
            state.notice = Notice(text: tr.notices.cancelFirst, kind: .info, expires: nil)
            return []
        }
        _ = state.chat.input.commit()
        let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        let isProvider = name.hasPrefix("/provider")
        if !argument.isEmpty {
            return [isProvider ? .switchProvider(provider: argument, model: nil) : .switchProvider(provider: nil, model: argument)]
        }
        return [isProvider ? .openProviderPicker : .openModelPicker]
    case "/theme", "/themes":
        _ = state.chat.input.commit()
        let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        return [argument.isEmpty ? .openThemePicker : .switchTheme(argument)]
    case "/voice":
        _ = state.chat.input.commit()
        return startRecording(&state)
    case "/settings", "/config":
        _ = state.chat.input.commit()
        return [.openSettings]
    case "/mcp":
        _ = state.chat.input.commit()
        return [.openMCPView]
    case "/sync":
        _ = state.chat.input.commit()
        return openSyncView(&state)
    case "/contacts", "/notes":
        _ = state.chat.input.commit()
        return [.records(.open(name == "/contacts" ? .contacts : .notes))]
    case "/image", "/img":
        return runImageCommand(&state, argument: text.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
    case "/attach":
        return runAttachCommand(&state, argument: text.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
    case "/keys", "/key":
        _ = state.chat.input.commit()
        return [.checkKey]
    default:
        let argument = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        if let effects = runConversationCommand(&state, name: name, argument: argument) { return effects }
        // Not sent: the notice names the command nearest to what was typed, else lists them.
        let text = SlashCommand.nearest(name).map { tr.palette.didYouMean(name, $0.name) } ?? tr.notices.unknownCommand(name, chatCommands)
        state.notice = Notice(text: text, kind: .error, expires: nil)
        return []
    }
}

private func canRetry(_ state: AppState) -> Bool {
    guard !state.chat.isStreaming, let last = state.chat.messages.last, last.role == .assistant else { return false }
    return last.status == .error || last.status == .interrupted
}

/// r (input empty) and /retry after a failed or cut-off answer: the same retry as r on a
/// selected answer, so the failed answer is kept as a branch rather than the question repeated.
private func retry(_ state: inout AppState) -> [Effect] {
    guard canRetry(state), let question = state.chat.messages.last(where: { $0.role == .user }) else {
        state.notice = Notice(text: tr.messages.nothingToRetry, kind: .info, expires: state.clock.addingTimeInterval(6))
        return []
    }
    return askAgain(&state, question)
}

/// Asks `question` again as its new version (a branch): the old answer stays one `<` away.
func askAgain(_ state: inout AppState, _ question: Message) -> [Effect] {
    guard let id = question.id else { return [] }
    state.chat.selectedMessageId = nil
    state.chat.scroll.ask(0)
    state.notice = nil
    return [.resendEdited(messageId: id, text: question.content)]
}
