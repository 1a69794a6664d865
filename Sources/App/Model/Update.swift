import Foundation
import Core
import Terminal
import Agent

/// The whole of the app's behavior: an event changes the state and asks for effects.
/// Pure: no I/O here, so key scripts can drive it in tests. `view` is how the last frame
/// showed the state (nothing drawn yet by default): read, never written.
func update(_ state: inout AppState, _ event: Event, view: ViewState = ViewState()) -> [Effect] {
    switch event {
    case .key(.focus(let focused)):
        // Never a key for the panes: it only says whether an answer's end should notify.
        state.terminalFocused = focused
        return []
    case .key(let key):
        let effects = handleKey(&state, key, view)
        return state.focus == .todos ? effects + wholeTodoList(state, besides: effects) : effects
    case .clock(let now):
        state.clock = now
        return []
    case .resize(let size):
        state.size = size
        return []
    case .tick(let now):
        state.spinnerFrame &+= 1
        state.clock = now
        if let expiry = state.notice?.expires, expiry <= now { state.notice = nil }
        let limit = checkRecordingLimit(&state) + syncTick(&state)
        let today = CivilDate(now, in: state.timeZone)
        if today != state.tasks.today {
            state.tasks.today = today
            return limit + [.reloadTasks]
        }
        return limit
    case .agent(let turn, let agentEvent):
        return handleAgent(&state, turn: turn, agentEvent)
    case .approvalRequested(let request):
        state.pendingApproval = request
        return [.bell]
    case .modelsListed(let items, let status):
        if state[overlay: Picker.self]?.purpose == .model { state[overlay: Picker.self]?.replaceItems(items, status: status) }
        completionsListed(&state, .models, items)
        return []
    case .mcpServers(let servers):
        tellMCPFailures(&state, servers)
        if var view = state[overlay: MCPView.self] {
            view.servers = servers
            view.selected = min(view.selected, max(0, servers.count - 1))
            state[overlay: MCPView.self] = view
        }
        // The settings' line follows the servers, unless it says something about a save.
        if var screen = state[overlay: SettingsScreen.self], !screen.checking, !screen.form.statusIsError {
            screen.form.status = mcpSettingsLine(servers)
            state[overlay: SettingsScreen.self] = screen
        }
        return []
    case .resourceRead(let server, let uri, let result):
        resourceRead(&state, server: server, uri: uri, result)
        return []
    case .keyChecked(let text, let ok):
        state.notice = Notice(text: text, kind: ok ? .info : .error, expires: ok ? state.clock.addingTimeInterval(15) : nil)
        return []
    case .quitRequested:
        state.shouldQuit = true
        return [.quit]
    case .tasksDataReady:
        return [.reloadTasks]
    case .alertsComputed(let alerts):
        return [.setAlertQueue(alerts)]
    case .settingsModels(let kind, let ids):
        state[overlay: SettingsScreen.self]?.setModels(ids, for: kind)
        return []
    case .settingsSaved(let text, let ok, let keyRejected, let keySaved):
        return settingsSaved(&state, text: text, ok: ok, keyRejected: keyRejected, keySaved: keySaved)
    case .localServersFound(let found):
        state[overlay: Onboarding.self]?.setLocalServers(found)
        return []
    case .onboardingKeyChecked(let text, let ok, let unreachable):
        return onboardingKeyChecked(&state, text: text, ok: ok, unreachable: unreachable)
    case .onboardingModels(let kind, let ids, let status):
        guard var w = state[overlay: Onboarding.self], w.step == .model, w.chosen.kind == kind, !ids.isEmpty else { return [] }
        let current: String? = w.models.indices.contains(w.modelSelected) ? w.models[w.modelSelected] : nil
        w.models = ids
        w.modelSelected = ids.firstIndex { $0 == current } ?? 0
        w.modelStatus = status
        state[overlay: Onboarding.self] = w
        return []
    case .result(let result):
        return applyResult(&state, result)
    case .voice(let voiceEvent):
        return handleVoice(&state, voiceEvent)
    case .sync(let syncEvent):
        return handleSync(&state, syncEvent)
    case .conversationTitled(let id, let title):
        if state.chat.conversation?.id == id { state.chat.conversation?.title = title }
        return []
    case .graphicsDetected(let graphics, let cell):
        state.imagePreviews = graphics.map { ImagePreviews(graphics: $0, cell: cell) }
        return []
    case .cellPixelsChanged(let cell):
        state.imagePreviews?.cell = cell
        return []
    case .previewReady:
        return []
    }
}

/// A save finished: a rejected key keeps the screen open on the key; otherwise it closes and says what happened.
private func settingsSaved(_ state: inout AppState, text: String, ok: Bool, keyRejected: Bool, keySaved: Bool) -> [Effect] {
    if keyRejected, var screen = state[overlay: SettingsScreen.self] {
        screen.checking = false
        screen.form.setError(SettingsScreen.Field.apiKey.rawValue, text)
        screen.form.status = tr.settings.keyNotSaved
        screen.form.statusIsError = true
        state[overlay: SettingsScreen.self] = screen
        return []
    }
    state[overlay: SettingsScreen.self] = nil
    state.notice = Notice(text: text, kind: ok ? .info : .error, expires: ok ? state.clock.addingTimeInterval(15) : nil)
    return keySaved ? [.applySettings] : []
}

private func handleKey(_ state: inout AppState, _ typed: Key, _ view: ViewState) -> [Effect] {
    // Ctrl-X starts a two-key command, as in bash: Ctrl-X Ctrl-E is `$EDITOR` (Ctrl-G's, which
    // the handlers know); after Ctrl-X any other key acts as it always does.
    if typed == .ctrl("x"), !state.ctrlX {
        state.ctrlX = true
        return []
    }
    var pressed = typed
    if state.ctrlX {
        state.ctrlX = false
        if typed == .ctrl("e") {
            state.chat.input.endSearch()  // readline: the search ends on its match, which the editor gets
            pressed = .ctrl("g")
        }
    }
    // Remapped keys become the keys the handlers know; overlays keep the keys they show.
    // Letters that came in one read ("gg" or "/ka" typed fast, over ssh) are commands one by
    // one where letters are commands, not text.
    if case .text(let letters) = pressed, letters.count > 1, !state.hasOverlay, state.pendingApproval == nil,
       state.focus != .chat || state.chat.selectedMessageId != nil {
        return letters.flatMap { handleKey(&state, .text(String($0)), view) }
    }
    var key = state.hasOverlay ? pressed : state.keyBindings.translate(pressed, focus: state.focus)
    // The vi keys; a key a `[keys]` remap changed is the user's choice and passes as it is.
    if state.keyBindings.style == .vi, key == pressed, !state.hasOverlay, state.pendingApproval == nil {
        switch ViKeys.handle(&state, key, view.chat) {
        case .handled(let effects): return effects
        case .key(let translated): key = translated
        }
    }
    return dispatchKey(&state, key, view)
}

/// A key as the handlers know it (remaps and vi keys already applied): the top overlay, an
/// approval question, the slash-command popup, the keys of everywhere, then the focused pane.
/// The palette runs an action's default key through here.
func dispatchKey(_ state: inout AppState, _ key: Key, _ view: ViewState) -> [Effect] {
    if let top = state.overlays.last, let effects = handleOverlayKey(&state, top, key, view) { return effects }
    if let approval = state.pendingApproval {
        switch key {
        case .text("y"), .text("Y"):
            state.pendingApproval = nil
            return [.answerApproval(id: approval.id, allow: true)]
        case .text("n"), .text("N"), .escape:
            state.pendingApproval = nil
            return [.answerApproval(id: approval.id, allow: false)]
        case .ctrl("q"): break
        default: return []
        }
    }
    if let effects = handleVoiceKey(&state, key) { return effects }
    // Ctrl-R's search in the input takes the keys it knows first (Esc ends it, not the answer).
    if state.focus == .chat, state.chat.input.search != nil, state.chat.input.handle(key) != nil { return [] }
    // The slash-command popup's keys come before the global ones (Tab completes there).
    if state.focus == .chat, let effects = handleCompletionKey(&state, key) { return effects }
    switch key {
    case .ctrl("q"):
        state.shouldQuit = true
        return [.quit]
    case .tab:
        state.focus = PaneID(rawValue: (state.focus.rawValue + 1) % PaneID.allCases.count)!
        return []
    case .backTab:
        state.focus = PaneID(rawValue: (state.focus.rawValue + PaneID.allCases.count - 1) % PaneID.allCases.count)!
        return []
    case .alt("1"): state.focus = .chat; return []
    case .alt("2"): state.focus = .tasks; return []
    case .alt("3"): state.focus = .todos; return []
    case .f(1):
        state[overlay: HelpView.self] = HelpView()
        return []
    case .text("?") where state.focus != .chat || state.chat.input.isEmpty:
        state[overlay: HelpView.self] = HelpView()
        return []
    case .f(2):
        return [.openSettings]
    case .ctrl("p"):
        return [.openPalette]
    case .text(let digit) where state.focus == .chat && state.chat.messages.isEmpty && state.chat.input.isEmpty:
        // A new conversation shows numbered suggestions: a digit puts one in the input to edit or send.
        let prompts = SuggestedPrompts.prompts()
        if let n = Int(digit), prompts.indices.contains(n - 1) {
            state.chat.input.insert(prompts[n - 1].text)
            return []
        }
    case .alt("c"): return [.records(.open(.contacts))]
    case .alt("n"): return [.records(.open(.notes))]
    case .ctrl("o"), .ctrl("n"), .ctrl("\\"), .alt("/"):
        return handleConversationKey(&state, key)
    case .escape where state.chat.isStreaming:
        return [.cancelTurn]
    case .mouse(let mouse):
        return handleMouse(&state, mouse, view)
    default: break
    }
    switch state.focus {
    case .chat:
        let effects = handleChatKey(&state, key, view.chat)
        return effects + followInput(&state)
    case .tasks: return handleTasksKey(&state, key)
    case .todos: return handleTodosKey(&state, key)
    }
}

/// The head of a large todo list drew the first frame; the whole list is read once the user
/// is in the Todos pane, where the next key may go past the head or filter.
private func wholeTodoList(_ state: AppState, besides effects: [Effect]) -> [Effect] {
    state.todos.headOnly && !effects.contains(.reloadTodos) ? [.reloadTodos] : []
}

private func handleMouse(_ state: inout AppState, _ mouse: MouseEvent, _ view: ViewState) -> [Effect] {
    let layout = Layout(size: state.size, focus: state.focus)
    guard let pane = layout.pane(at: mouse.x, mouse.y), let rect = layout.panes[pane] else { return [] }
    switch mouse.kind {
    case .wheelUp, .wheelDown:
        let up = mouse.kind == .wheelUp
        switch pane {
        case .chat: state.chat.scroll.move(by: up ? 3 : -3, from: view.chat)
        case .tasks: return moveDay(&state, by: up ? -7 : 7)
        case .todos:
            moveTodoSelection(&state, by: up ? -1 : 1)
            return wholeTodoList(state, besides: [])
        }
        return []
    case .press(let button) where button == 0:
        state.focus = pane
        let inner = Rect(x: rect.x + 1, y: rect.y + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
        switch pane {
        case .tasks:
            switch TasksPane.hit(state.tasks, in: inner, x: mouse.x, y: mouse.y) {
            case .day(let day)?:
                state.tasks.selected = day
                state.tasks.selectedTask = 0
                if state.tasks.mode != .day { state.tasks.mode = .day }
                return [.reloadTasks]
            case .task(let index)?: state.tasks.selectedTask = index
            case nil: break
            }
        case .todos:
            guard let (row, onFold) = TodosPane.hit(state.todos, top: view.todosTop, in: inner, x: mouse.x, y: mouse.y) else { return [] }
            state.todos.selectedRow = row
            state.todos.clampSelection()
            if onFold { return handleTodosKey(&state, .enter) }
        case .chat: break
        }
        return []
    case .press:
        state.focus = pane
        return []
    default:
        return []
    }
}

private func handleAgent(_ state: inout AppState, turn: Int, _ event: AgentEvent) -> [Effect] {
    switch event {
    case .textDelta(let messageId, let text):
        if let i = state.chat.index(of: messageId) { state.chat.messages[i].content += text }
        if state.connectivity != .offlineAssistant { state.connectivity = .online }
        return []
    case .step(let step):
        var steps = state.chat.steps[step.messageId] ?? []
        if let i = steps.firstIndex(where: { $0.id != nil && $0.id == step.id }) { steps[i] = step } else { steps.append(step) }
        state.chat.steps[step.messageId] = steps
        return []
    case .dataChanged(let change):
        // What the tool made or changed is shown selected once its pane has loaded again (a
        // new reminder's day and row); the chat keeps the keyboard.
        if change.tasks, let day = change.focusDate { state.tasks.selected = day }
        if let id = change.focusTaskId { state.tasks.focusTaskId = id }
        if let id = change.focusTodoId { state.todos.focusTodoId = id }
        return change.tasks || change.todos ? [.refresh(tasks: change.tasks, todos: change.todos)] : []
    case .modelCallEnded:
        return []
    case .answering(let providerId, let name):
        // A fallback chain moved on (or a new turn starts again at its first): the badge names
        // the provider answering, and what is known of it starts afresh.
        let connectivity = Connectivity.initial(providerId: providerId)
        if name != state.providerName || (connectivity == .offlineAssistant) != (state.connectivity == .offlineAssistant) {
            state.providerName = name
            state.connectivity = connectivity
        }
        return []
    case .summarized(let conversationId, _):
        return conversationId == state.chat.conversation?.id ? [.loadAutoSummary] : []
    case .waiting(let seconds, let reason):
        let end = state.clock.addingTimeInterval(seconds)
        state.notice = Notice(text: reason, kind: .info, expires: end, countdownTo: end)
        if state.connectivity != .offlineAssistant { state.connectivity = .retrying }
        return []
    case .modelNotFound(let model):
        state.chat.missingModel = model
        return []
    case .toolImages(let messageId, let callId, let images):
        state.chat.toolImages[messageId, default: [:]][callId] = images
        return []
    case .finished(let message):
        return turnEnded(&state, turn: turn, message)
    }
}
