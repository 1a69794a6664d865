import Foundation
import Core
import Storage
import Agent
import Terminal

extension TUIApp {
    /// Carries out what `update` asked for. What the I/O finds comes back as a `ResultEvent`
    /// (`apply`), which `update` applies before this returns.
    func perform(_ effect: Effect) {
        switch effect {
        case .send(let text, let dictation): send(text, dictation: dictation)
        case .sendAttached(let attachment, let typed): send(attachment.message(typed), title: typed)
        case .images(let effect): perform(images: effect)
        case .cancelTurn: turns.cancel()
        case .answerApproval(let id, let allow): turns.answer(approval: id, allow: allow)
        case .newConversation:
            apply(.conversationCleared)
            answerWith(nil)
        case .reloadTasks: reloadTasks()
        case .reloadTodos: reloadTodos()
        case .refresh(let tasks, let todos): refresh(tasks: tasks, todos: todos)
        case .reloadUsage: reloadUsage()
        case .records(let effect): perform(records: effect)
        case .openProviderPicker: openProviderPicker()
        case .openModelPicker: openModelPicker()
        case .switchProvider(let provider, let model): switchProvider(provider: provider, model: model)
        case .checkKey: checkKey()
        case .openMCPView: openMCPView()
        case .restartMCPServer(let name): mcp.restart(name)
        case .setMCPServerEnabled(let name, let enabled): setMCPServerEnabled(name, enabled)
        case .attachResource(let server, let uri): attachResource(server, uri)
        case .openThemePicker: openThemePicker()
        case .listCompletions(let source): listCompletions(source)
        case .openPalette: openPalette()
        case .switchTheme(let name): switchTheme(name)
        case .composeInEditor(let text): compose(text)
        case .rememberInput(let line): rememberInput(line)
        case .copyText(let text): copy(text)
        case .openInPager(let text): page(text)
        case .openCode(let code, let fileExtension): openCode(code, fileExtension: fileExtension)
        case .resendEdited(let id, let text): resend(editing: id, text: text)
        case .switchBranch(let id): switchBranch(to: id)
        case .deleteMessage(let id): deleteMessage(id)
        case .loadSummary(let id): loadSummaries(of: [id])
        case .loadAutoSummary: loadAutoSummary()
        case .bell: backend.bell()
        case .notifyAnswerDone(let title, let failed): notifyAnswerDone(title: title, failed: failed)
        case .setPersona(let name): setPersona(name)
        case .quit: break  // `update` set `shouldQuit`; the loop ends after this pass
        case .changeTask(let edit): changeTask(edit)
        case .changeTodo(let edit): changeTodo(edit)
        case .undo(let area): undo(area, redo: false)
        case .redo(let area): undo(area, redo: true)
        case .filterTasks: reloadTasks()
        case .filterTodoRows(let text): filterTodoRows(text)
        case .answerAlert(let alert, let snooze): answer(alert, snooze: snooze)
        case .setAlertQueue(let queue): reminders.setQueue(queue)
        case .openSettings: openSettings()
        case .openSettingsAt(let field): openSettings(at: field)
        case .saveSettings(let values, let previous): saveSettings(values, previous: previous)
        case .listSettingsModels(let kind): listSettingsModels(kind)
        case .editPersonaInEditor(let text): editPersona(text)
        case .applySettings: applySettings()
        case .checkOnboardingKey(let kind, let key): checkOnboardingKey(kind, key)
        case .listOnboardingModels(let kind, let key): listOnboardingModels(kind, key)
        case .finishOnboarding(let choice): finishOnboarding(choice)
        case .conversation(let action): actOnConversations(action)
        case .voice(let effect): perform(voice: effect)
        case .sync(let effect): perform(sync: effect)
        }
    }

    /// Replaces the status bar's notice (through `update`, as every change of the state).
    func show(_ notice: Notice?) { apply(.noticed(notice)) }

    /// Ctrl-G (Ctrl-X Ctrl-E): edit the input in $VISUAL / $EDITOR, with the screen handed over meanwhile.
    private func compose(_ text: String) {
        guard let edited = editInEditor(text, name: "message") else { return }
        apply(.inputEdited(edited))
    }
}
