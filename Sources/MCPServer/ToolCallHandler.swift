import Foundation
import Core
import Storage
import Tools
import MCP

/// Answers `tools/call`: through the registry's `run`, as the agent's calls go, so a call from
/// an MCP client gets the same schema check, time limit, sanitizing and size cap as one from the model.
struct ToolCallHandler: Sendable {
    let tools: ServedTools
    let database: AppDatabase
    /// The files folder, for the file tools (served with `--files` only).
    let sandbox: URL?

    func call(_ request: CallTool.Parameters) async throws -> CallTool.Result {
        if tools.withheld.contains(request.name) {
            return Self.result("\(request.name) changes data, and this server runs read-only (aihelper mcp serve --read-only).",
                               isError: true)
        }
        guard tools.registry.tool(named: request.name) != nil else {
            // The spec's answer to an unknown tool: a protocol error, not a tool result.
            throw MCPError.invalidParams("Unknown tool: \(Sanitizer.clean(String(request.name.prefix(100))))")
        }
        let arguments = try JSONEncoder().encode(Value.object(request.arguments ?? [:]))
        let result = await tools.registry.run(request.name, arguments: String(decoding: arguments, as: UTF8.self),
                                              context: ToolContext(database: database, now: Date(), timeZone: .current, sandbox: sandbox))
        return Self.result(result.text, isError: result.isError)
    }

    static func result(_ text: String, isError: Bool) -> CallTool.Result {
        CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError)
    }
}
