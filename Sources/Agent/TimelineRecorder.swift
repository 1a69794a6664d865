import Foundation
import Core
import Storage
import Providers

/// Numbers the steps of one turn and stores each change, so a reopened chat shows the same
/// timeline. Keeps the steps still under way, so a turn that ends early closes them.
struct TimelineRecorder {
    private(set) var count = 0
    /// Model-call steps begun so far: their titles number them.
    private(set) var modelCalls = 0
    /// Begun and not finished, by position.
    private var open: [Int: TimelineStep] = [:]

    mutating func begin(kind: TimelineKind, title: String, detail: String, callId: String?,
                        messageId: Int64, in db: AppDatabase) -> TimelineStep {
        var step = TimelineStep(messageId: messageId, position: count, kind: kind, title: title,
                                detail: detail, callId: callId, status: .running, startedAt: Date())
        count += 1
        if kind == .modelCall { modelCalls += 1 }
        step = (try? db.insertTimelineStep(step)) ?? step
        open[step.position] = step
        return step
    }

    mutating func save(_ step: TimelineStep, in db: AppDatabase) {
        if open[step.position] != nil { open[step.position] = step }
        if step.id != nil { try? db.updateTimelineStep(step) }
    }

    mutating func finish(_ step: inout TimelineStep, status: StepStatus, duration: Double? = nil, in db: AppDatabase) {
        step.status = status
        step.duration = duration ?? Date().timeIntervalSince(step.startedAt)
        open[step.position] = nil
        save(step, in: db)
    }

    /// Finishes every step still under way with `status` (the turn failed or was cancelled
    /// during them) and returns them, in order.
    mutating func finishOpen(status: StepStatus, in db: AppDatabase) -> [TimelineStep] {
        open.keys.sorted().compactMap { position in
            guard var step = open[position] else { return nil }
            finish(&step, status: status, in: db)
            return step
        }
    }

    /// Reasoning arrives in pieces: one "thought" step per model call, growing as it streams.
    mutating func appendThought(_ text: String, to step: TimelineStep?, messageId: Int64, in db: AppDatabase) -> TimelineStep {
        guard var step else {
            return begin(kind: .thought, title: "thinking", detail: text, callId: nil, messageId: messageId, in: db)
        }
        step.detail += text
        open[step.position] = step
        return step
    }
}

/// The tokens and cost one model call reported (some providers report them in pieces).
struct CallUsage {
    private var input = 0, output = 0
    private var cost: Double?
    private var reported = false

    mutating func add(input: Int, output: Int, cost: Double?) {
        self.input += input; self.output += output; reported = true
        if let cost { self.cost = (self.cost ?? 0) + cost }
    }

    /// "1,204 tokens in · 87 out · $0.0006", or that the provider gave no counts.
    var summary: String {
        guard reported else { return "no token counts from the provider" }
        let f = NumberFormatter()
        f.numberStyle = .decimal
        f.locale = Locale(identifier: "en_US_POSIX")
        let number = { (n: Int) in f.string(from: NSNumber(value: n)) ?? String(n) }
        // A free model (the Offline assistant, a local server) shows no cost.
        return "\(number(input)) tokens in · \(number(output)) out" + (cost.flatMap { $0 > 0 ? String(format: " · $%.4f", $0) : nil } ?? "")
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

/// Call ids unique within a turn. Some providers number calls afresh in every model call
/// (Gemini and Ollama send none, so `call_1` each time; text tool calls too), but a turn's
/// calls are stored and answered by id: a repeated id gets the step number appended, the
/// same in the assistant message and in the result sent back.
struct CallIds {
    private var used: Set<String> = []

    mutating func unique(_ calls: [ToolCallRequest], step: Int) -> [ToolCallRequest] {
        calls.map { call in
            var call = call
            var id = call.id.isEmpty ? "call" : call.id
            if used.contains(id) {
                var n = step
                while used.contains("\(id)-\(n)") { n += 1 }
                id = "\(id)-\(n)"
            }
            used.insert(id)
            call.id = id
            return call
        }
    }
}

enum Pretty {
    /// Tool arguments as one readable line: `title: "Call mom", date: "2026-11-24"`.
    static func arguments(_ json: String) -> String {
        guard let value = JSONValue(parsing: json), let object = value.objectValue else { return json }
        return object.keys.sorted().map { "\($0): \(object[$0]!.jsonText)" }.joined(separator: ", ")
    }
}
