import Foundation
import Core

/// A parser of a provider's SSE stream: feed each event, then `finish()` when the connection ends.
public protocol SSEStreamParsing: Sendable {
    mutating func consume(event: String?, data: String) throws -> [StreamEvent]
    /// The same from the data's bytes, appending to `events` (what came before a throw stays).
    /// Parsers that read bytes spare a string and an array per event; the default makes them.
    mutating func consume(event: String?, bytes: UnsafeRawBufferPointer, into events: inout [StreamEvent]) throws
    mutating func finish() throws -> [StreamEvent]
}

extension SSEStreamParsing {
    public mutating func consume(event: String?, bytes: UnsafeRawBufferPointer, into events: inout [StreamEvent]) throws {
        events += try consume(event: event, data: String(decoding: bytes, as: UTF8.self))
    }
}

extension OpenAIStreamParser: SSEStreamParsing {}
extension AnthropicStreamParser: SSEStreamParsing {}
extension GeminiStreamParser: SSEStreamParsing {}
extension LlamaCppCompletionStreamParser: SSEStreamParsing {}

/// How the response body is framed.
public enum StreamFraming: Sendable, Equatable {
    /// `text/event-stream`: give the parser each decoded event.
    case sse
    /// Newline-delimited JSON (Ollama native): give the parser each line.
    case ndjson
}

/// The parser for one call, whatever the provider: the transfer engine feeds it SSE events or
/// NDJSON lines as `framing` says. For local providers offered tools, answers printed as JSON
/// text become tool calls (`TextToolCallRecognizer`).
public struct ProviderStreamParser: Sendable {
    // Exactly one is set. Mutated in place (`sse!.consume`): copying a parser out of an enum
    // and back copied its whole state into a new box for every event.
    private var sse: (any SSEStreamParsing)?
    private var ollama: OllamaChatStreamParser?
    private var recognizer: TextToolCallRecognizer?
    public let framing: StreamFraming

    init(_ inner: SSEStreamParsing, textToolCalls: Set<String>?) {
        self.sse = inner; self.framing = .sse
        self.recognizer = textToolCalls.map(TextToolCallRecognizer.init(offeredTools:))
    }
    init(ollama: OllamaChatStreamParser, textToolCalls: Set<String>?) {
        self.ollama = ollama; self.framing = .ndjson
        self.recognizer = textToolCalls.map(TextToolCallRecognizer.init(offeredTools:))
    }

    /// One SSE event (`framing == .sse`).
    public mutating func consume(event: String?, data: String) throws -> [StreamEvent] {
        guard sse != nil else { return try consume(line: data) }
        return post(try sse!.consume(event: event, data: data))
    }

    /// One SSE event from its data's bytes (`framing == .sse`), appended to `events`.
    public mutating func consume(event: String?, bytes: UnsafeRawBufferPointer, into events: inout [StreamEvent]) throws {
        guard recognizer == nil, sse != nil else {
            return events += try consume(event: event, data: String(decoding: bytes, as: UTF8.self))
        }
        try sse!.consume(event: event, bytes: bytes, into: &events)
    }

    /// One NDJSON line (`framing == .ndjson`).
    public mutating func consume(line: String) throws -> [StreamEvent] {
        guard ollama != nil else { return try consume(event: nil, data: line) }
        return post(try ollama!.consume(line: line))
    }

    /// The connection ended cleanly (a cut-off stream throws).
    public mutating func finish() throws -> [StreamEvent] {
        if sse != nil { return post(try sse!.finish()) }
        return post(try ollama!.finish())
    }

    private mutating func post(_ events: [StreamEvent]) -> [StreamEvent] {
        guard var r = recognizer else { return events }
        defer { recognizer = r }
        return events.flatMap { r.process($0) }
    }
}

/// One entry point per call: the HTTP request, the parser and the error mapping for `settings`.
public enum ProviderWire {
    public static func request(_ request: ChatRequest, settings: ProviderSettings) -> ProviderHTTPRequest {
        var request = request
        if request.model.isEmpty { request.model = settings.model }
        switch settings.kind.wireFormat {
        case .anthropicMessages:
            return AnthropicRequestBuilder(baseURL: settings.baseURL, apiKey: settings.apiKey).build(request)
        case .geminiGenerateContent:
            return GeminiRequestBuilder(baseURL: settings.baseURL, apiKey: settings.apiKey).build(request)
        case .ollamaChat:
            return OllamaChatRequestBuilder(host: settings.baseURL).build(request)
        case .llamaCppCompletion where request.hasImages:
            // A prompt template has no place for pictures: the server's OpenAI-compatible chat
            // endpoint takes them (llama-server with --mmproj).
            return OpenAIRequestBuilder(provider: settings.kind, baseURL: URLJoin.join(settings.baseURL, "v1"),
                                        apiKey: settings.apiKey, includeUsage: false).build(request)
        case .llamaCppCompletion:
            return LlamaCppCompletionRequestBuilder(baseURL: settings.baseURL, template: settings.template,
                                                    apiKey: settings.apiKey).build(request)
        case .openAIChat, .offline:
            return OpenAIRequestBuilder(provider: settings.kind, baseURL: settings.baseURL, apiKey: settings.apiKey).build(request)
        }
    }

    public static func parser(for request: ChatRequest, settings: ProviderSettings) -> ProviderStreamParser {
        let tools: Set<String>? = settings.kind.isLocal && !request.tools.isEmpty ? Set(request.tools.map(\.name)) : nil
        switch settings.kind.wireFormat {
        case .anthropicMessages: return ProviderStreamParser(AnthropicStreamParser(), textToolCalls: nil)
        case .geminiGenerateContent: return ProviderStreamParser(GeminiStreamParser(), textToolCalls: nil)
        case .ollamaChat: return ProviderStreamParser(ollama: OllamaChatStreamParser(), textToolCalls: tools)
        case .llamaCppCompletion where request.hasImages:
            return ProviderStreamParser(OpenAIStreamParser(provider: settings.kind), textToolCalls: tools)
        case .llamaCppCompletion:
            let model = request.model.isEmpty ? settings.model : request.model
            let template = settings.template ?? PromptTemplate.forModel(model)
            return ProviderStreamParser(LlamaCppCompletionStreamParser(template: template), textToolCalls: tools)
        case .openAIChat, .offline:
            return ProviderStreamParser(OpenAIStreamParser(provider: settings.kind), textToolCalls: tools)
        }
    }

    /// An HTTP failure (status ≥ 400) of `settings.kind`, with any echo of the key removed.
    public static func error(status: Int, body: String, headers: [String: String], settings: ProviderSettings,
                             now: Date = Date()) -> ProviderError {
        var e = ProviderErrorMapper.map(provider: settings.kind, status: status, body: body, headers: headers, now: now)
        if let key = settings.apiKey { e.message = Redactor.redact(e.message, key: key) }
        return e
    }
}
