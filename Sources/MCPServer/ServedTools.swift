import Foundation
import Core
import Tools
import MCP

/// The built-in tools `aihelper mcp serve` offers, with their MCP definitions: the registry's
/// names, descriptions and JSON Schemas, plus hints a client shows before a call.
public struct ServedTools: Sendable {
    /// What is served; calls run against this registry.
    public let registry: ToolRegistry
    /// Built-in tools left out by `--read-only`: a call to one is refused with that reason
    /// rather than as an unknown tool.
    public let withheld: Set<String>

    /// The toolsets calendar, reminders, todos, dates, contacts and notes; files with `files`
    /// (the folder is the app's, passed to the calls). `readOnly` keeps the tools that change nothing.
    public init(readOnly: Bool, files: Bool) {
        let sets = Toolset.builtIn.filter { files || $0.name != Toolset.files.name }
        let kept = sets.map { set in
            Toolset(name: set.name, summary: set.summary, keywords: set.keywords,
                    tools: set.tools.filter { !readOnly || $0.definition.isReadOnly })
        }
        registry = ToolRegistry(toolsets: kept)
        let served = Set(registry.definitions.map(\.name))
        withheld = Set(sets.flatMap { $0.tools.map(\.definition.name) }).subtracting(served)
    }

    public var definitions: [MCP.Tool] { registry.definitions.map(Self.definition) }

    /// The MCP form of a definition. A tool that is not read-only says whether it destroys
    /// (the MCP default when unsaid is "destructive", so creating tools say false). Local data
    /// only: no tool reaches the open world.
    static func definition(_ tool: ToolDefinition) -> MCP.Tool {
        let hints = tool.isReadOnly
            ? MCP.Tool.Annotations(readOnlyHint: true, openWorldHint: false)
            : MCP.Tool.Annotations(readOnlyHint: false, destructiveHint: tool.isDestructive, openWorldHint: false)
        return MCP.Tool(name: tool.name, description: tool.description, inputSchema: Value(json: tool.inputSchema),
                        annotations: hints)
    }
}

extension Value {
    /// A JSON value as the SDK's: whole numbers as integers, so schemas read `"minimum": 1`.
    init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n):
            self = n.rounded() == n && abs(n) < 9e15 ? .int(Int(n)) : .double(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(Value.init(json:)))
        case .object(let members): self = .object(members.mapValues(Value.init(json:)))
        }
    }
}
