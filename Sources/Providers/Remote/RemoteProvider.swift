import Foundation
import Core
import HTTP

/// A model behind HTTP: OpenAI, Anthropic, Gemini, Ollama, llama.cpp and the OpenAI-compatible
/// servers. `ProviderWire` builds the request and parser; this sends it through `HTTPEngine`,
/// decodes the SSE or NDJSON framing and turns the bytes into `StreamEvent`s.
///
/// Failures before the first token are retried per `RetryPolicy` (honoring `Retry-After`),
/// each wait announced with `StreamEvent.waiting` so the UI can count down; a failure after
/// output started is thrown as is, so the caller keeps the partial answer as interrupted.
/// Cancelling the consuming task stops the transfer at once.
public struct RemoteProvider: ChatProvider {
    public let settings: ProviderSettings
    public let transport: ProviderTransport
    public let retryPolicy: RetryPolicy
    /// Requests per minute for this provider (0: unlimited), shared by every instance in the process.
    public let requestsPerMinute: Int
    let limiter: SharedRateLimiters

    public var id: String { settings.kind.rawValue }
    public var displayName: String { settings.kind.displayName }
    public var defaultModel: String { settings.model }

    public init(settings: ProviderSettings, transport: ProviderTransport = ProviderTransport(),
                retryPolicy: RetryPolicy = .standard, requestsPerMinute: Int = 0) {
        self.init(settings: settings, transport: transport, retryPolicy: retryPolicy,
                  requestsPerMinute: requestsPerMinute, limiter: .shared)
    }

    init(settings: ProviderSettings, transport: ProviderTransport, retryPolicy: RetryPolicy, requestsPerMinute: Int,
         limiter: SharedRateLimiters) {
        self.settings = settings; self.transport = transport; self.retryPolicy = retryPolicy
        self.requestsPerMinute = requestsPerMinute; self.limiter = limiter
    }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<StreamEvent, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await run(request, send: { continuation.yield($0) })
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? ProviderErrorMapper.cancelled : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Attempts until success, a failure not worth retrying, or the retry budget is spent.
    func run(_ request: ChatRequest, send: @escaping (StreamEvent) -> Void) async throws {
        try await retryPolicy.run(
            failure: { ProviderError(.network, "\(displayName) failed: \(Redactor.redact(String(describing: $0))).") },
            waiting: { send(.waiting(seconds: $0, reason: $1)) }
        ) { outputStarted in
            try await waitForRateLimit(send: send)
            try await attempt(request, outputStarted: &outputStarted, send: send)
        }
    }

    private func waitForRateLimit(send: (StreamEvent) -> Void) async throws {
        guard requestsPerMinute > 0 else { return }
        while true {
            let wait = await limiter.acquire(id, limit: requestsPerMinute, now: Date())
            if wait <= 0 { return }
            send(.waiting(seconds: wait, reason: "Keeping to \(requestsPerMinute) requests per minute for \(displayName) (requests_per_minute)."))
            try await RetryPolicy.sleep(wait)
        }
    }

    /// One HTTP exchange. `outputStarted` turns true once text, reasoning or a tool call was sent on.
    private func attempt(_ request: ChatRequest, outputStarted: inout Bool, send: (StreamEvent) -> Void) async throws {
        let wire = ProviderWire.request(request, settings: settings)
        var decoder = StreamDecoder(ProviderWire.parser(for: request, settings: settings))
        var status = 0, headers: [String: String] = [:]
        var errorBody = Data()
        func deliver(_ events: [StreamEvent]) {
            for event in events {
                switch event {
                case .textDelta, .reasoningDelta, .toolCallStart: outputStarted = true
                default: break
                }
                send(event)
            }
        }
        do {
            for try await event in transport.engine.stream(transport.httpRequest(wire)) {
                switch event {
                case .head(let head):
                    status = head.status; headers = head.headers
                case .body(let chunk) where status >= 400:
                    if errorBody.count < 64 << 10 { errorBody.append(chunk) }
                case .body(let chunk):
                    let (events, error) = decoder.feed(chunk)
                    deliver(events)
                    if let error { throw error }
                case .end:
                    if status >= 400 {
                        throw ProviderWire.error(status: status, body: String(decoding: errorBody, as: UTF8.self),
                                                 headers: headers, settings: settings)
                    }
                    deliver(try decoder.finish())
                    return
                }
            }
        } catch let error as HTTPError {
            throw transport.map(error, provider: settings.kind, host: wire.url.host)
        }
        // The stream stops without `.end` only when this task was cancelled.
        throw ProviderErrorMapper.cancelled
    }
}

/// One sliding window per provider for the whole process.
actor SharedRateLimiters {
    static let shared = SharedRateLimiters()
    private var limiters = ProviderRateLimiters()

    /// Records a request of `provider` and returns 0, or returns the seconds to wait first.
    func acquire(_ provider: String, limit: Int, now: Date) -> Double {
        limiters.limits[provider] = limit
        return limiters.acquire(provider, now: now)
    }
}
