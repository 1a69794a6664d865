import Foundation
import Core

/// A tool offered to the model, in the shape of an MCP tool.
public struct ToolSchema: Sendable, Equatable {
    public var name: String
    public var description: String
    public var inputSchema: JSONValue
    public init(name: String, description: String, inputSchema: JSONValue) {
        self.name = name; self.description = description; self.inputSchema = inputSchema
    }
}

/// A tool call as the model asked for it.
public struct ToolCallRequest: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The arguments as JSON text, exactly as the model produced them.
    public var arguments: String
    public init(id: String, name: String, arguments: String) {
        self.id = id; self.name = name; self.arguments = arguments
    }
}

/// One message of the context sent to a provider.
public struct ChatMessage: Sendable, Equatable {
    public var role: Role
    public var content: String
    /// Assistant turns: the tool calls the model made.
    public var toolCalls: [ToolCallRequest]
    /// Tool results: which call this answers, and the tool's name.
    public var toolCallId: String?
    public var toolName: String?
    public var isError: Bool
    /// User turns: pictures sent with the words, each wire format in its own shape (docs/images.md).
    public var images: [ImageAttachment]

    public init(role: Role, content: String, toolCalls: [ToolCallRequest] = [], toolCallId: String? = nil,
                toolName: String? = nil, isError: Bool = false, images: [ImageAttachment] = []) {
        self.role = role; self.content = content; self.toolCalls = toolCalls
        self.toolCallId = toolCallId; self.toolName = toolName; self.isError = isError; self.images = images
    }
}

extension ChatRequest {
    /// Whether any message carries a picture (llama.cpp's raw endpoint then goes to its chat one).
    public var hasImages: Bool { messages.contains { !$0.images.isEmpty } }
}

public struct ChatRequest: Sendable {
    public var system: String
    public var messages: [ChatMessage]
    public var tools: [ToolSchema]
    public var model: String
    public var maxTokens: Int?
    public var temperature: Double?
    /// The moment and zone the turn happens in (date phrases resolve against these).
    public var now: Date
    public var timeZone: TimeZone

    public init(system: String = "", messages: [ChatMessage], tools: [ToolSchema] = [], model: String = "",
                maxTokens: Int? = nil, temperature: Double? = nil, now: Date = Date(), timeZone: TimeZone = .current) {
        self.system = system; self.messages = messages; self.tools = tools; self.model = model
        self.maxTokens = maxTokens; self.temperature = temperature; self.now = now; self.timeZone = timeZone
    }
}

public enum StopReason: String, Sendable {
    case endTurn, toolUse, maxTokens, cancelled, other
}

/// The normalized stream every provider produces.
public enum StreamEvent: Sendable, Equatable {
    case textDelta(String)
    case reasoningDelta(String)
    case toolCallStart(index: Int, id: String, name: String)
    case toolCallArgumentsDelta(index: Int, String)
    case toolCallEnd(index: Int)
    case usage(inputTokens: Int, outputTokens: Int)
    case done(StopReason)
    /// Nothing is sent for `seconds`: a retry after a failure before the first token, or the
    /// requests-per-minute limit. `reason` says why, in words for the status bar.
    case waiting(seconds: Double, reason: String)
    /// A fallback chain asks this provider now (`FallbackProvider`, before each one it tries):
    /// what follows is its. A turn keeps to the one that answered (`continuing(from:)`).
    case answering(providerId: String, name: String)
}

/// What went wrong, in words a person can act on.
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case missingKey, unauthorized, forbidden, badRequest, rateLimited, overloaded, serverError
        case network, timeout, cancelled, malformedStream
        /// The server sent nothing for the idle timeout. Not retried: another try would wait as
        /// long again (a stall before the first byte once cost four of them).
        case stalled
        /// The account has no credit or quota left (not worth retrying; OpenAI's `insufficient_quota`).
        case quotaExceeded
        /// The provider does not know the model asked for (404, `model_not_found`): the front end
        /// offers another model rather than another try.
        case modelNotFound
        /// The model takes no pictures (the provider said so): the front end says to pick a
        /// model that sees or to remove the images, never retries.
        case imagesNotSupported
    }
    public var kind: Kind
    /// What happened.
    public var message: String
    /// What to do next. Never a key of one front end ("press r"): the TUI adds its own words
    /// for retrying (`Agent.run`'s `retryHint`), `aihelper ask` has none.
    public var suggestion: String
    public var retryAfter: Double?

    public init(_ kind: Kind, _ message: String, suggestion: String = "", retryAfter: Double? = nil) {
        self.kind = kind; self.message = message; self.suggestion = suggestion; self.retryAfter = retryAfter
    }

    public var description: String { suggestion.isEmpty ? message : "\(message) \(suggestion)" }

    /// The final error once `retries` automatic retries were spent: it says so.
    func afterRetries(_ retries: Int) -> ProviderError {
        guard retries > 0 else { return self }
        var error = self
        error.message += retries == 1 ? " Still failing after 1 retry." : " Still failing after \(retries) retries."
        return error
    }

    /// Worth another attempt (before any output arrived): rate limits, overload, server errors,
    /// network trouble and timeouts (not a stall: see `stalled`).
    public var isRetryable: Bool {
        switch kind {
        case .rateLimited, .overloaded, .serverError, .network, .timeout: return true
        default: return false
        }
    }

    /// Asking again as it is may succeed (the user's retry, not the automatic one): everything
    /// but a missing, rejected or unfunded key and a request the provider refused.
    public var isWorthAskingAgain: Bool {
        switch kind {
        case .missingKey, .unauthorized, .forbidden, .quotaExceeded, .badRequest, .modelNotFound, .imagesNotSupported: return false
        default: return true
        }
    }
}

/// A language model behind a uniform streaming interface.
public protocol ChatProvider: Sendable {
    /// Stable id ("offline", "openai", ...), stored with each message.
    var id: String { get }
    /// Shown in the status bar badge.
    var displayName: String { get }
    var defaultModel: String { get }
    /// Streams the answer. Throws `ProviderError`; cancelling the consuming task stops the stream.
    func stream(_ request: ChatRequest) -> AsyncThrowingStream<StreamEvent, Error>
}
