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

/// ↑↓ choose a server, PgUp / PgDn scroll its details, Tab / Shift-Tab one of its resources, a
/// attaches that resource to the next message (and closes the view), r restarts the server, e (or
/// Space) enables or disables it, Esc closes.
func handleMCPViewKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var view = state[overlay: MCPView.self] else { return [] }
    defer { if state[overlay: MCPView.self] != nil { state[overlay: MCPView.self] = view } }
    let last = max(0, view.servers.count - 1)
    switch key {
    case .escape, .text("q"):
        state[overlay: MCPView.self] = nil
    case .up, .text("k"): view.selected = max(0, view.selected - 1); view.resource = 0; view.detailScroll = 0
    case .down, .text("j"): view.selected = min(last, view.selected + 1); view.resource = 0; view.detailScroll = 0
    case .home: view.selected = 0; view.resource = 0; view.detailScroll = 0
    case .end: view.selected = last; view.resource = 0; view.detailScroll = 0
    case .pageUp, .pageDown:
        // A server with many tools has more details than rows (80×24): they scroll.
        let page = max(1, state.size.height / 3)
        view.detailScroll = min(max(0, view.detailScroll + (key == .pageDown ? page : -page)), MCPOverlay.maxDetailScroll(view, size: state.size))
    case .tab, .backTab:
        let count = view.selectedServer?.resources.count ?? 0
        guard count > 0 else { return [] }
        view.resource = (view.resource + (key == .tab ? 1 : count - 1)) % count
        view.detailScroll = MCPOverlay.detailScroll(showingResourceOf: view, size: state.size)
    case .text("a"), .text("A"):
        guard let server = view.selectedServer, server.resources.indices.contains(view.resource) else { return [] }
        state[overlay: MCPView.self] = nil
        return [.attachResource(server: server.name, uri: server.resources[view.resource].name)]
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
