import Foundation
import Core
import Terminal
import Agent
import Tools
import Storage

/// Everything that can happen to the app. Posted to the loop; handled by `update` on the loop thread.
enum Event: Sendable {
    case key(Key)
    case resize(Size)
    /// About once a second: spinners, clocks, polling for changes made by another instance.
    case tick(Date)
    case agent(turnId: Int, AgentEvent)
    case approvalRequested(ApprovalRequest)
    /// The live model list for the `/model` picker (or the catalog, with why).
    case modelsListed([Picker.Item], status: String?)
    /// `/keys` finished: what the provider said of the key.
    case keyChecked(String, ok: Bool)
    case quitRequested
    /// Repeating tasks were read or a month of them expanded in the background.
    case tasksDataReady
    /// The coming alerts, worked out in the background.
    case alertsComputed([TaskAlert])
}

struct ApprovalRequest: Sendable, Equatable {
    var id: Int
    var question: String
}

/// What `update` asks the runtime to do: I/O stays out of `update`, so it can be tested key by key.
enum Effect: Equatable {
    case send(String)
    case cancelTurn
    case answerApproval(id: Int, allow: Bool)
    case newConversation
    case reloadTasks
    case reloadTodos
    case reloadUsage
    case openProviderPicker
    case openModelPicker
    /// nil keeps the current provider / takes the provider's default model.
    case switchProvider(provider: String?, model: String?)
    case checkKey
    /// `/theme`: the list of themes to choose from; `/theme NAME`: that theme, drawn at once.
    case openThemePicker
    case switchTheme(String)
    case composeInEditor(String)
    /// y on a message: to the clipboard (OSC 52, and wl-copy / xclip when present).
    case copyText(String)
    /// p on a message: the text in $PAGER.
    case openInPager(String)
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
    case quit
    case changeTask(TaskEdit)
    case changeTodo(TodoEdit)
    case undo(JournalArea)
    case redo(JournalArea)
    /// Every task whose title, notes, category or list contains the text.
    case filterTasks(String)
    case setAlertQueue([TaskAlert])
    /// Snooze (nil: dismiss) the alert shown.
    case answerAlert(TaskAlert, snooze: Snooze?)
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
        case .chat: return "Chat"
        case .tasks: return "Tasks"
        case .todos: return "Todos"
        }
    }
}

extension AgentEvent {
    /// Shown on the screen at once rather than at the next frame: the rare events that end
    /// or pause a stretch of streaming. Tokens and thoughts (hundreds a second) wait for frames.
    var drawsAtOnce: Bool {
        switch self {
        case .textDelta, .step: return false
        case .dataChanged, .waiting, .modelCallEnded, .finished, .summarized: return true
        }
    }
}
