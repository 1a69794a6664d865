import Foundation
import Core
import Storage
import Providers

/// Numbers the steps of one turn and stores each change, so a reopened chat shows the same timeline.
struct TimelineRecorder {
    private(set) var count = 0

    mutating func begin(kind: TimelineKind, title: String, detail: String, callId: String?,
                        messageId: Int64, in db: AppDatabase) -> TimelineStep {
        let step = TimelineStep(messageId: messageId, position: count, kind: kind, title: title,
                                detail: detail, callId: callId, status: .running, startedAt: Date())
        count += 1
        return (try? db.insertTimelineStep(step)) ?? step
    }

    func save(_ step: TimelineStep, in db: AppDatabase) {
        if step.id != nil { try? db.updateTimelineStep(step) }
    }

    func finish(_ step: inout TimelineStep, status: StepStatus, duration: Double? = nil, in db: AppDatabase) {
        step.status = status
        step.duration = duration ?? Date().timeIntervalSince(step.startedAt)
        save(step, in: db)
    }

    /// Reasoning arrives in pieces: one "thought" step per model call, growing as it streams.
    mutating func appendThought(_ text: String, to step: TimelineStep?, messageId: Int64, in db: AppDatabase) -> TimelineStep {
        guard var step else {
            return begin(kind: .thought, title: "thinking", detail: text, callId: nil, messageId: messageId, in: db)
        }
        step.detail += text
        return step
    }
}

/// Collects streamed tool-call pieces by index, in the order the model started them.
struct ToolCallAccumulator {
    private var order: [Int] = []
    private var calls: [Int: (id: String, name: String, arguments: String)] = [:]

    mutating func start(index: Int, id: String, name: String) {
        if calls[index] == nil { order.append(index) }
        calls[index] = (id, name, calls[index]?.arguments ?? "")
    }

    mutating func append(index: Int, _ text: String) {
        if calls[index] == nil { start(index: index, id: "call_\(index)", name: "") }
        calls[index]!.arguments += text
    }

    var requests: [ToolCallRequest] {
        order.compactMap { i in calls[i].map { ToolCallRequest(id: $0.id, name: $0.name, arguments: $0.arguments) } }
    }
}

enum Pretty {
    /// Tool arguments as one readable line: `title: "Call mom", date: "2026-11-24"`.
    static func arguments(_ json: String) -> String {
        guard let value = JSONValue(parsing: json), let object = value.objectValue else { return json }
        return object.keys.sorted().map { "\($0): \(object[$0]!.jsonText)" }.joined(separator: ", ")
    }
}
