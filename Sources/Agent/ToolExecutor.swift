import Foundation
import Core
import Providers
import Tools
import Storage

/// Runs one tool call; every failure becomes an error result for the model, never a crash.
enum ToolExecutor {
    /// Results beyond this are cut: a tool must not flood the context window.
    static let resultLimit = 16_000
    /// Arguments beyond this are refused unread: no tool takes that much.
    static let argumentLimit = 64 << 10

    static func execute(_ call: ToolCallRequest, registry: ToolRegistry, database: AppDatabase,
                        now: Date, timeZone: TimeZone) async -> ToolResult {
        guard let tool = registry.tool(named: call.name) else {
            return ToolResult(text: "Unknown tool '\(call.name)'.", isError: true)
        }
        guard call.arguments.utf8.count <= argumentLimit else {
            return ToolResult(text: "The arguments of \(call.name) are \(call.arguments.utf8.count / 1024) KB; at most \(argumentLimit / 1024) KB are taken.",
                              isError: true)
        }
        let text = call.arguments.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let arguments = JSONValue(parsing: text.isEmpty ? "{}" : text), arguments.objectValue != nil else {
            return ToolResult(text: "The arguments of \(call.name) are not a JSON object: \(text.prefix(200))", isError: true)
        }
        let problems = SchemaValidator.problems(arguments, against: tool.definition.inputSchema)
        guard problems.isEmpty else {
            return ToolResult(text: "Invalid arguments for \(call.name): \(problems.joined(separator: "; ")). Fix them and call it again.",
                              isError: true)
        }
        do {
            var result = try await tool.call(arguments, context: ToolContext(database: database, now: now, timeZone: timeZone))
            if result.text.count > resultLimit {
                result.text = String(result.text.prefix(resultLimit)) + "\n…(cut at \(resultLimit) characters)"
            }
            return result
        } catch let error as ToolError {
            return ToolResult(text: error.message, isError: true)
        } catch {
            return ToolResult(text: "\(call.name) failed: \(error)", isError: true)
        }
    }
}

extension ToolRegistry {
    /// The definitions in the shape providers take.
    public var schemas: [ToolSchema] {
        definitions.map { ToolSchema(name: $0.name, description: $0.description, inputSchema: $0.inputSchema) }
    }
}
