import Foundation
import Core

extension ToolRegistry {
    /// Results beyond this are cut: a tool must not flood the context window.
    static let resultLimit = 16_000
    /// Arguments beyond this are refused unread: no tool takes that much.
    static let argumentLimit = 64 << 10
    /// How long a call may take when the caller sets no limit of its own.
    public static let defaultTimeout = Duration.seconds(30)

    /// Runs one call of the tool `name` with `arguments` as the model (or an MCP client) wrote
    /// them: looked up, size-checked, parsed, brought to the schema's shape and checked, run
    /// against `context` within `timeout`, its result cleaned and cut. Every failure becomes an
    /// error result for the caller, never a crash. The agent's turns and `aihelper mcp serve`
    /// both run their calls here.
    public func run(_ name: String, arguments: String, context: ToolContext,
                    timeout: Duration = defaultTimeout) async -> ToolResult {
        guard let tool = tool(named: name) else {
            if let set = disabled[name] {
                return ToolResult(text: "\(name) is turned off: the '\(set)' toolset is not enabled in the settings (toolsets in config.toml). "
                                  + "Tell the user; do not call it again.", isError: true)
            }
            return ToolResult(text: "Unknown tool '\(name)'.", isError: true)
        }
        guard arguments.utf8.count <= Self.argumentLimit else {
            return ToolResult(text: "The arguments of \(name) are \(arguments.utf8.count / 1024) KB; at most \(Self.argumentLimit / 1024) KB are taken.",
                              isError: true)
        }
        let text = arguments.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let parsed = JSONValue(parsing: text.isEmpty ? "{}" : text), parsed.objectValue != nil else {
            return ToolResult(text: "The arguments of \(name) are not a JSON object: \(text.prefix(200))", isError: true)
        }
        // Names and values in the other shapes models send (`due` for `due_date`, "3" for 3).
        let normalized = ArgumentShapes.normalized(parsed, for: tool.definition)
        let problems = SchemaValidator.problems(normalized, against: tool.definition.inputSchema)
        guard problems.isEmpty else {
            return ToolResult(text: "Invalid arguments for \(name): \(problems.joined(separator: "; ")). Fix them and call it again.",
                              isError: true)
        }
        // A tool with its own limit (an MCP server's) reports its own time-out; this one is the backstop.
        let timeout = tool.definition.timeout.map { $0 + .seconds(2) } ?? timeout
        return await FirstResult.race(timeout: timeout,
                                      timedOut: ToolResult(text: "\(name) took longer than \(timeout) and was stopped.", isError: true),
                                      cancelled: ToolResult(text: "\(name) was cancelled.", isError: true)) {
            await Self.call(tool, normalized, name: name, context: context)
        }
    }

    private static func call(_ tool: any Tool, _ arguments: JSONValue, name: String, context: ToolContext) async -> ToolResult {
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
