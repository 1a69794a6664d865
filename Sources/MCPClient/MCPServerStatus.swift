import Foundation

/// Where one server is, for the servers view and the tools the agent sees.
public enum MCPServerState: Sendable, Equatable {
    case disabled
    case starting
    case ready
    /// Why, in a sentence; the stderr tail is in `MCPServerStatus.stderr`.
    case failed(String)
    case stopped
}

/// One tool of a server, as the servers view lists it.
public struct MCPToolInfo: Sendable, Equatable {
    /// The server's own name for it.
    public var name: String
    /// What the agent calls it: `SERVER__tool`.
    public var agentName: String
    public var description: String
    public var isDestructive: Bool
    /// Listed in `disabledTools`: not offered.
    public var isDisabled: Bool

    public init(name: String, agentName: String, description: String, isDestructive: Bool, isDisabled: Bool) {
        self.name = name; self.agentName = agentName; self.description = description
        self.isDestructive = isDestructive; self.isDisabled = isDisabled
    }
}

/// A prompt or a resource of a server, listed in the servers view.
public struct MCPItemInfo: Sendable, Equatable {
    public var name: String
    public var detail: String

    public init(name: String, detail: String) { self.name = name; self.detail = detail }
}

public struct MCPServerStatus: Sendable, Equatable {
    public var name: String
    /// The command, or for a remote server its URL without the query.
    public var command: String
    /// Reached over HTTP (`url` in mcp.json), not a child process.
    public var isRemote: Bool
    public var state: MCPServerState
    public var tools: [MCPToolInfo]
    public var prompts: [MCPItemInfo]
    public var resources: [MCPItemInfo]
    /// The last lines of its stderr (and stdout lines that were not JSON-RPC), cleaned.
    public var stderr: [String]

    public init(name: String, command: String, isRemote: Bool = false, state: MCPServerState, tools: [MCPToolInfo] = [],
                prompts: [MCPItemInfo] = [], resources: [MCPItemInfo] = [], stderr: [String] = []) {
        self.name = name; self.command = command; self.isRemote = isRemote; self.state = state; self.tools = tools
        self.prompts = prompts; self.resources = resources; self.stderr = stderr
    }

    /// Tools the agent is offered.
    public var enabledToolCount: Int { tools.filter { !$0.isDisabled }.count }
}
