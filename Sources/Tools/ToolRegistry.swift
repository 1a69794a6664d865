import Foundation
import Core

/// The tools the agent may call, looked up by name. Built-in toolsets and (later) MCP tools are
/// all `Tool`s: a new toolset only adds its tools here.
public struct ToolRegistry: Sendable {
    public let tools: [any Tool]
    private let indexByName: [String: Int]

    /// When two tools share a name, the first one wins (built-ins before external tools).
    public init(tools: [any Tool]) {
        var kept: [any Tool] = []
        var index: [String: Int] = [:]
        for tool in tools where index[tool.definition.name] == nil {
            index[tool.definition.name] = kept.count
            kept.append(tool)
        }
        self.tools = kept
        self.indexByName = index
    }

    public var definitions: [ToolDefinition] { tools.map(\.definition) }

    public func tool(named name: String) -> (any Tool)? {
        indexByName[name].map { tools[$0] }
    }

    /// This registry plus `more` (names already present are kept as they are).
    public func adding(_ more: [any Tool]) -> ToolRegistry {
        ToolRegistry(tools: tools + more)
    }

    /// The built-in toolsets' tools (`Toolset.builtIn`): what the Offline assistant uses too.
    public static func builtIn() -> ToolRegistry {
        ToolRegistry(tools: Toolset.builtIn.flatMap(\.tools))
    }
}
