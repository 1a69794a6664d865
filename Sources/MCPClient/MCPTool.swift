import Foundation
import Core
import MCP
import Tools

/// One tool of an external server as a tool the agent calls: named `SERVER__tool`, with the
/// server's JSON Schema, destructive when the server says so (`destructiveHint`), so schema
/// validation, approvals, the timeline and storage apply as to built-in tools.
struct MCPTool: Tools.Tool {
    let definition: ToolDefinition
    let remoteName: String
    let connection: MCPServerConnection

    init(_ tool: MCP.Tool, server: String, connection: MCPServerConnection, timeout: Duration) {
        remoteName = tool.name
        self.connection = connection
        var schema = JSONBridge.json(tool.inputSchema)
        // Providers take object schemas only; a server without one takes no arguments.
        if schema.objectValue == nil { schema = ["type": "object", "properties": [:]] }
        let description = Sanitizer.clean(tool.description ?? tool.title ?? tool.name)
        definition = ToolDefinition(
            name: ToolNames.agentName(server: server, tool: tool.name),
            description: "[\(server) MCP server] " + String(description.prefix(2000)),
            inputSchema: schema, isDestructive: tool.annotations.destructiveHint == true, timeout: timeout)
    }

    func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let values = (arguments.objectValue ?? [:]).mapValues(JSONBridge.value)
        return await connection.call(remoteName, arguments: values)
    }
}

/// Names providers accept: `[A-Za-z0-9_-]`, at most 64 characters.
public enum ToolNames {
    public static let maxLength = 64

    public static func agentName(server: String, tool: String) -> String {
        let name = clean(server) + "__" + clean(tool)
        guard name.count > maxLength else { return name }
        // Cut, with a short hash of the whole so two long names stay apart.
        let hash = String(stableHash(server + "\u{0}" + tool) % 0xFFFFFF, radix: 16)
        return String(name.prefix(maxLength - hash.count - 1)) + "_" + hash
    }

    static func clean(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-") ? Character(scalar) : "_"
        })
        return cleaned.isEmpty ? "_" : cleaned
    }

    /// FNV-1a: the same in every run (Swift's `hashValue` is seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
