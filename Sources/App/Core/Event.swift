import Foundation
import Core
import Terminal
import Agent
import Tools

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
    case composeInEditor(String)
    case bell
    case quit
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
        case .dataChanged, .waiting, .modelCallEnded, .finished: return true
        }
    }
}
