import Foundation
import Terminal
import MCPClient

/// The servers view (`/mcp`): each external MCP server's state, its tools, prompts and
/// resources, and the last lines of its stderr when it failed.
struct MCPView: Equatable {
    var servers: [MCPServerStatus]
    var selected = 0
    /// Where the servers are configured, for the empty view's hint.
    var configPath: String

    var selectedServer: MCPServerStatus? { servers.indices.contains(selected) ? servers[selected] : nil }
}

/// ↑↓ choose a server, r restarts it, e (or Space) enables or disables it, Esc closes.
func handleMCPViewKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var view = state.mcpView else { return [] }
    defer { if state.mcpView != nil { state.mcpView = view } }
    let last = max(0, view.servers.count - 1)
    switch key {
    case .escape, .text("q"):
        state.mcpView = nil
    case .up, .text("k"): view.selected = max(0, view.selected - 1)
    case .down, .text("j"): view.selected = min(last, view.selected + 1)
    case .home: view.selected = 0
    case .end: view.selected = last
    case .text("r"), .text("R"):
        guard let server = view.selectedServer, server.state != .disabled else { return [] }
        return [.restartMCPServer(server.name)]
    case .text("e"), .text("E"), .text(" "):
        guard let server = view.selectedServer else { return [] }
        return [.setMCPServerEnabled(server.name, server.state == .disabled)]
    default: break
    }
    return []
}
