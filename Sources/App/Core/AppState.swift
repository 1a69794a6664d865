import Foundation
import Core
import Storage
import Terminal

/// All the app's state. Owned by the loop thread alone; changed only by `update` and the loaders.
struct AppState {
    var size: Size
    var focus: PaneID = .chat
    var chat = ChatState()
    var tasks: TasksState
    var todos = TodosState()
    var providerName: String
    var modelName: String
    /// A one-line notice in the status bar (errors say what to do next).
    var notice: Notice?
    var pendingApproval: ApprovalRequest?
    var showHelp = false
    var spinnerFrame = 0
    var shouldQuit = false
    /// Message times are shown in this zone.
    var timeZone: TimeZone = .current

    init(size: Size, today: CivilDate, providerName: String, modelName: String) {
        self.size = size
        self.tasks = TasksState(today: today)
        self.providerName = providerName
        self.modelName = modelName
    }
}

struct Notice: Equatable {
    enum Kind { case info, error }
    var text: String
    var kind: Kind
    var expires: Date?
}

struct ChatState {
    var conversation: Conversation?
    /// The loaded window of the conversation (the most recent messages), oldest first.
    var messages: [Message] = []
    var steps: [Int64: [TimelineStep]] = [:]
    /// More messages exist before `messages.first`.
    var hasOlder = false
    /// Rows scrolled up from the bottom; 0 follows the stream.
    var scrollFromBottom = 0
    var activeTurn: Int?
    var streamingMessageId: Int64?
    var input = LineEditor()
    /// Last rendered transcript height, so PgUp moves a page.
    var viewportHeight = 10

    var isStreaming: Bool { activeTurn != nil }

    func index(of messageId: Int64) -> Int? {
        // Streaming targets the newest messages: search from the end.
        messages.lastIndex { $0.id == messageId }
    }
}

struct TasksState {
    var today: CivilDate
    var selected: CivilDate
    var summary: [CivilDate: DaySummary] = [:]
    var dayTasks: [TaskItem] = []
    var selectedTask = 0

    init(today: CivilDate) {
        self.today = today
        self.selected = today
    }
}

struct TodosState {
    private(set) var trees: [TodoTree] = []
    private(set) var collapsed: Set<Int64> = []
    /// The visible rows, rebuilt only when the trees or the folds change (not per frame).
    private(set) var rows: [TodoRows.Row] = []
    var selectedRow = 0
    var top = 0

    mutating func setTrees(_ trees: [TodoTree]) {
        self.trees = trees
        rows = TodoRows.build(trees: trees, collapsed: collapsed)
    }

    mutating func setCollapsed(_ collapsed: Set<Int64>) {
        self.collapsed = collapsed
        rows = TodoRows.build(trees: trees, collapsed: collapsed)
    }
}
