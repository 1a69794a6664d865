import Foundation
import Core
import Storage
import Agent

/// What an effect's I/O found, for `update` to apply (`applyResult`): the runtime reads and
/// writes files, the database and the agent, and answers with one of these instead of changing
/// the state itself. Applied at once, in the same pass of the loop as the effect that asked
/// (`TUIApp.apply`), so a result costs no frame of latency.
enum ResultEvent: Sendable {
    /// Replaces the status bar's notice (nil clears it): an I/O failure, what an action did.
    case noticed(Notice?)
    /// A turn was committed (its question and empty answer stored) and streams now.
    case turnStarted(RunningTurn, user: Message, answer: Message)
    /// A turn could not be committed: the text goes back into the input, the notice says why.
    case turnNotStarted(text: String, Notice)
    /// A file read and checked by `/image` or a pasted path: it joins the chips.
    case imageAttached(ImageAttachment)
    /// A pasted path that is no image file: typed into the input as the paste it was.
    case pasteInserted(String)
    /// The turn with the chips was stored: its question's pictures, the chips cleared.
    case imagesSent(messageId: Int64, [StoredImage])
    /// The first message of a new conversation created it.
    case conversationCreated(Conversation)
    /// `/new`, or the open conversation was deleted: an empty chat, the input kept.
    case conversationCleared
    /// A conversation deleted from the list: cleared when it is the open one.
    case conversationDeleted(id: Int64)
    /// A conversation opened with its window of messages and its usage.
    case conversationOpened(Conversation, ConversationWindow, usage: UsageTotals?)
    /// Opened at a search result: n / N step through `query`'s hits, from `messageId`.
    case searchOpened(query: String, at: Int64)
    /// The open conversation's window read again (a branch changed, a message deleted).
    case windowReloaded(ConversationWindow)
    /// Branch marks and summaries read again for the window loaded.
    case marksLoaded(ConversationMarks)
    case summariesLoaded([Int64: Summary])
    case autoSummaryLoaded(StoredSummary?)
    case usageLoaded(UsageTotals?)
    case messageSelected(Int64?)
    /// Ctrl-G (Ctrl-X Ctrl-E): the input as the editor left it.
    case inputEdited(String)
    /// The lasting input history, read after the first frame.
    case inputHistoryLoaded([InputHistoryLine])
    /// A line sent was stored in the input history.
    case inputRemembered(InputHistoryLine)
    case tasksLoaded(TasksLoad)
    /// The Todos pane as loaded: worked out by `TodoPaneLoader` from the pane as it was, a
    /// moment before in the same pass (so nothing changed it meanwhile).
    case todosLoaded(TodosState)
    /// The Contacts or Notes view's records, read again: shown in the open view, or the view opened.
    case recordsLoaded(RecordsView.Kind, [Record], notice: Notice?)
    /// The first frame of a large todo list: its head only.
    case todoHeadLoaded(TodoHead)
    /// A subtask is being added: its todo shows unfolded.
    case todoUnfolded(Int64)
    case todoSelected(todoId: Int64?, subtaskId: Int64?)
    /// Reminders whose time came (at most ten; `more` past those), fired at `now`.
    case alertsFired([TaskAlert], more: Int, now: Date)
    /// A chooser filled by the runtime (providers, models, themes, conversations, search).
    case pickerOpened(Picker)
    /// A list the slash-command popup asked for (`Effect.listCompletions`).
    case completionsListed(CompletionSource, [Picker.Item])
    /// The conversation list read again after a change: the choice kept, or its place.
    case conversationListChanged([Picker.Item])
    /// The conversation list's items kept by `filter`, worked out off the loop.
    case listFiltered(filter: String, items: [Picker.Item])
    /// The Todos rows for the filter `text`, worked out off the loop from the trees of `version`.
    case todoRowsFiltered(text: String, rows: [TodoRows.Row], version: Int)
    /// The tasks matching the Tasks pane's filter `text`, read off the loop.
    case taskFilterLoaded(text: String, tasks: [TaskItem], keptRules: Set<Int64>)
    /// A page of search results for a request (`searchAnswered` drops those of an older one).
    case searchResults(SearchAnswer)
    case mcpViewOpened(MCPView)
    /// `/persona`: the open (or next) conversation's persona, stored.
    case personaChanged(String?)
    /// The agent was rebuilt: the badge's provider and model (the open conversation's).
    case providerChanged(providerId: String, name: String, model: String)
    /// config.toml read again: what the state keeps of it.
    case settingsApplied(KeyBindings, renderMarkdown: Bool, notifyAfter: Double, voice: VoiceSettings)
    case settingsOpened(SettingsScreen)
    /// config.toml could not be written: the screen stays open and says why.
    case settingsNotSaved(String)
    /// The custom persona as the editor left it.
    case personaEdited(String)
    case onboardingOpened(Onboarding)
}

/// A turn as the screen knows it, from its start to its `.finished`: the one identity of a
/// turn. `id` numbers this run's turns (the controller keys its task by it and every event the
/// turn posts carries it, so a late event of a cancelled turn cannot end the next one);
/// `messageId` is the answer it streams.
///
/// Which copy of a streaming answer's text is the truth: while it streams, the state's message
/// (the deltas added up) is ahead of the database, which the agent checkpoints at most every
/// 250 ms; the database is what survives a crash. At `.finished` the stored answer replaces
/// the state's copy, so from then on both say the same.
struct RunningTurn: Equatable, Sendable {
    var id: Int
    var messageId: Int64
}

/// A conversation's loaded window and what is drawn with it (`ConversationLoader`).
struct ConversationWindow: Sendable {
    var messages: [Message]
    /// More messages exist before `messages.first`.
    var hasOlder: Bool
    var steps: [Int64: [TimelineStep]]
    var marks: ConversationMarks
}

/// What is drawn beside a window's messages: branch marks, `/summarize` summaries, the
/// automatic summary's marker.
struct ConversationMarks: Sendable {
    var branches: [Int64: BranchPosition]
    var summaries: [Int64: Summary]
    var autoSummary: StoredSummary?
    /// The pictures stored with the messages (placeholders under them).
    var images: [Int64: [StoredImage]] = [:]
    /// The pictures tools returned, by answer and call id (placeholders under the call's result).
    var toolImages: [Int64: [String: [StoredImage]]] = [:]
}

/// What the Tasks pane shows for its day, week or filter (`TaskPaneLoader`).
struct TasksLoad: Sendable {
    var summary: [CivilDate: DaySummary]
    /// nil for a filter: its tasks are read off the loop (`ResultEvent.taskFilterLoaded`).
    var dayTasks: [TaskItem]?
    var dayTodos: [DueTodo]
    /// The listed series whose rule the app cannot expand ("repeats (rule kept as is)").
    var keptRules: Set<Int64>

    init(summary: [CivilDate: DaySummary], dayTasks: [TaskItem]?, dayTodos: [DueTodo]) {
        self.summary = summary; self.dayTasks = dayTasks; self.dayTodos = dayTodos
        keptRules = dayTasks.map(Self.keptRules(of:)) ?? []
    }

    /// The ids of `tasks` whose recurrence does not parse, each distinct text parsed once:
    /// worked out where the tasks are loaded, off the loop, so drawing never parses a rule.
    static func keptRules(of tasks: [TaskItem]) -> Set<Int64> {
        var verdicts: [String: Bool] = [:]
        var kept: Set<Int64> = []
        for task in tasks {
            guard let id = task.id, let text = task.recurrence else { continue }
            let keptAsIs = verdicts[text] ?? RecurrenceSet.keptAsIs(text)
            verdicts[text] = keptAsIs
            if keptAsIs { kept.insert(id) }
        }
        return kept
    }
}
