import Foundation
import Core

/// A parser of a provider's SSE stream: feed each event, then `finish()` when the connection ends.
public protocol SSEStreamParsing: Sendable {
    mutating func consume(event: String?, data: String) throws -> [StreamEvent]
    mutating func finish() throws -> [StreamEvent]
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
    private enum Inner: Sendable {
        case sse(any SSEStreamParsing)
        case ollama(OllamaChatStreamParser)
    }
    private var inner: Inner
    private var recognizer: TextToolCallRecognizer?
    public let framing: StreamFraming

    init(_ inner: SSEStreamParsing, textToolCalls: Set<String>?) {
        self.inner = .sse(inner); self.framing = .sse
        self.recognizer = textToolCalls.map(TextToolCallRecognizer.init(offeredTools:))
    }
    init(ollama: OllamaChatStreamParser, textToolCalls: Set<String>?) {
        self.inner = .ollama(ollama); self.framing = .ndjson
        self.recognizer = textToolCalls.map(TextToolCallRecognizer.init(offeredTools:))
    }

    /// One SSE event (`framing == .sse`).
    public mutating func consume(event: String?, data: String) throws -> [StreamEvent] {
        switch inner {
        case .sse(var p):
            defer { inner = .sse(p) }
            return post(try p.consume(event: event, data: data))
        case .ollama:
            return try consume(line: data)
        }
    }

    /// One NDJSON line (`framing == .ndjson`).
    public mutating func consume(line: String) throws -> [StreamEvent] {
        switch inner {
        case .ollama(var p):
            defer { inner = .ollama(p) }
            return post(try p.consume(line: line))
        case .sse:
            return try consume(event: nil, data: line)
        }
    }

    /// The connection ended cleanly (a cut-off stream throws).
    public mutating func finish() throws -> [StreamEvent] {
        switch inner {
        case .sse(var p):
            defer { inner = .sse(p) }
            return post(try p.finish())
        case .ollama(var p):
            defer { inner = .ollama(p) }
            return post(try p.finish())
        }
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
