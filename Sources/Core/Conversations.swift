import Foundation

public struct Conversation: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var title: String
    public var provider: String?
    public var model: String?
    /// The persona it answers with (a preset's name or a custom persona's text); nil: the settings'.
    public var persona: String?
    public var archived: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, title: String = "New conversation", provider: String? = nil, model: String? = nil,
                persona: String? = nil, archived: Bool = false, createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.title = title; self.provider = provider; self.model = model; self.persona = persona
        self.archived = archived; self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}

public enum Role: String, Codable, Sendable {
    case system, user, assistant, tool
}

public enum MessageStatus: String, Codable, Sendable {
    /// complete: finished normally. streaming: being written (a crash leaves it so; next start marks it
    /// interrupted). interrupted: cut off (cancel, crash, network). error: failed before any text.
    case complete, streaming, interrupted, error
}

public struct Message: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var conversationId: Int64
    public var role: Role
    public var content: String
    public var status: MessageStatus
    public var provider: String?
    public var model: String?
    public var inputTokens: Int?
    public var outputTokens: Int?
    public var cost: Double?
    /// A readable error (what happened, what to do) when status is error or interrupted.
    public var errorText: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, conversationId: Int64, role: Role, content: String,
                status: MessageStatus = .complete, provider: String? = nil, model: String? = nil,
                inputTokens: Int? = nil, outputTokens: Int? = nil, cost: Double? = nil, errorText: String? = nil,
                createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.conversationId = conversationId; self.role = role; self.content = content
        self.status = status; self.provider = provider; self.model = model; self.inputTokens = inputTokens
        self.outputTokens = outputTokens; self.cost = cost; self.errorText = errorText
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}

/// A tool call made during a turn. Keyed by (messageId, callId): provider call ids repeat across turns.
public struct ToolCallRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    /// The assistant message (turn) that made the call.
    public var messageId: Int64
    public var callId: String
    public var name: String
    public var arguments: String
    public var result: String?
    public var isError: Bool
    public var createdAt: Date

    public init(id: Int64? = nil, messageId: Int64, callId: String, name: String, arguments: String,
                result: String? = nil, isError: Bool = false, createdAt: Date = Date()) {
        self.id = id; self.messageId = messageId; self.callId = callId; self.name = name
        self.arguments = arguments; self.result = result; self.isError = isError; self.createdAt = createdAt
    }
}

public enum TimelineKind: String, Codable, Sendable {
    /// `modelCall`: one request to the model, with its token counts (shown in the timeline view).
    /// `dictated`: the question was spoken and transcribed (first step; detail: the seconds of
    /// speech and the server, duration: the transcription's time).
    case thought, toolCall, toolResult, error, answer, modelCall, dictated
}

public enum StepStatus: String, Codable, Sendable {
    case pending, running, done, failed, cancelled, awaitingApproval
}

/// One step of the Reason-Act timeline under an answer.
public struct TimelineStep: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var messageId: Int64
    public var position: Int
    public var kind: TimelineKind
    public var title: String
    public var detail: String
    public var callId: String?
    public var status: StepStatus
    public var startedAt: Date
    /// Seconds; nil while running.
    public var duration: Double?

    public init(id: Int64? = nil, messageId: Int64, position: Int, kind: TimelineKind, title: String,
                detail: String = "", callId: String? = nil, status: StepStatus = .running,
                startedAt: Date = Date(), duration: Double? = nil) {
        self.id = id; self.messageId = messageId; self.position = position; self.kind = kind; self.title = title
        self.detail = detail; self.callId = callId; self.status = status; self.startedAt = startedAt
        self.duration = duration
    }
}
