import Foundation
import Logging
import MCP

/// The SDK's `Transport` over a `ChildProcess`. The SDK's own `StdioTransport` polls
/// non-blocking descriptors every 10 ms; this one is fed by the child's reader thread.
actor ChildTransport: Transport {
    nonisolated let logger = Logger(label: "aihelper.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let child: ChildProcess
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation

    init(child: ChildProcess) {
        self.child = child
        (messages, continuation) = AsyncThrowingStream.makeStream()
        let continuation = self.continuation
        child.onLine = { line in
            // Ending with an error stops the SDK's receive loop, which would spin on a finished stream.
            if let line { continuation.yield(line) } else { continuation.finish(throwing: ToolStartError("the server closed its output")) }
        }
    }

    func connect() async throws {}

    func disconnect() async { continuation.finish() }

    func send(_ data: Data) async throws { try child.write(data) }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }
}
