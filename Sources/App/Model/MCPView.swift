import Foundation
import Terminal
import MCPClient

/// The servers view (`/mcp`): each external MCP server's state, its tools, prompts and
/// resources, and the last lines of its stderr when it failed.
struct MCPView: Equatable {
    var servers: [MCPServerStatus]
    var selected = 0
    /// The chosen resource of the chosen server (Tab), for a (attach).
    var resource = 0
    /// Where the servers are configured, for the empty view's hint.
    var configPath: String
    /// Lines the chosen server's details are scrolled (PgUp / PgDn); back to 0 with another server.
    var detailScroll = 0

    var selectedServer: MCPServerStatus? { servers.indices.contains(selected) ? servers[selected] : nil }
}

/// The settings' line about the servers (F3 opens their view).
/// A server that failed (at start, or after a restart) is said on the status bar once, beside
/// an error already there; the servers view keeps the details.
func tellMCPFailures(_ state: inout AppState, _ servers: [MCPServerStatus]) {
    let failed = servers.compactMap { server -> (String, String)? in
        if case .failed(let why) = server.state { return (server.name, why) } else { return nil }
    }
    let new = failed.filter { !state.mcpFailuresTold.contains($0.0) }
    state.mcpFailuresTold = Set(failed.map(\.0))
    guard !new.isEmpty else { return }
    let earlier = state.notice.flatMap { $0.kind == .error ? $0.text + " " : nil } ?? ""
    state.notice = Notice(text: earlier + new.map { tr.mcp.startFailed($0.0, $0.1) }.joined(separator: " "), kind: .error,
                          expires: state.clock.addingTimeInterval(20))
}

func mcpSettingsLine(_ servers: [MCPServerStatus]) -> String {
    tr.mcp.settingsLine(servers.count, servers.filter { $0.state == .ready }.count)
}
