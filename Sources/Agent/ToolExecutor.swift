import Foundation
import Core
import Providers
import Tools
import Storage

/// Runs one tool call; every failure becomes an error result for the model, never a crash.
/// Public for `aihelper mcp serve`, whose calls take the same path as the agent's.
public enum ToolExecutor {
    /// Results beyond this are cut: a tool must not flood the context window.
    static let resultLimit = 16_000
    /// Arguments beyond this are refused unread: no tool takes that much.
    static let argumentLimit = 64 << 10

    public static func execute(_ call: ToolCallRequest, registry: ToolRegistry, database: AppDatabase,
                        now: Date, timeZone: TimeZone, timeout: Duration = .seconds(30), sandbox: URL? = nil) async -> ToolResult {
        guard let tool = registry.tool(named: call.name) else {
            if let set = registry.disabled[call.name] {
                return ToolResult(text: "\(call.name) is turned off: the '\(set)' toolset is not enabled in the settings (toolsets in config.toml). "
                                  + "Tell the user; do not call it again.", isError: true)
            }
            return ToolResult(text: "Unknown tool '\(call.name)'.", isError: true)
        }
        guard call.arguments.utf8.count <= argumentLimit else {
            return ToolResult(text: "The arguments of \(call.name) are \(call.arguments.utf8.count / 1024) KB; at most \(argumentLimit / 1024) KB are taken.",
                              isError: true)
        }
        let text = call.arguments.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let parsed = JSONValue(parsing: text.isEmpty ? "{}" : text), parsed.objectValue != nil else {
            return ToolResult(text: "The arguments of \(call.name) are not a JSON object: \(text.prefix(200))", isError: true)
        }
        // Names and values in the other shapes models send (`due` for `due_date`, "3" for 3).
        let arguments = ArgumentShapes.normalized(parsed, for: tool.definition)
        let problems = SchemaValidator.problems(arguments, against: tool.definition.inputSchema)
        guard problems.isEmpty else {
            return ToolResult(text: "Invalid arguments for \(call.name): \(problems.joined(separator: "; ")). Fix them and call it again.",
                              isError: true)
        }
        let context = ToolContext(database: database, now: now, timeZone: timeZone, sandbox: sandbox)
        let name = call.name
        // A tool with its own limit (an MCP server's) reports its own time-out; this one is the backstop.
        let timeout = tool.definition.timeout.map { $0 + .seconds(2) } ?? timeout
        return await FirstResult.race(timeout: timeout,
                                      timedOut: ToolResult(text: "\(name) took longer than \(timeout) and was stopped.", isError: true),
                                      cancelled: ToolResult(text: "\(name) was cancelled.", isError: true)) {
            await run(tool, arguments, name: name, context: context)
        }
    }

    private static func run(_ tool: any Tool, _ arguments: JSONValue, name: String, context: ToolContext) async -> ToolResult {
        do {
            var result = try await tool.call(arguments, context: context)
            // Results come from files, notes and other servers: no control sequence goes on to
            // the model, the database or a screen.
            result.text = Sanitizer.clean(result.text)
            if result.text.count > resultLimit {
                result.text = String(result.text.prefix(resultLimit)) + "\n…(cut at \(resultLimit) characters)"
            }
            return result
        } catch let error as ToolError {
            return ToolResult(text: error.message, isError: true)
        } catch {
            return ToolResult(text: "\(name) failed: \(error)", isError: true)
        }
    }
}

/// A tool's result, or the time-out's, or the cancel's: whichever comes first. The tool runs
/// in a task of its own, so a tool stuck in a call that ignores cancellation cannot hold the
/// turn; it is cancelled and left to end on its own.
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

extension ToolRegistry {
    /// The definitions in the shape providers take.
    public var schemas: [ToolSchema] { Self.schemas(definitions) }

    static func schemas(_ definitions: [ToolDefinition]) -> [ToolSchema] {
        definitions.map { ToolSchema(name: $0.name, description: $0.description, inputSchema: $0.inputSchema) }
    }
}
