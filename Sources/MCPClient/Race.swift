import Foundation

/// How a request to a server ended.
enum RaceOutcome<T: Sendable>: Sendable {
    case value(T)
    case failed(String)
    case timedOut
    /// The server's process ended first.
    case exited
    case cancelled
}

/// A request to a server against its time limit and its process's end (a local server's): whichever comes first.
/// The loser is left to end on its own (the caller cancels the request or disconnects).
enum Race {
    static func first<T: Sendable>(timeout: Duration, child: ChildProcess?,
                                   _ work: @escaping @Sendable () async throws -> T) async -> RaceOutcome<T> {
        let (stream, continuation) = AsyncStream<RaceOutcome<T>>.makeStream()
        let tasks = [
            Task {
                do { continuation.yield(.value(try await work())) } catch {
                    // A crash ends the server's stdout a moment before its process is reaped: the
                    // request fails as "disconnected" first. Then it is the crash, and says so.
                    if let child, child.hasClosedStdout, await Self.ends(child, within: .seconds(2)) {
                        continuation.yield(.exited)
                    } else {
                        continuation.yield(.failed(Self.describe(error)))
                    }
                }
            },
            Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { continuation.yield(.timedOut) }
            },
            Task {
                // A remote server has no process: only its answer or the time limit ends the race.
                guard let child else { return }
                // Checked every 50 ms only while a request is out.
                while child.isRunning, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(50)) }
                // A process that ended may still have its answer in the pipe: give it a moment.
                try? await Task.sleep(for: .milliseconds(200))
                if !Task.isCancelled { continuation.yield(.exited) }
            },
        ]
        var iterator = stream.makeAsyncIterator()
        let outcome = await iterator.next() ?? .cancelled
        tasks.forEach { $0.cancel() }
        continuation.finish()
        return outcome
    }

    /// Whether the process ends within `limit` (checked every 20 ms).
    private static func ends(_ child: ChildProcess, within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while child.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return !child.isRunning
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? ToolStartError { return error.description }
        return String(describing: error)
    }
}
