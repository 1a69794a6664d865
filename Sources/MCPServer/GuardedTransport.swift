import Foundation
import Logging
import MCP

/// The SDK's transport with two gaps closed:
/// - A line that is not JSON gets a JSON-RPC parse error with `"id": null`, as JSON-RPC 2.0
///   asks (the SDK answers it with a made-up id no client can match), and is not passed on.
/// - At end of input the requests still running are waited for (`drain`), so a client that
///   sends its last request and closes stdin still gets the answer.
actor GuardedTransport: Transport {
    nonisolated let logger: Logger
    private let inner: any Transport
    /// Ids (as JSON text) of requests read and not yet answered.
    private var unanswered: Set<String> = []

    init(_ inner: any Transport, logger: Logger) {
        self.inner = inner
        self.logger = logger
    }

    func connect() async throws { try await inner.connect() }
    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        if let id = Self.responseID(data) { unanswered.remove(id) }
        try await inner.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let task = Task {
            do {
                for try await line in await inner.receive() {
                    if await admit(line) { continuation.yield(line) }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Waits until every request read has been answered, or `timeout` passes.
    func drain(timeout: Duration) async {
        let clock = ContinuousClock(), deadline = clock.now.advanced(by: timeout)
        while !unanswered.isEmpty && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Whether the SDK should see `line`; notes the request's id when it has one.
    private func admit(_ line: Data) async -> Bool {
        guard let message = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) else {
            logger.warning("A line that is not JSON: answered with a parse error")
            try? await inner.send(Self.error(code: -32700, "Parse error: the line is not JSON"))
            return false
        }
        if let object = message as? [String: Any] {
            if object["method"] != nil, let id = object["id"], let key = Self.key(id) { unanswered.insert(key) }
            return true
        }
        if message is [Any] { return true }  // a batch: the SDK's
        try? await inner.send(Self.error(code: -32600, "Invalid request: expected a JSON object"))
        return false
    }

    private static func error(code: Int, _ message: String) -> Data {
        let object: [String: Any] = ["jsonrpc": "2.0", "id": NSNull(), "error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// The id of a response (a message with `result` or `error`), as JSON text.
    private static func responseID(_ data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["method"] == nil, let id = object["id"] else { return nil }
        return key(id)
    }

    private static func key(_ id: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: [id]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
