import Foundation
import Synchronization
import Core
import Storage
import MCPClient
import Terminal

/// All the app's state. Owned by the loop thread alone; changed only by `update` (the
/// runtime's I/O answers with `ResultEvent`s that `update` applies).
struct AppState {
    var size: Size
    var focus: PaneID = .chat
    var chat = ChatState()
    var tasks: TasksState { didSet { tasksVersion = AppState.nextVersion() } }
    var todos = TodosState() { didSet { todosVersion = AppState.nextVersion() } }
    /// Change stamps of `tasks` and `todos`, new on every mutation and unique across states,
    /// so the renderer can tell that a pane is unchanged without comparing its data.
    private(set) var tasksVersion = AppState.nextVersion()
    private(set) var todosVersion = AppState.nextVersion()
    /// The badge's provider: the one chosen, or the one of a fallback chain answering now.
    var providerName: String
    var modelName: String
    /// A one-line notice in the status bar (errors say what to do next).
    var notice: Notice?
    var pendingApproval: ApprovalRequest?
    /// What is drawn over the panes, bottom to top; the top one takes the keys (Overlay.swift).
    var overlays: [Overlay] = []
    /// External servers whose failure the status bar has told (told again after a restart fails).
    var mcpFailuresTold: Set<String> = []
    /// Every line sent from the input, as stored (Up, Ctrl-R): the editor's history is made from it.
    var inputHistory = InputHistory()
    /// Tokens and cost of the open conversation.
    var usage: UsageTotals?
    /// Now, for `update`: the runtime stamps it on each batch of events (`Event.clock`) and each
    /// tick, so update code never reads the system clock; countdowns are drawn against it.
    var clock: Date
    /// `[keys]` remaps from config.toml, applied before `update` dispatches a key.
    var keyBindings = KeyBindings()
    /// `render_markdown`: answers drawn as Markdown (true) or as their source, wrapped.
    var renderMarkdown = true
    /// Ctrl-X was pressed: the next key completes a two-key command (Ctrl-X Ctrl-E).
    var ctrlX = false
    /// The vi keys' pending `g` and `:` command line (`keymap = "vi"`).
    var vi = ViState()
    /// Push-to-talk (F4): the recording's phase and meter, the `[voice]` settings.
    var voice = VoiceState()
    /// Sync: accounts, the run under way or the last, conflicts, the next run (UpdateSync.swift).
    var sync = SyncState()
    /// Can the active provider be reached (the status bar says).
    var connectivity = Connectivity.unknown
    /// Focus reports (`CSI I` / `CSI O`): false while the terminal is in the background.
    var terminalFocused = true
    /// Inline image previews, once the terminal said it can show them (`.graphicsDetected`).
    var imagePreviews: ImagePreviews?
    /// `notify_after_seconds`: an answer that took this long rings and notifies when it ends unfocused.
    var notifyAfterSeconds: Double = 10
    /// Conversations deleted this session, newest last: `u` in the list brings them back
    /// until the app quits (then they are purged).
    var trashedConversations: [(id: Int64, title: String)] = []
    /// Something is drawn over the panes (help, a chooser, the timeline view, a form).
    var hasOverlay: Bool { !overlays.isEmpty }
    var spinnerFrame = 0
    var shouldQuit = false
    /// Message times are shown in this zone, and days begin in it. The runtime gives the
    /// system's; a state made without one (tests) is in UTC, so update code reads no ambient zone.
    var timeZone: TimeZone

    private static let versions = Atomic<Int>(1)
    static func nextVersion() -> Int { versions.wrappingAdd(1, ordering: .relaxed).newValue }

    /// `clock` nil: the start of `today` in `timeZone`.
    init(size: Size, today: CivilDate, providerName: String, modelName: String,
         timeZone: TimeZone = TimeZone(identifier: "UTC")!, clock: Date? = nil) {
        self.size = size
        self.timeZone = timeZone
        self.clock = clock ?? today.startDate(in: timeZone)
        self.tasks = TasksState(today: today)
        self.providerName = providerName
        self.modelName = modelName
        self.connectivity = providerName == "Offline" ? .offlineAssistant : .unknown
    }
}

/// The timeline view (`t`): which answer, scrolled how far.
struct TimelineViewState: Equatable {
    var messageId: Int64
    var scroll = 0
}

struct Notice: Equatable {
    enum Kind { case info, error }
    var text: String
    var kind: Kind
    var expires: Date?
    /// Waiting before a retry: the seconds left are shown after the text.
    var countdownTo: Date?

    func display(at now: Date) -> String {
        guard let end = countdownTo else { return text }
        // The seconds first: the reason may be cut off at the screen's edge.
        return tr.chrome.retryingIn(max(0, Int(end.timeIntervalSince(now).rounded(.up)))) + text
    }
}

struct ChatState {
    var conversation: Conversation?
    /// The loaded window of the conversation (the most recent messages), oldest first.
    var messages: [Message] = []
    var steps: [Int64: [TimelineStep]] = [:]
    /// More messages exist before `messages.first`.
    var hasOlder = false
    /// Where the user asked the transcript to be scrolled; the position drawn (clamped, kept
    /// still while an answer grows) is the renderer's, in `ViewState.chat`.
    var scroll = ScrollRequest()
    /// The turn streaming now, from `.turnStarted` to its `.finished` (`RunningTurn`).
    var turn: RunningTurn?
    var streamingMessageId: Int64? { turn?.messageId }
    var input = LineEditor()
    /// The message selected (Esc leaves the input; j/k, Alt-Up / Alt-Down choose): letters act
    /// on it (`handleSelectionKey`), Enter opens or closes its steps, t its timeline.
    var selectedMessageId: Int64?
    /// e on the last user message: Enter resends the input as its new version (a branch).
    var editingMessageId: Int64?
    /// Where the loaded user messages that have other versions sit among them (`‹ 2/3 ›`).
    var branches: [Int64: BranchPosition] = [:]
    /// `/summarize` answers in the window, by message id (a turns their action items into todos).
    var summaries: [Int64: Summary] = [:]
    /// The automatic summary of older messages the model gets instead of them: a marker under
    /// the last message it covers; Enter on that message shows it whole.
    var autoSummary: StoredSummary?
    /// Answers whose steps show their whole detail, not the first line.
    var expanded: Set<Int64> = []
    /// Opened from a search result: n / N step through the messages with its words.
    var search: ChatSearch?
    /// `/attach`: a resource that goes with the next message sent (📎 in the status bar).
    var attachment: ResourceAttachment?
    /// `/image` and pasted image paths: pictures for the next message, drawn as chips above the
    /// input (ImageAttaching.swift).
    var images: [ImageAttachment] = []
    /// The pictures stored with the loaded messages, by message id: placeholders under them.
    var messageImages: [Int64: [StoredImage]] = [:]
    /// The pictures tools returned, by answer and call id: placeholders under the call's result.
    var toolImages: [Int64: [String: [StoredImage]]] = [:]
    /// The slash-command popup over the input (CommandCompletion.swift).
    var completion = CompletionState()
    /// `/persona`: the conversation's own persona (a preset's name or a custom text); nil: the
    /// settings'. Kept here too before the conversation exists (its first message stores it).
    var persona: String?
    /// The provider answered that it does not know the model (`.modelNotFound`): the turn's end
    /// says so and opens the model picker.
    var missingModel: String?
    /// When the turn streaming now started (`state.clock`): a long one ending in the background notifies.
    var turnStartedAt: Date?

    var isStreaming: Bool { turn != nil }

    func index(of messageId: Int64) -> Int? {
        // Streaming targets the newest messages: search from the end.
        messages.lastIndex { $0.id == messageId }
    }
}

struct TasksState {
    enum ListMode: Equatable {
        case day
        /// The seven days from the selected one.
        case week
        /// Every task matching the text.
        case filter(String)
    }
    var today: CivilDate
    var selected: CivilDate
    var summary: [CivilDate: DaySummary] = [:]
    /// The tasks the list shows (the day's, the week's or the filter's); an occurrence of a
    /// series carries the day it falls on as its `dueDate`.
    var dayTasks: [TaskItem] = []
    /// The ids in `dayTasks` of series whose rule is kept as is (worked out when loaded).
    var keptRules: Set<Int64> = []
    /// Todos and subtasks due on the selected day.
    var dayTodos: [DueTodo] = []
    var selectedTask = 0
    var mode: ListMode = .day
    /// The filter `dayTasks` answers (read off the loop); nil for a day's or week's list.
    var listedFilter: String?
    /// A task to select once the list has loaded again (the one a tool just made or changed).
    var focusTaskId: Int64?

    var selectedItem: TaskItem? { dayTasks.indices.contains(selectedTask) ? dayTasks[selectedTask] : nil }

    /// After a load: selects `focusTaskId` when the list shows it, once.
    mutating func takeFocus() {
        guard let id = focusTaskId else { return }
        focusTaskId = nil
        if let i = dayTasks.firstIndex(where: { $0.id == id }) { selectedTask = i }
    }

    init(today: CivilDate) {
        self.today = today
        self.selected = today
    }
}

struct TodosState {
    private(set) var trees: [TodoTree] = []
    /// Todos shown unfolded. Everything starts folded so thousands of todos load as one line
    /// each; small collections are unfolded whole at start-up (see `TodoPaneLoader`).
    private(set) var expanded: Set<Int64> = []
    /// The visible rows, rebuilt only when the trees or the folds change (not per frame).
    private(set) var rows: [TodoRows.Row] = []
    /// Where each todo id sits in `trees`, so drawing a row is a lookup, not a scan.
    private(set) var treeIndex: [Int64: Int] = [:]
    private(set) var loadedOnce = false
    /// While only the head of a large list is loaded (the first frame), the sections' totals.
    private(set) var headTotals: TodoRows.Totals?
    /// Only the head is loaded: the whole list is read when the user comes to the pane.
    var headOnly: Bool { headTotals != nil }
    /// The newest todo when the head was read, until the whole list is.
    private var headLastId: Int64?
    var selectedRow = 0
    /// A todo to select once the list has loaded again (the one a tool just made or changed).
    var focusTodoId: Int64?
    /// `/` in Todos: only matching todos and subtasks are shown (all subtasks are loaded then).
    private(set) var filter: String?
    /// A filter as typed whose rows are being worked out off the loop (`takeFiltered`).
    private(set) var pendingFilter: String?
    /// Counts the loads and folds, so rows worked out off the loop for older trees are dropped.
    private(set) var version = 0

    /// Applies `text` at once, rows rebuilt here.
    mutating func setFilter(_ text: String?) {
        filter = text
        pendingFilter = nil
        rebuildRows()
    }

    /// `text` was typed: its rows are asked for off the loop.
    mutating func typeFilter(_ text: String) { pendingFilter = text }

    /// The rows for `text` worked out off the loop for `version`; false when they are stale.
    mutating func takeFiltered(_ text: String, rows: [TodoRows.Row], version: Int) -> Bool {
        guard pendingFilter == text, version == self.version else { return false }
        filter = text
        pendingFilter = nil
        self.rows = rows
        clampSelection()
        return true
    }

    /// After a load: selects `focusTodoId`'s row when the list shows it, once.
    mutating func takeFocus() {
        guard let id = focusTodoId else { return }
        focusTodoId = nil
        if let row = rows.firstIndex(where: { $0.todoId == id && $0.subtask == nil && $0.section == nil }) { selectedRow = row }
    }

    /// Keeps the selection on a row that exists and is not a section header (stepping past one
    /// in `direction`, or back when there is nothing past it).
    mutating func clampSelection(direction: Int = 1) {
        var i = max(0, min(selectedRow, rows.count - 1))
        for step in [direction, -direction] {
            var j = i
            while rows.indices.contains(j), rows[j].section != nil { j += step }
            if rows.indices.contains(j) { i = j; break }
        }
        selectedRow = i
    }

    /// Takes freshly loaded trees. Todos that appeared since the last load are unfolded (the
    /// list the assistant just made should be seen); returns true when some of the unfolded
    /// todos still need their subtasks loaded.
    @discardableResult
    mutating func setTrees(_ trees: [TodoTree]) -> Bool {
        if loadedOnce {
            expanded.formUnion(trees.compactMap(\.todo.id).filter { treeIndex[$0] == nil })
        } else if let headLastId {
            // The first whole list after the head: new are the todos made since the head was read.
            expanded.formUnion(trees.compactMap(\.todo.id).filter { $0 > headLastId })
        }
        loadedOnce = true
        headLastId = nil
        headTotals = nil
        take(trees)
        return needsSubtasks
    }

    /// Takes the head of a large list, for the first frame; `setTrees` follows with all of it
    /// (and counts as the first load).
    mutating func setHead(_ head: TodoHead) {
        headTotals = TodoRows.Totals(open: head.openCount, completed: head.completedCount)
        headLastId = head.lastId
        take(head.trees)
    }

    private mutating func take(_ trees: [TodoTree]) {
        self.trees = trees
        treeIndex = Dictionary(trees.enumerated().compactMap { i, t in t.todo.id.map { ($0, i) } }, uniquingKeysWith: { a, _ in a })
        rebuildRows()
    }

    private mutating func rebuildRows() {
        version += 1
        rows = TodoRows.build(trees: trees, expanded: expanded, filter: filter, totals: headTotals)
        clampSelection()
    }

    /// Returns true when an unfolded todo's subtasks are not loaded yet.
    @discardableResult
    mutating func setExpanded(_ expanded: Set<Int64>) -> Bool {
        self.expanded = expanded
        rebuildRows()
        return needsSubtasks
    }

    func tree(_ todoId: Int64) -> TodoTree? { treeIndex[todoId].map { trees[$0] } }

    var allIds: Set<Int64> { Set(trees.compactMap(\.todo.id)) }

    private var needsSubtasks: Bool {
        expanded.contains { id in tree(id).map { !$0.subtasksLoaded } ?? false }
    }
}
