import Foundation
import MCPClient

/// External MCP servers in the TUI: their changes wake the loop (`MCPBinding`); `/mcp` shows them.
extension TUIApp {
    /// Called once the servers are starting: every change of theirs posts a snapshot.
    public func watch(_ servers: MCPServerManager) {
        mcp.bind(servers)
        let problems = servers.problems
        if !problems.isEmpty {
            // Kept after a start-up warning already shown (a provider or theme problem).
            let earlier = state.notice.map { $0.text + " " } ?? ""
            show(Notice(text: earlier + tr.mcp.configProblems(problems.joined(separator: " ")), kind: .error,
                        expires: Date().addingTimeInterval(20)))
        }
    }

    func openMCPView() {
        apply(.mcpViewOpened(MCPView(servers: mcp.servers, configPath: mcp.configPath)))
    }

    func attachResource(_ server: String, _ uri: String) {
        if mcp.manager != nil { show(Notice(text: tr.mcp.reading(uri, server), kind: .info, expires: nil)) }
        mcp.readResource(server: server, uri: uri)
    }

    func setMCPServerEnabled(_ name: String, _ enabled: Bool) {
        do { try mcp.setEnabled(name, enabled) } catch {
            show(Notice(text: tr.mcp.notSaved("\(error)"), kind: .error, expires: nil))
        }
    }
}
