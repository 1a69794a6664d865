import Foundation
import Core
import Tools

/// What a running turn tells its owner (the event loop, `aihelper ask`, tests), in order.
public enum AgentEvent: Sendable {
    case textDelta(messageId: Int64, String)
    /// A timeline step was added or changed (same id: replace).
    case step(TimelineStep)
    case dataChanged(DataChange)
    /// The provider waits `seconds` before sending (a retry after a failure before the first
    /// token, or the requests-per-minute limit); `reason` says why.
    case waiting(seconds: Double, reason: String)
    /// One model call stopped sending (the turn may go on with tools): its text so far is
    /// whole, and a screen should show it now rather than at its next frame. `.finished`
    /// follows once the answer is stored.
    case modelCallEnded(messageId: Int64)
    /// The provider now asked (a fallback chain, before each one it tries; the first model call
    /// of every turn starts with the chain's first): `name` is what a status bar shows.
    case answering(providerId: String, name: String)
    /// Older messages of the conversation were summarized for the context (a marker shows it).
    case summarized(conversationId: Int64, coversThroughId: Int64)
    /// The provider does not know the model asked for (a 404, `model_not_found`); `.finished`
    /// follows with the error. A screen offers another model.
    case modelNotFound(model: String)
    /// The turn ended; the message carries its final status and text.
    case finished(Message)
}

/// A turn that has been committed to the database and is ready to run.
public struct Turn: Sendable {
    public var user: Message
    public var assistant: Message
    /// Set when the question was spoken: the answer's timeline notes it first.
    public var dictation: Dictation?
    public init(user: Message, assistant: Message, dictation: Dictation? = nil) {
        self.user = user; self.assistant = assistant; self.dictation = dictation
    }
}

/// A question that was spoken and transcribed (`aihelper ask --audio`, the TUI's recording).
public struct Dictation: Sendable, Equatable {
    /// Seconds of speech, when known (a WAV's length, or the server's `duration`).
    public var seconds: Double?
    /// Which server transcribed it (`TranscriptionEndpoint.label`: "OpenAI", a URL).
    public var endpoint: String
    /// How long the transcription took, in seconds.
    public var transcriptionSeconds: Double?

    public init(seconds: Double?, endpoint: String, transcriptionSeconds: Double? = nil) {
        self.seconds = seconds; self.endpoint = endpoint; self.transcriptionSeconds = transcriptionSeconds
    }

    /// The timeline step's detail: "4.2 s · OpenAI".
    public var detail: String {
        (seconds.map { String(format: "%.1f s · ", $0) } ?? "") + endpoint
    }
}

public struct AgentConfig: Sendable {
    /// At most this many model calls in one turn.
    public var stepLimit: Int
    public var model: String?
    public var persona: String
    /// How often streamed text is written to the database while it arrives.
    public var checkpointInterval: Duration
    /// How many earlier messages go into the context.
    public var historyLimit: Int
    /// A tool call that takes longer is stopped and reported to the model as an error.
    public var toolTimeout: Duration
    /// Offer every tool in every model call instead of those relevant to the message (`ToolRouter`).
    public var offerAllTools = false
    /// The only folder the file tools may touch; nil: they answer that none is set up.
    public var filesFolder: URL?
    /// Run destructive tools without asking (`auto_approve` in config.toml, `ask --yes`).
    public var autoApprove = false
    /// Sampling temperature and answer token limit sent with each model call; nil: the provider's default.
    public var temperature: Double?
    public var maxTokens: Int?
    /// Older messages are summarized once the history would take more than this share of the
    /// window's room for history (`auto_summary_threshold` in config.toml); 0 turns it off.
    public var autoSummaryThreshold = 0.75

    public init(stepLimit: Int = 6, model: String? = nil,
                persona: String = "You are AI Helper, a concise and friendly assistant in a terminal. You manage the user's tasks, reminders and todo lists with your tools.",
                checkpointInterval: Duration = .milliseconds(250), historyLimit: Int = 40, toolTimeout: Duration = ToolRegistry.defaultTimeout) {
        self.stepLimit = stepLimit; self.model = model; self.persona = persona
        self.checkpointInterval = checkpointInterval; self.historyLimit = historyLimit; self.toolTimeout = toolTimeout
    }
}
