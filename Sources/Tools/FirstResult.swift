import Foundation

/// A tool's result, or the time-out's, or the cancel's: whichever comes first. The tool runs
/// in a task of its own, so a tool stuck in a call that ignores cancellation cannot hold the
/// turn (or an MCP client); it is cancelled and left to end on its own.
enum FirstResult {
    static func race(timeout: Duration, timedOut: ToolResult, cancelled: ToolResult,
                     _ work: @escaping @Sendable () async -> ToolResult) async -> ToolResult {
        let slot = Slot()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ToolResult, Never>) in
                slot.arm(continuation)
                let worker = Task { slot.fill(await work()) }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { slot.fill(timedOut) }
                }
                slot.onFill { worker.cancel(); timer.cancel() }
            }
        } onCancel: {
            slot.fill(cancelled)
        }
    }

    /// Resumes its continuation once, with the first value filled in.
    private final class Slot: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<ToolResult, Never>?
        private var early: ToolResult?
        private var done = false
        private var cleanup: (() -> Void)?

        func arm(_ c: CheckedContinuation<ToolResult, Never>) {
            let value: ToolResult? = lock.withLock {
                if let early { done = true; return early }
                continuation = c
                return nil
            }
            if let value { c.resume(returning: value) }
        }

        func onFill(_ action: @escaping () -> Void) {
            let run = lock.withLock { () -> Bool in
                if done { return true }
                cleanup = action
                return false
            }
            if run { action() }
        }

        func fill(_ value: ToolResult) {
            let (c, action): (CheckedContinuation<ToolResult, Never>?, (() -> Void)?) = lock.withLock {
                guard !done else { return (nil, nil) }
                guard let continuation else { early = early ?? value; return (nil, nil) }
                done = true
                self.continuation = nil
                defer { cleanup = nil }
                return (continuation, cleanup)
            }
            c?.resume(returning: value)
            action?()
        }
    }
}
