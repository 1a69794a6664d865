import Foundation
import Synchronization
import Agent
import Providers
import Tools

/// Bridges the agent's "may I run this destructive tool?" to a y/n question on screen.
final class ApprovalBroker: Sendable {
    private let waiting = Mutex<[Int: CheckedContinuation<Bool, Never>]>([:])
    private let nextId = Atomic<Int>(1)

    /// Posts the question and waits for `answer`; a cancelled turn counts as "no".
    func ask(_ call: ToolCallRequest, _ definition: ToolDefinition, post: @Sendable (Event) -> Void) async -> Bool {
        let id = nextId.add(1, ordering: .relaxed).oldValue
        let question = "Allow \(call.name)(\(Sanitized.oneLine(call.arguments, max: 60)))?"
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.withLock { $0[id] = continuation }
                post(.approvalRequested(ApprovalRequest(id: id, question: question)))
            }
        } onCancel: {
            self.answer(id: id, allow: false)
        }
    }

    func answer(id: Int, allow: Bool) {
        let continuation = waiting.withLock { $0.removeValue(forKey: id) }
        continuation?.resume(returning: allow)
    }

    func denyAll() {
        let all = waiting.withLock { w in
            let values = Array(w.values)
            w.removeAll()
            return values
        }
        for c in all { c.resume(returning: false) }
    }
}

enum Sanitized {
    /// One line of at most `max` characters, for questions and titles.
    static func oneLine(_ text: String, max: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > max ? String(flat.prefix(max - 1)) + "…" : flat
    }
}
