import Foundation
import Core
import Providers
import Tools
import Storage

/// Asked before a destructive tool runs; true allows it.
public typealias ApprovalHandler = @Sendable (ToolCallRequest, ToolDefinition) async -> Bool

/// The Reason-Act orchestrator: one turn = model calls and tool calls until a final answer.
/// It works the same for the TUI, `aihelper ask` and tests: it only talks through `AgentEvent`s.
public final class Agent: Sendable {
    public let provider: any ChatProvider
    /// The built-in tools; `tools` adds the external ones of the moment.
    public let builtInTools: ToolRegistry
    /// External MCP servers' tools: they come and go while the app runs.
    public let externalTools: (any ExternalToolSource)?
    public let database: AppDatabase
    public let config: AgentConfig

    public init(provider: any ChatProvider, tools: ToolRegistry, database: AppDatabase, config: AgentConfig = AgentConfig(),
                externalTools: (any ExternalToolSource)? = nil) {
        self.provider = provider; self.builtInTools = tools; self.database = database; self.config = config
        self.externalTools = externalTools
    }

    /// The tools callable now: built-ins first (they win a name clash), then external ones.
    /// A turn takes this once, so tools that change mid-turn do not change under it.
    public var tools: ToolRegistry {
        guard let externalTools else { return builtInTools }
        let more = externalTools.currentTools()
        return more.isEmpty ? builtInTools : builtInTools.adding(more)
    }

    public var model: String { config.model ?? provider.defaultModel }

    /// Commits the user's message and an empty streaming answer before anything goes out,
    /// so nothing typed is lost even if the process dies right after.
    /// `dictation`: the text was spoken; the answer's timeline notes it (a `.dictated` step).
    public func startTurn(conversationId: Int64, userText: String, dictation: Dictation? = nil) throws -> Turn {
        let user = try database.appendMessage(Message(conversationId: conversationId, role: .user, content: userText))
        return Turn(user: user, assistant: try startAnswer(to: user), dictation: dictation)
    }

    /// Edit-and-resend (and retry): the active branch from `userMessageId` on is kept as a
    /// hidden branch, `text` is committed as the message's new version, and its answer starts.
    public func startEditedTurn(replacing userMessageId: Int64, text: String) throws -> Turn {
        let user = try database.branchEdit(of: userMessageId, text: text)
        return Turn(user: user, assistant: try startAnswer(to: user))
    }

    private func startAnswer(to user: Message) throws -> Message {
        try database.appendMessage(Message(
            conversationId: user.conversationId, role: .assistant, content: "", status: .streaming,
            provider: provider.id, model: model))
    }

    /// Runs the turn to its end (answer, limit, error or cancel) and returns the final message.
    /// `beforeStoring` is awaited after each model call's last words were emitted, before they
    /// are stored: the TUI returns once they are on the screen (`FrameBarrier`). `retryHint`
    /// is how this front end asks again ("Press r …"), added to a failure worth another try;
    /// `aihelper ask` has none.
    public func run(_ turn: Turn, now: Date = Date(), timeZone: TimeZone = .current,
                    approve: @escaping ApprovalHandler = { _, _ in false },
                    emit: @escaping @Sendable (AgentEvent) -> Void,
                    beforeStoring: @escaping @Sendable () async -> Void = {}, retryHint: String? = nil) async -> Message {
        var runner = TurnRunner(agent: self, turn: turn, now: now, timeZone: timeZone, approve: approve, emit: emit,
                                beforeStoring: beforeStoring)
        runner.retryHint = retryHint
        let message = await runner.run()
        emit(.finished(message))
        return message
    }
}
