import Foundation
import Core
import Storage
import Terminal

/// Applies what an effect's I/O found (`ResultEvent`): the only place the runtime's answers
/// change the state.
func applyResult(_ state: inout AppState, _ result: ResultEvent) -> [Effect] {
    switch result {
    case .noticed(let notice):
        state.notice = notice
    case .turnStarted(let turn, let user, let answer):
        turnStarted(&state, turn, user: user, answer: answer)
    case .turnNotStarted(let text, let notice):
        // Nothing typed is lost: the text goes back into the input.
        state.chat.input.text = text
        state.notice = notice
    case .imageAttached(let image):
        state.imageAttached(image)
    case .pasteInserted(let text):
        _ = state.chat.input.handle(.paste(text))
    case .imagesSent(let messageId, let images):
        state.imagesSent(messageId: messageId, images)
    case .conversationCreated(let conversation):
        state.chat.conversation = conversation
    case .conversationCleared:
        state.chat = ChatState(input: state.chat.input)
        state.chat.input.history = state.inputHistory.editorLines(for: nil)
        state.notice = nil
        state.usage = nil
    case .conversationDeleted(let id):
        if state.chat.conversation?.id == id { return applyResult(&state, .conversationCleared) }
    case .conversationOpened(let conversation, let window, let usage):
        state.chat = ChatState(input: state.chat.input)
        state.chat.conversation = conversation
        state.chat.persona = conversation.persona
        state.chat.input.history = state.inputHistory.editorLines(for: conversation.id)
        state.chat.take(window)
        state.usage = usage
    case .searchOpened(let query, let messageId):
        let search = ChatSearch(query: query, messages: state.chat.messages, steps: state.chat.steps, at: messageId)
        state.chat.search = search
        state.chat.selectedMessageId = search.currentId
        state.notice = Notice(text: search.notice, kind: .info, expires: nil)
    case .windowReloaded(let window):
        state.chat.take(window)
        state.chat.scroll.ask(0)
    case .marksLoaded(let marks):
        state.chat.take(marks)
    case .summariesLoaded(let summaries):
        state.chat.summaries.merge(summaries) { _, new in new }
    case .autoSummaryLoaded(let summary):
        state.chat.autoSummary = summary
    case .usageLoaded(let usage):
        state.usage = usage
    case .messageSelected(let id):
        state.chat.selectedMessageId = id
    case .inputEdited(let text):
        state.chat.input.text = text
        // Back from the editor: the old notice is stale, unless it says a message is being edited.
        if state.chat.editingMessageId == nil { state.notice = nil }
    case .inputHistoryLoaded(let lines):
        state.inputHistory = InputHistory(lines: lines)
        state.chat.input.history = state.inputHistory.editorLines(for: state.chat.conversation?.id)
    case .inputRemembered(let line):
        state.inputHistory.lines.append(line)
    case .tasksLoaded(let load):
        state.tasks.take(load)
    case .recordsLoaded(let kind, let records, let notice):
        if var view = state[overlay: RecordsView.self], view.kind == kind {
            view.take(records)
            state[overlay: RecordsView.self] = view
        } else {
            state[overlay: RecordsView.self] = RecordsView(kind: kind, records: records)
        }
        if let notice { state.notice = notice }
    case .todosLoaded(let todos):
        state.todos = todos
        clampTodoSelection(&state)
        state.todos.takeFocus()
        // A filter typed is worked out again on the trees just loaded.
        if let typed = todos.pendingFilter { return [.filterTodoRows(typed)] }
    case .todoHeadLoaded(let head):
        state.todos.setHead(head)
    case .todoUnfolded(let id):
        state.todos.setExpanded(state.todos.expanded.union([id]))
    case .todoSelected(let todoId, let subtaskId):
        if let row = state.todos.rows.firstIndex(where: { $0.todoId == todoId && $0.subtask?.id == subtaskId && $0.section == nil }) {
            state.todos.selectedRow = row
        }
    case .alertsFired(let fired, let more, let now):
        state.showAlerts(fired)
        // Many missed at once (a week away): the first ten, and a count of the rest.
        if more > 0 { state.notice = Notice(text: tr.notices.moreRemindersDue(more), kind: .info, expires: now.addingTimeInterval(30)) }
    case .pickerOpened(let picker):
        state[overlay: Picker.self] = picker
    case .conversationListChanged(let items):
        guard var picker = state[overlay: Picker.self], picker.purpose == .conversations else { return [] }
        let place = picker.selected, chosen = picker.selectedItem?.id
        picker.replaceItems(items, status: picker.status)
        // A deleted row's place goes to the next one, not back to the top.
        if picker.selectedItem?.id != chosen { picker.selected = min(place, max(0, picker.visible.count - 1)) }
        state[overlay: Picker.self] = picker
        // The filter shown was worked out on the old items: again on the new.
        return picker.filter.isEmpty ? [] : [.conversation(.filterList(picker.filter, items: items))]
    case .listFiltered(let filter, let items):
        guard var picker = state[overlay: Picker.self], picker.filtersOffLoop, picker.filter == filter else { return [] }
        let chosen = picker.selectedItem?.id
        picker.filtered = Picker.Filtered(filter: filter, items: items)
        picker.selected = items.firstIndex { $0.id == chosen } ?? 0
        state[overlay: Picker.self] = picker
    case .todoRowsFiltered(let text, let rows, let version):
        _ = state.todos.takeFiltered(text, rows: rows, version: version)
    case .taskFilterLoaded(let text, let tasks, let keptRules):
        guard case .filter(text) = state.tasks.mode else { return [] }
        state.tasks.takeList(tasks, keptRules: keptRules)
        state.tasks.listedFilter = text
    case .searchResults(let answer):
        searchAnswered(&state, answer)
    case .mcpViewOpened(let view):
        state[overlay: MCPView.self] = view
    case .completionsListed(let source, let items):
        completionsListed(&state, source, items)
    case .personaChanged(let persona):
        state.chat.persona = persona
        state.chat.conversation?.persona = persona
    case .providerChanged(let providerId, let name, let model):
        // Another provider's models: the popup asks again.
        state.chat.completion.lists[.models] = nil
        state.chat.completion.asked.remove(.models)
        state.providerName = name
        state.modelName = model
        // The runtime stored it with the open conversation.
        state.chat.conversation?.provider = providerId
        state.chat.conversation?.model = model
        state.connectivity = Connectivity.initial(providerId: providerId)
    case .settingsApplied(let bindings, let renderMarkdown, let notifyAfter, let voice):
        state.voice.sendAtOnce = voice.sendAtOnce
        state.voice.maxSeconds = voice.maxSeconds
        state.keyBindings = bindings
        state.renderMarkdown = renderMarkdown
        state.notifyAfterSeconds = notifyAfter
        state.vi = ViState()
    case .settingsOpened(let screen):
        state[overlay: SettingsScreen.self] = screen
    case .settingsNotSaved(let why):
        state[overlay: SettingsScreen.self]?.checking = false
        state[overlay: SettingsScreen.self]?.form.status = why
        state[overlay: SettingsScreen.self]?.form.statusIsError = true
    case .personaEdited(let text):
        state[overlay: SettingsScreen.self]?.setField(.customPersona) { $0.editor.text = text }
        state[overlay: SettingsScreen.self]?.setField(.persona) { $0.editor.text = tr.settings.persona(.custom) }
    case .onboardingOpened(let wizard):
        state[overlay: Onboarding.self] = wizard
    }
    return []
}

extension ChatState {
    /// A new conversation's chat: empty, with the input's editor (its history) kept.
    init(input: LineEditor) {
        self.init()
        self.input = input
        self.input.text = ""
    }

    mutating func take(_ window: ConversationWindow) {
        messages = window.messages
        hasOlder = window.hasOlder
        steps = window.steps
        take(window.marks)
    }

    mutating func take(_ marks: ConversationMarks) {
        branches = marks.branches
        summaries = marks.summaries
        autoSummary = marks.autoSummary
        messageImages = marks.images
        toolImages = marks.toolImages
    }
}

extension TasksState {
    /// A load's lists, with the selection kept on a task that exists and a tool's task selected.
    mutating func take(_ load: TasksLoad) {
        summary = load.summary
        dayTodos = load.dayTodos
        if let tasks = load.dayTasks {
            takeList(tasks, keptRules: load.keptRules)
            listedFilter = nil
        }
    }

    /// The list's tasks: the day's or week's with the rest of a load, or the filter's, read
    /// off the loop.
    mutating func takeList(_ tasks: [TaskItem], keptRules: Set<Int64>) {
        dayTasks = tasks
        self.keptRules = keptRules
        selectedTask = min(selectedTask, max(0, dayTasks.count - 1))
        takeFocus()
    }
}
