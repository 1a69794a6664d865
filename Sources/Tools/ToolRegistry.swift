import Foundation
import Core

/// The tools the agent may call, looked up by name. Built-in toolsets and (later) MCP tools are
/// all `Tool`s: a new toolset only adds its tools here.
public struct ToolRegistry: Sendable {
    public let tools: [any Tool]
    /// The tools by toolset, for routing (`ToolRouter`).
    public let toolsets: [Toolset]
    private let indexByName: [String: Int]
    /// Tool name → its toolset, for the tools of toolsets turned off (`toolsets` in config.toml):
    /// a call to one is refused with that reason, not as an unknown tool.
    public private(set) var disabled: [String: String] = [:]

    /// The toolsets' tools; when two share a name, the first one wins.
    public init(toolsets: [Toolset]) {
        self.init(tools: toolsets.flatMap(\.tools), toolsets: toolsets)
    }

    /// Tools in no toolset: always offered.
    public init(tools: [any Tool]) {
        self.init(tools: tools, toolsets: [Toolset(name: "tools", summary: "", keywords: [], tools: tools)])
    }

    /// When two tools share a name, the first one wins (built-ins before external tools).
    private init(tools: [any Tool], toolsets: [Toolset]) {
        self.toolsets = toolsets
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

    /// This registry plus `more`, always offered (names already present are kept as they are).
    public func adding(_ more: [any Tool]) -> ToolRegistry {
        var registry = ToolRegistry(toolsets: toolsets + [Toolset(name: "more", summary: "", keywords: [], tools: more)])
        registry.disabled = disabled
        return registry
    }

    /// The tools worth offering for `text` (`ToolRouter`), or all of them.
    public func definitions(for text: String, offerAll: Bool) -> [ToolDefinition] {
        guard !offerAll else { return definitions }
        let names = Set(ToolRouter.toolsets(for: text, in: toolsets).flatMap { $0.tools.map(\.definition.name) })
        return definitions.filter { names.contains($0.name) }
    }

    /// The built-in toolsets (`Toolset.builtIn`): what the Offline assistant uses too. With
    /// `enabled`, only those toolsets; the others' tools are neither offered nor run.
    public static func builtIn(enabled: Set<String>? = nil) -> ToolRegistry {
        guard let enabled else { return ToolRegistry(toolsets: Toolset.builtIn) }
        var registry = ToolRegistry(toolsets: Toolset.builtIn.filter { enabled.contains($0.name) })
        for set in Toolset.builtIn where !enabled.contains(set.name) {
            for tool in set.tools { registry.disabled[tool.definition.name] = set.name }
        }
        return registry
    }
}
