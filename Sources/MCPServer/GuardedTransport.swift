import Foundation
import Logging
import MCP

/// The stdio transport `mcp serve` gives the SDK's Server: lines read by `StdioChannel`
/// (linear, capped), and every message the SDK would answer wrongly or not at all answered
/// here as JSON-RPC 2.0 asks:
/// - a line that is not JSON: a parse error (-32700) with `"id": null`;
/// - a line over `StdioChannel.lineLimit`, JSON that is not an object or a non-empty batch:
///   an invalid request (-32600) with `"id": null`;
/// - an object that is not a JSON-RPC 2.0 request (`jsonrpc`, `method`, `params` wrong): an
///   invalid request with its id when that is a string or a number (the SDK said parse error);
/// - a request whose id is null (MCP forbids it) or not a string or number (an array, an
///   object, a boolean): an invalid request with `"id": null`;
/// - a request whose id is a number the SDK cannot hold (1.5, above 2^63): served under a
///   stand-in id, and answered with the id exactly as the client wrote it.
/// At end of input the requests still running are waited for (`drain`), so a client that
/// sends its last request and closes stdin still gets the answer.
actor GuardedTransport: Transport {
    nonisolated let logger: Logger
    private let channel: StdioChannel
    /// Ids (as JSON text) of requests read and not yet answered, with how many are open.
    private var unanswered: [String: Int] = [:]
    /// Stand-in id (JSON text) → the id as the client wrote it.
    private var standIns: [String: String] = [:]
    private let standInPrefix = "aihelper-id-\(UUID().uuidString)-"
    private var standInCount = 0
    private var reading: Task<Void, Never>?

    init(_ channel: StdioChannel, logger: Logger) {
        self.channel = channel
        self.logger = logger
    }

    func connect() async throws {}

    func disconnect() async { reading?.cancel() }

    func send(_ data: Data) async throws {
        var data = data
        if let id = RawID.find(in: data), Self.isResponse(data) {
            answered(id.key)
            if let original = standIns.removeValue(forKey: id.text) {
                data.replaceSubrange(id.range, with: Data(original.utf8))
            }
        }
        try channel.write(data)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let lines = channel.lines()
        reading = Task {
            for await line in lines {
                switch line {
                case .text(let data):
                    if let admitted = await admit(data) { continuation.yield(admitted) }
                case .tooLong:
                    logger.warning("A line over \(StdioChannel.lineLimit) bytes: answered with an error")
                    await reply(-32600, "Invalid Request: a message longer than \(StdioChannel.lineLimit >> 20) MiB is not read")
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { [reading] _ in reading?.cancel() }
        return stream
    }

    /// Waits until every request read has been answered, or `timeout` passes.
    func drain(timeout: Duration) async {
        let clock = ContinuousClock(), deadline = clock.now.advanced(by: timeout)
        while !unanswered.isEmpty && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The line the SDK should see (its id replaced by a stand-in when needed), or nil when it
    /// has been answered here.
    private func admit(_ line: Data) async -> Data? {
        guard let message = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) else {
            logger.warning("A line that is not JSON: answered with a parse error")
            await reply(-32700, "Parse error: the line is not JSON")
            return nil
        }
        if let batch = message as? [Any] {
            if !batch.isEmpty { return line }  // the SDK's
            await reply(-32600, "Invalid Request: an empty batch")
            return nil
        }
        guard let object = message as? [String: Any] else {
            await reply(-32600, "Invalid Request: expected a JSON object")
            return nil
        }
        if object["method"] == nil && (object["result"] != nil || object["error"] != nil) { return line }  // a response
        let id = object["id"] == nil ? nil : RawID.find(in: line)
        // What the SDK would call a parse error (-32700) of valid JSON is an invalid request.
        if let problem = Self.requestProblem(object) {
            await reply(-32600, "Invalid Request: \(problem)", id: id.flatMap { $0.isEchoable ? $0.text : nil })
            return nil
        }
        guard let id else { return line }  // a notification
        switch id.kind {
        case .string, .integer:
            unanswered[id.key, default: 0] += 1
            return line
        case .otherNumber:
            standInCount += 1
            let name = "\(standInPrefix)\(standInCount)"
            standIns["\"\(name)\""] = id.text
            unanswered["s:" + name, default: 0] += 1  // its `RawID.key`
            var replaced = line
            replaced.replaceSubrange(id.range, with: Data("\"\(name)\"".utf8))
            return replaced
        case .null:
            await reply(-32600, "Invalid Request: the id is null; an MCP request id is a string or an integer")
        case .invalid(let type):
            await reply(-32600, "Invalid Request: the id must be a string or an integer, not \(type)")
        }
        return nil
    }

    /// A message with `result` or `error` and no `method`.
    private static func isResponse(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["method"] == nil && (object["result"] != nil || object["error"] != nil)
    }

    /// Why `object` is not a JSON-RPC 2.0 request or notification; nil when it is one.
    private static func requestProblem(_ object: [String: Any]) -> String? {
        if object["jsonrpc"] as? String != "2.0" { return "\"jsonrpc\" must be \"2.0\"" }
        if !(object["method"] is String) { return "\"method\" must be a string" }
        if let params = object["params"], !(params is [String: Any]) && !(params is [Any]) {
            return "\"params\" must be an object or an array"
        }
        return nil
    }

    private func answered(_ id: String) {
        guard let open = unanswered[id] else { return }
        unanswered[id] = open > 1 ? open - 1 : nil
    }

    /// An error answer; `id` is the request's id as written, or nil for `"id": null` (it was
    /// missing, unreadable or not allowed).
    private func reply(_ code: Int, _ message: String, id: String? = nil) async {
        let error = (try? JSONSerialization.data(withJSONObject: ["code": code, "message": message])) ?? Data("{}".utf8)
        let data = Data(#"{"jsonrpc":"2.0","id":\#(id ?? "null"),"error":"#.utf8) + error + Data("}".utf8)
        do { try channel.write(data) } catch { logger.warning("Could not write to stdout: \(error)") }
    }
}
