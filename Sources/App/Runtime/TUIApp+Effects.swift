import Foundation
import Core
import Storage
import Agent
import Terminal

extension TUIApp {
    func perform(_ effect: Effect) {
        switch effect {
        case .send(let text): send(text)
        case .sendAttached(let attachment, let typed): send(attachment.message(typed), title: typed)
        case .cancelTurn:
            turnTask?.cancel()
            approvals.denyAll()
        case .answerApproval(let id, let allow): approvals.answer(id: id, allow: allow)
        case .newConversation:
            state.chat = ChatState(input: state.chat.input)
            state.notice = nil
            state.usage = nil
        case .reloadTasks: reloadTasks()
        case .reloadTodos: reloadTodos()
        case .refresh(let tasks, let todos): refresh(tasks: tasks, todos: todos)
        case .reloadUsage: reloadUsage()
        case .openProviderPicker: openProviderPicker()
        case .openModelPicker: openModelPicker()
        case .switchProvider(let provider, let model): switchProvider(provider: provider, model: model)
        case .checkKey: checkKey()
        case .openMCPView: openMCPView()
        case .restartMCPServer(let name): mcpServers?.restart(name)
        case .setMCPServerEnabled(let name, let enabled): setMCPServerEnabled(name, enabled)
        case .attachResource(let server, let uri): attachResource(server, uri)
        case .openThemePicker: openThemePicker()
        case .switchTheme(let name): switchTheme(name)
        case .composeInEditor(let text): compose(text)
        case .copyText(let text): copy(text)
        case .openInPager(let text): page(text)
        case .openCode(let code, let fileExtension): openCode(code, fileExtension: fileExtension)
        case .resendEdited(let id, let text): resend(editing: id, text: text)
        case .switchBranch(let id): switchBranch(to: id)
        case .deleteMessage(let id): deleteMessage(id)
        case .loadSummary(let id): loadSummaries(of: [id])
        case .loadAutoSummary: loadAutoSummary()
        case .bell: backend.bell()
        case .quit: state.shouldQuit = true
        case .changeTask(let edit): perform(edit)
        case .changeTodo(let edit): perform(edit)
        case .undo(let area): performUndo(area, redo: false)
        case .redo(let area): performUndo(area, redo: true)
        case .filterTasks: reloadTasks()
        case .answerAlert(let alert, let snooze): answer(alert, snooze: snooze)
        case .setAlertQueue(let alerts): setAlertQueue(alerts)
        case .openSettings: openSettings()
        case .saveSettings(let values, let previous): saveSettings(values, previous: previous)
        case .listSettingsModels(let kind): listSettingsModels(kind)
        case .editPersonaInEditor(let text): editPersona(text)
        case .applySettings: applySettings()
        case .checkOnboardingKey(let kind, let key): checkOnboardingKey(kind, key)
        case .listOnboardingModels(let kind, let key): listOnboardingModels(kind, key)
        case .finishOnboarding(let choice): finishOnboarding(choice)
        case .conversation(let action): perform(action)
        }
    }

    /// Commits the message, then streams the answer on a background task that posts events back.
    private func send(_ text: String, title: String? = nil) {
        var isNew = false
        let turn = start(text) {
            if state.chat.conversation == nil {
                isNew = true
                state.chat.conversation = try database.createConversation(
                    title: ConversationTitle.heuristic(title ?? text), provider: agent.provider.id, model: agent.model)
            }
            return try agent.startTurn(conversationId: state.chat.conversation!.id!, userText: text)
        }
        if isNew, let turn { titleByModel(turn: turn) }
    }

    /// Commits a turn (`begin`), then streams its answer. A failure to commit puts the text back.
    @discardableResult
    func start(_ text: String, _ begin: () throws -> Turn) -> Turn? {
        do {
            let turn = try begin()
            state.chat.messages += [turn.user, turn.assistant]
            state.chat.streamingMessageId = turn.assistant.id
            turnCounter += 1
            state.chat.activeTurn = turnCounter
            let id = turnCounter, mailbox = self.mailbox, approvals = self.approvals, agent = self.agent, frames = self.frames
            let retryHint = tr.transcript.retryHint
            turnTask = Task.detached {
                await agent.run(turn, approve: { call, definition in
                    await approvals.ask(call, definition, post: { mailbox.post($0, urgent: true) })
                }, emit: { event in
                    if case .modelCallEnded = event { frames.reset() }
                    mailbox.post(.agent(turnId: id, event), urgent: event.drawsAtOnce)
                }, beforeStoring: { await frames.waitForFrame() }, retryHint: retryHint)
            }
            return turn
        } catch {
            // Nothing typed is lost: the text goes back into the input.
            state.chat.input.text = text
            state.notice = Notice(text: tr.notices.couldNotSave("\(error)"), kind: .error, expires: nil)
            return nil
        }
    }

    /// Opens with the last 200 messages; at `messageId`, from a little before it to the newest.
    func openConversation(_ conversation: Conversation, at messageId: Int64? = nil) {
        state.chat = ChatState(input: state.chat.input)
        state.chat.conversation = conversation
        guard let id = conversation.id else { return }
        let window = 200
        state.chat.messages = (try? messageId.map { try database.messages(conversationId: id, from: $0, context: 20, minimum: window) }
            ?? database.recentMessages(conversationId: id, limit: window)) ?? []
        state.chat.hasOlder = ((try? database.messageCount(conversationId: id)) ?? 0) > state.chat.messages.count
        state.chat.steps = (try? database.timelineSteps(messageIds: state.chat.messages.compactMap(\.id))) ?? [:]
        loadBranchesAndSummaries()
        reloadUsage()
    }

    func reloadTasks() {
        do {
            try taskLoader.load(&state.tasks)
            state.tasks.takeFocus()
        } catch {
            state.notice = Notice(text: tr.notices.couldNotLoadTasks("\(error)"), kind: .error, expires: nil)
        }
    }

    /// For the first frame of a large list: its head only (a screenful and more), which costs
    /// the same at 10,000 todos as at 10. False when the list is small and loads whole.
    func loadTodoHead() -> Bool {
        guard let head = try? database.todoHead(limit: Self.todoHeadLimit) else { return false }
        state.todos.setHead(head)
        return true
    }

    /// More rows than any terminal shows.
    static let todoHeadLimit = 200

    /// Loads the todos with subtasks for the unfolded ones only. A small collection (at most
    /// `unfoldAllLimit` subtasks) is unfolded whole the first time, as most people keep few lists.
    func reloadTodos() {
        let unfoldAllLimit = 300
        do {
            let firstLoad = !state.todos.loadedOnce
            var needsSubtasks = state.todos.setTrees(try database.todoTrees(loadingSubtasksOf: state.todos.expanded))
            if firstLoad, state.todos.trees.reduce(0, { $0 + $1.subtaskCount }) <= unfoldAllLimit {
                needsSubtasks = state.todos.setExpanded(state.todos.allIds)
            }
            if needsSubtasks { state.todos.setTrees(try database.todoTrees(loadingSubtasksOf: state.todos.expanded)) }
            clampTodoSelection(&state)
            state.todos.takeFocus()
        } catch {
            state.notice = Notice(text: tr.notices.couldNotLoadTodos("\(error)"), kind: .error, expires: nil)
        }
    }

    /// The one refresh after data changed, the app's own writes (a tool, an edit in a pane, an
    /// undo: `tasks` / `todos` say which) and another instance's on the same database (the
    /// tick passes neither; the change counters say what moved). The panes that show changed
    /// data load again, the counters are taken as seen (so the tick does not load them a second
    /// time), and the reminders are scheduled again when tasks changed. Only the panes whose own
    /// counter moved: a streaming answer saves itself (the conversations counter) every few
    /// ticks, and reloading Tasks and Todos then would redraw the whole screen for nothing.
    func refresh(tasks: Bool = false, todos: Bool = false) {
        let counters = try? database.changeCounters()
        let last = lastCounters
        if let counters { lastCounters = counters }
        let todosMoved = todos || (counters != nil && counters?.todos != last?.todos)
        let tasksMoved = tasks || (counters != nil && counters?.tasks != last?.tasks)
        if todosMoved { reloadTodos() }
        // Todos with a due date are marked on the calendar too.
        if tasksMoved || todosMoved { reloadTasks() }
        if tasksMoved { refreshAlerts() }
    }

    /// Ctrl-E: edit the input in $VISUAL / $EDITOR, with the screen handed over meanwhile.
    private func compose(_ text: String) {
        guard let edited = editInEditor(text, name: "message") else { return }
        state.chat.input.text = edited
        // Back from the editor: the old notice is stale, unless it says a message is being edited.
        if state.chat.editingMessageId == nil { state.notice = nil }
    }
}

extension ChatState {
    init(input: LineEditor) {
        self.init()
        self.input = input
        self.input.text = ""
    }
}
