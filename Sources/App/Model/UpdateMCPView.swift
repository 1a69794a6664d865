import Foundation
import Terminal
import MCPClient

// Keys of the MCP servers view.

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
