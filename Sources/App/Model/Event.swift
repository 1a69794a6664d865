import Foundation
import Core
import Terminal
import Agent
import Tools
import Storage
import Providers
import MCPClient

/// Everything that can happen to the app. Posted to the loop; handled by `update` on the loop thread.
enum Event: Sendable {
    case key(Key)
    /// Now: stamped by the runtime before each batch of events, so `update` reads the time
    /// from `state.clock` and never from the system (it stays pure, and tests set the time).
    case clock(Date)
    case resize(Size)
    /// About once a second: spinners, clocks, polling for changes made by another instance.
    case tick(Date)
    case agent(turnId: Int, AgentEvent)
    case approvalRequested(ApprovalRequest)
    /// The live model list for the `/model` picker (or the catalog, with why).
    case modelsListed([Picker.Item], status: String?)
    /// `/keys` finished: what the provider said of the key.
    case keyChecked(String, ok: Bool)
    /// The external MCP servers changed (state, tools): the servers view shows it.
    case mcpServers([MCPServerStatus])
    /// `/attach` read a resource, or could not.
    case resourceRead(server: String, uri: String, Result<String, MCPResourceError>)
    case quitRequested
    /// Repeating tasks were read or a month of them expanded in the background.
    case tasksDataReady
    /// The coming alerts, worked out in the background.
    case alertsComputed([TaskAlert])
    /// Settings and first run (docs/settings.md): a provider's live model list for the screen,
    /// the end of a save (with its key check), local servers found, the wizard's key check and models.
    case settingsModels(ProviderKind, [String])
    case settingsSaved(text: String, ok: Bool, keyRejected: Bool, keySaved: Bool)
    case localServersFound([LocalServerProbe.Found])
    case onboardingKeyChecked(text: String, ok: Bool, unreachable: Bool)
    case onboardingModels(ProviderKind, [String], status: String?)
    /// The model named the conversation after its first exchange (already stored).
    case conversationTitled(id: Int64, title: String)
    /// What an effect's I/O found, applied in the same pass of the loop (`ResultEvent`).
    case result(ResultEvent)
    /// The terminal answered the graphics query (or the setting decided): its image protocol,
    /// none, and a cell's pixels (docs/images.md, Previews in the terminal).
    case graphicsDetected(GraphicsProtocol?, cell: Size)
    /// The tty says a cell's pixels changed (a resize after a font change): previews are sized by it.
    case cellPixelsChanged(Size)
    /// A preview was decoded and encoded off the loop: the next frame can place it.
    case previewReady
    /// Push-to-talk: the recorder's level and end, the transcript (UpdateVoice.swift).
    case voice(VoiceEvent)
    /// Sync: accounts read, a run's end, a local change, a conflict resolved (UpdateSync.swift).
    case sync(SyncEvent)
}

struct ApprovalRequest: Sendable, Equatable {
    var id: Int
    var question: String
}

/// What `update` asks the runtime to do: I/O stays out of `update`, so it can be tested key by key.
enum Effect: Equatable {
    /// `dictation`: the text came from a recording (the turn's timeline notes it).
    case send(String, dictation: Dictation? = nil)
    /// A message with the `/attach`ed resource before it; the conversation is named after `typed`.
    case sendAttached(ResourceAttachment, typed: String)
    /// `/image`, a pasted path, a message with pictures (`ImageEffect`).
    case images(ImageEffect)
    case cancelTurn
    case answerApproval(id: Int, allow: Bool)
    case newConversation
    /// Load the Tasks (the selected day, week or filter) or Todos pane again: the view moved.
    case reloadTasks
    case reloadTodos
    /// Data changed (a tool wrote, `DataChange`): the one refresh path (`TUIApp.refresh`).
    case refresh(tasks: Bool, todos: Bool)
    case reloadUsage
    /// The Contacts and Notes views (`RecordsEffect`).
    case records(RecordsEffect)
    case openProviderPicker
    case openModelPicker
    /// nil keeps the current provider / takes the provider's default model.
    case switchProvider(provider: String?, model: String?)
    case checkKey
    /// The servers view (`/mcp`), a server's restart, its enabled flag (written to mcp.json).
    case openMCPView
    case restartMCPServer(String)
    case setMCPServerEnabled(String, Bool)
    /// `/attach SERVER URI` (or a in the servers view): read the resource for the next message.
    case attachResource(server: String, uri: String)
    /// `/theme`: the list of themes to choose from; `/theme NAME`: that theme, drawn at once.
    case openThemePicker
    /// The slash-command popup needs a list (providers, models, themes, servers, a folder's files).
    case listCompletions(CompletionSource)
    /// Ctrl-P: the command palette, with the recent conversations.
    case openPalette
    /// The palette's settings rows: the settings screen on that field.
    case openSettingsAt(SettingsScreen.Field)
    case switchTheme(String)
    case composeInEditor(String)
    /// A line sent from the input joins the lasting history (the database), in the conversation
    /// open once the effects before it are done (a first message has created it by then).
    case rememberInput(String)
    /// y on a message: to the clipboard (OSC 52, and wl-copy / xclip when present).
    case copyText(String)
    /// p on a message: the text in $PAGER.
    case openInPager(String)
    /// o on a message: one of its code blocks in $PAGER (else $VISUAL / $EDITOR, else less),
    /// from a temporary file with the language's extension.
    case openCode(String, fileExtension: String)
    /// Edit-and-resend (and r): the active branch from this user message is kept hidden, the
    /// text goes out as its new version.
    case resendEdited(messageId: Int64, text: String)
    case switchBranch(to: Int64)
    case deleteMessage(Int64)
    /// A `/summarize` answer finished: read its summary (for a).
    case loadSummary(messageId: Int64)
    /// The agent summarized older messages: read the summary for the marker.
    case loadAutoSummary
    case bell
    /// A long answer ended while the terminal was in the background: the bell and a desktop
    /// notification, as the `notifications` setting says (`title` is the conversation's).
    case notifyAnswerDone(title: String, failed: Bool)
    /// `/persona NAME` (a preset's name or `custom`; nil: the settings'): the conversation answers so.
    case setPersona(String?)
    case quit
    case changeTask(TaskEdit)
    case changeTodo(TodoEdit)
    case undo(JournalArea)
    case redo(JournalArea)
    /// Every task whose title, notes, category or list contains the text.
    case filterTasks(String)
    /// The Todos rows for the filter as typed, worked out off the loop from the pane's trees.
    case filterTodoRows(String)
    case setAlertQueue([TaskAlert])
    /// Snooze (nil: dismiss) the alert shown.
    case answerAlert(TaskAlert, snooze: Snooze?)
    /// The settings screen: open it; save (config.toml, then a new key checked into credentials.toml);
    /// its model list; the custom persona in $EDITOR; read the files again and rebuild the provider.
    case openSettings
    case saveSettings(SettingsValues, previous: SettingsValues)
    case listSettingsModels(ProviderKind)
    case editPersonaInEditor(String)
    case applySettings
    /// The first-run wizard: a key check, a live model list, the end (nil provider: skipped).
    case checkOnboardingKey(ProviderKind, String)
    case listOnboardingModels(ProviderKind, String)
    case finishOnboarding(OnboardingChoice)
    /// Conversations (docs/conversations.md): the list (Ctrl-O), search (Ctrl-F) and their actions.
    case conversation(ConversationAction)
    /// Push-to-talk: the recorder and the transcription (`VoiceRecorder`, TUIApp+Voice.swift).
    case voice(VoiceEffect)
    /// Sync off the loop (`SyncRunner`, TUIApp+Sync.swift).
    case sync(SyncEffect)
}

/// What push-to-talk asks of the runtime.
enum VoiceEffect: Equatable {
    /// Runs the recorder: answered by `.voice(.level)` while it records, `.voice(.ended)` at its end.
    case start
    /// SIGINT to the recorder, the rest of its audio read (bounded; then SIGKILL).
    case stop
    /// Kills the recorder, or gives up the transcription under way; the audio is dropped.
    case cancel
    /// Transcribes the recording (off the loop): `.voice(.transcribed / .transcriptionFailed)`.
    case transcribe(attempt: Int)
    /// The settings screen's test with its `[voice]` values as typed: a recording of 3 s, or
    /// the file's audio, transcribed.
    case test(VoiceSettings, file: String?, attempt: Int)
}

/// What the conversation list and search ask of the runtime.
enum ConversationAction: Equatable {
    case openList
    /// Reads a page of results for the query typed (`from: .start`: its first page) off the
    /// loop, cancelling the search running; answered by `.searchResults` (`SearchRunner`).
    case search(query: String, request: Int, from: SearchCursor)
    /// Cancels the search running (the picker closed, nothing left to search for).
    case stopSearch
    /// Filters the list's `items` by the text typed so far, off the loop (`Picker.filtered`).
    case filterList(String, items: [Picker.Item])
    /// Opens the conversation; at `messageId` (scrolled there, `query`'s hits stepped with n/N).
    case open(id: Int64, messageId: Int64?, query: String?)
    case showNote(id: Int64)
    case rename(id: Int64, title: String)
    case archive(id: Int64, archived: Bool)
    /// Deletes for the session (`restore` brings it back until the app quits).
    case delete(id: Int64)
    case restore(id: Int64)
    /// `/export [FILE]`: the open conversation as Markdown, or JSON when FILE ends in .json.
    case export(path: String?)
}

/// A change to the calendar, carried out by the runtime.
enum TaskEdit: Equatable {
    /// Inserts (id nil) or saves the task. `label` names the change in the undo journal.
    case save(TaskItem, label: String?)
    /// Saves an edited occurrence of a series: this day only, this day on, or the whole series.
    case saveOccurrence(TaskItem, seriesId: Int64, day: CivilDate, scope: SeriesScope)
    case delete(id: Int64)
    case deleteOccurrence(seriesId: Int64, day: CivilDate, scope: SeriesScope)
}

/// A change to the todo tree, carried out by the runtime.
enum TodoEdit: Equatable {
    case addTodo(title: String, afterPosition: Int?)
    case addSubtask(todoId: Int64, parentId: Int64?, title: String)
    case rename(todoId: Int64, subtaskId: Int64?, title: String)
    case setNotes(todoId: Int64, subtaskId: Int64?, notes: String)
    /// Opens the notes in $VISUAL / $EDITOR and saves what comes back.
    case notesInEditor(todoId: Int64, subtaskId: Int64?)
    case setDue(todoId: Int64, subtaskId: Int64?, day: CivilDate?)
    case setCompleted(todoId: Int64, subtaskId: Int64?, completed: Bool, withChildren: Bool)
    case delete(todoId: Int64, subtaskId: Int64?)
    case move(todoId: Int64, subtaskId: Int64?, by: Int)
}

enum PaneID: Int, CaseIterable, Sendable {
    case chat, tasks, todos
    var title: String {
        switch self {
        case .chat: return tr.chrome.chat
        case .tasks: return tr.chrome.tasks
        case .todos: return tr.chrome.todos
        }
    }
}

extension AgentEvent {
    /// Shown on the screen at once rather than at the next frame: the rare events that end
    /// or pause a stretch of streaming. Tokens and thoughts (hundreds a second) wait for frames.
    var drawsAtOnce: Bool {
        switch self {
        case .textDelta, .step, .toolImages: return false
        case .dataChanged, .waiting, .modelCallEnded, .finished, .summarized, .answering, .modelNotFound: return true
        }
    }
}

/// What the Contacts and Notes views ask the runtime for; each answers `.recordsLoaded`.
enum RecordsEffect: Equatable {
    case open(RecordsView.Kind)
    /// Added when it has no id, else changed.
    case save(Record)
    case delete(Record)
    /// Brings back the record deleted last (as a new one).
    case restore(Record)
    /// A note's text in `$VISUAL` / `$EDITOR`.
    case editNoteText(Int64)
}
