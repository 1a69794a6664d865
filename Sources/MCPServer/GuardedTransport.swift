import Foundation
import Logging
import MCP

/// The stdio transport `mcp serve` gives the SDK's Server: lines read by `StdioChannel`
/// (linear, capped), each message checked by `MessageCheck` before the SDK sees it, and the
/// answers JSON-RPC 2.0 asks for that the SDK would get wrong given here:
/// - a line that is not JSON: a parse error (-32700) with `"id": null`;
/// - a line over `StdioChannel.lineLimit`, an empty batch: an invalid request (-32600), `"id": null`;
/// - a malformed request or an id that is null, an array, an object or a boolean: an invalid
///   request, with the id when it is a string or a number;
/// - an id that is a number the SDK cannot hold: served under a stand-in, answered with the
///   client's id as written.
/// In a batch, each element is checked the same way: the SDK gets the good ones, and the errors
/// for the others join its answer array. At end of input the requests still running are waited
/// for (`drain`), so a client that sends its last request and closes stdin still gets the answer.
actor GuardedTransport: Transport {
    nonisolated let logger: Logger
    private let channel: StdioChannel
    /// Ids (`RawID.key`) of requests read and not yet answered, with how many are open.
    private var unanswered: [String: Int] = [:]
    /// Stand-in id (JSON text) → the id as the client wrote it.
    private var standIns: [String: String] = [:]
    private let standInPrefix = "aihelper-id-\(UUID().uuidString)-"
    private var standInCount = 0
    /// For each batch with requests the SDK is answering, in order: the errors given here for
    /// its other elements, to join the SDK's answer array.
    private var batchErrors: [[Data]] = []
    private var reading: Task<Void, Never>?

    init(_ channel: StdioChannel, logger: Logger) {
        self.channel = channel
        self.logger = logger
    }

    func connect() async throws {}

    func disconnect() async { reading?.cancel() }

    func send(_ data: Data) async throws {
        if data.first == UInt8(ascii: "["), let elements = RawID.elements(in: data) {
            let answers = elements.map { restoreID(Data(data[$0])) } + (batchErrors.isEmpty ? [] : batchErrors.removeFirst())
            try channel.write(Self.array(answers))
        } else {
            try channel.write(restoreID(data))
        }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let lines = channel.lines()
        reading = Task {
            for await line in lines {
                switch line {
                case .text(let data):
                    if let admitted = admit(data) { continuation.yield(admitted) }
                case .tooLong:
                    logger.warning("A line over \(StdioChannel.lineLimit) bytes: answered with an error")
                    write(MessageCheck.error(code: -32600, "Invalid Request: a message longer than \(StdioChannel.lineLimit >> 20) MiB is not read"))
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
        while (!unanswered.isEmpty || !batchErrors.isEmpty) && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The line the SDK should see, or nil when it has been answered here.
    private func admit(_ line: Data) -> Data? {
        guard let message = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) else {
            logger.warning("A line that is not JSON: answered with a parse error")
            write(MessageCheck.error(code: -32700, "Parse error: the line is not JSON"))
            return nil
        }
        guard let batch = message as? [Any] else {
            switch forward(line, MessageCheck.check(line, message)) {
            case .success(let data): return data
            case .failure(let error): write(error.answer); return nil
            }
        }
        guard !batch.isEmpty, let ranges = RawID.elements(in: line), ranges.count == batch.count else {
            write(MessageCheck.error(code: -32600, "Invalid Request: an empty batch"))
            return nil
        }
        var kept: [Data] = [], errors: [Data] = [], hasRequest = false
        for (range, object) in zip(ranges, batch) {
            let element = Data(line[range])
            let check = MessageCheck.check(element, object)
            switch forward(element, check) {
            case .success(let data):
                kept.append(data)
                if case .pass = check {} else { hasRequest = true }
            case .failure(let error): errors.append(error.answer)
            }
        }
        if hasRequest { batchErrors.append(errors) } else if !errors.isEmpty { write(Self.array(errors)) }
        return kept.isEmpty ? nil : Self.array(kept)
    }

    private struct Refused: Error { let answer: Data }

    /// `message` as the SDK should see it, its answer awaited; or the error answering it here.
    private func forward(_ message: Data, _ check: MessageCheck) -> Result<Data, Refused> {
        switch check {
        case .pass: return .success(message)
        case .request(let id):
            unanswered[id.key, default: 0] += 1
            return .success(message)
        case .standIn(let id):
            standInCount += 1
            let name = "\(standInPrefix)\(standInCount)"
            standIns["\"\(name)\""] = id.text
            unanswered["s:" + name, default: 0] += 1  // its `RawID.key`
            var replaced = message
            replaced.replaceSubrange(id.range, with: Data("\"\(name)\"".utf8))
            return .success(replaced)
        case .refuse(let code, let text, let id):
            return .failure(Refused(answer: MessageCheck.error(code: code, text, id: id)))
        }
    }

    /// An answer with the client's own id back in place of a stand-in; its request no longer awaited.
    private func restoreID(_ answer: Data) -> Data {
        guard let id = RawID.find(in: answer), Self.isResponse(answer) else { return answer }
        if let open = unanswered[id.key] { unanswered[id.key] = open > 1 ? open - 1 : nil }
        guard let original = standIns.removeValue(forKey: id.text) else { return answer }
        var restored = answer
        restored.replaceSubrange(id.range, with: Data(original.utf8))
        return restored
    }

    /// A message with `result` or `error` and no `method`.
    private static func isResponse(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["method"] == nil && (object["result"] != nil || object["error"] != nil)
    }

    private static func array(_ elements: [Data]) -> Data {
        var data = Data("[".utf8)
        for (i, element) in elements.enumerated() {
            if i > 0 { data.append(UInt8(ascii: ",")) }
            data.append(element)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }

    private func write(_ data: Data) {
        do { try channel.write(data) } catch { logger.warning("Could not write to stdout: \(error)") }
    }
}
