import Foundation
import ArgumentParser
import App
import MCPClient

/// `aihelper mcp list [--json]`: the external servers of mcp.json, each started, its state and
/// what it offers read, then stopped (the /mcp view's facts, for scripts) — docs/mcp.md.
struct MCPListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Start each server of mcp.json, print its state and tools, and stop it.",
        discussion: "Exit code 0 when every enabled server is ready (or none is configured), 1 when one failed or mcp.json has a mistake.",
        aliases: ["status"])

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON: an array of {name, command, state, reason, tools, prompts, resources, stderr}.")
    var json = false

    func run() async throws {
        let mcp = MCPServerManager(configPath: global.paths.mcpServers)
        mcp.startAll()
        for problem in mcp.problems { Output.note("aihelper: \(problem)") }
        await mcp.waitUntilStarted(limit: AskCommand.mcpStartLimit)
        let servers = mcp.servers
        await mcp.stopAll()
        printRecords(servers, json: json, shape: MCPServerJSON.init, none: "No MCP servers in \(global.paths.mcpServers).", line: Self.line)
        let good = servers.allSatisfy { $0.state == .ready || $0.state == .disabled }
        if !good || !mcp.problems.isEmpty { throw ExitCode(1) }
    }

    /// "time: ready, 2 tools (1 offered)", "broken: failed: …".
    static func line(_ server: MCPServerStatus) -> String {
        let json = MCPServerJSON(server)
        switch server.state {
        case .ready:
            let offered = server.enabledToolCount == server.tools.count ? "" : " (\(server.enabledToolCount) offered)"
            let tools = server.tools.map(\.name).joined(separator: ", ")
            return "\(server.name): ready, \(server.tools.count) tool\(server.tools.count == 1 ? "" : "s")\(offered)"
                + (tools.isEmpty ? "" : ": \(tools)")
        case .failed(let reason): return "\(server.name): failed: \(reason)"
        case .starting: return "\(server.name): not ready within \(AskCommand.mcpStartLimit.components.seconds) s"
        default: return "\(server.name): \(json.state)"
        }
    }
}

/// A server in `aihelper mcp list --json`.
struct MCPServerJSON: Encodable {
    struct ToolJSON: Encodable {
        let name: String, agentName: String, description: String, destructive: Bool, disabled: Bool
    }
    struct ItemJSON: Encodable { let name: String, detail: String }

    let name: String, command: String
    /// ready, failed, starting (not ready in time), disabled or stopped.
    let state: String
    /// Why it failed; left out otherwise.
    let reason: String?
    let tools: [ToolJSON], prompts: [ItemJSON], resources: [ItemJSON]
    /// The last lines it wrote to stderr.
    let stderr: [String]

    init(_ s: MCPServerStatus) {
        name = s.name; command = s.command; stderr = s.stderr
        switch s.state {
        case .ready: state = "ready"; reason = nil
        case .failed(let why): state = "failed"; reason = why
        case .starting: state = "starting"; reason = nil
        case .disabled: state = "disabled"; reason = nil
        case .stopped: state = "stopped"; reason = nil
        }
        tools = s.tools.map { ToolJSON(name: $0.name, agentName: $0.agentName, description: $0.description,
                                       destructive: $0.isDestructive, disabled: $0.isDisabled) }
        prompts = s.prompts.map { ItemJSON(name: $0.name, detail: $0.detail) }
        resources = s.resources.map { ItemJSON(name: $0.name, detail: $0.detail) }
    }
}
