import Foundation
import MCPClient

/// External MCP servers in the TUI: their changes wake the loop; `/mcp` shows them.
extension TUIApp {
    /// Called once the servers are starting: every change of theirs posts a snapshot.
    public func watch(_ servers: MCPServerManager) {
        mcpServers = servers
        let mailbox = self.mailbox
        servers.observe { [weak servers] in
            guard let servers else { return }
            mailbox.post(.mcpServers(servers.servers))
        }
        mailbox.post(.mcpServers(servers.servers))  // what changed before the watch began
        let problems = servers.problems
        if !problems.isEmpty {
            // Kept after a start-up warning already shown (a provider or theme problem).
            let earlier = state.notice.map { $0.text + " " } ?? ""
            state.notice = Notice(text: earlier + tr.mcp.configProblems(problems.joined(separator: " ")), kind: .error,
                                  expires: Date().addingTimeInterval(20))
        }
    }

    func openMCPView() {
        state[overlay: MCPView.self] = MCPView(servers: mcpServers?.servers ?? [], configPath: mcpServers?.configPath ?? "mcp.json")
    }

    /// Reads the resource in the background; the loop gets `.resourceRead` with it or why not.
    func attachResource(_ server: String, _ uri: String) {
        let mailbox = self.mailbox
        guard let manager = mcpServers else {
            return mailbox.post(.resourceRead(server: server, uri: uri, .failure(.unknownServer(server, known: []))))
        }
        state.notice = Notice(text: tr.mcp.reading(uri, server), kind: .info, expires: nil)
        Task { mailbox.post(.resourceRead(server: server, uri: uri, await manager.readResource(server: server, uri: uri))) }
    }

    func setMCPServerEnabled(_ name: String, _ enabled: Bool) {
        do { try mcpServers?.setEnabled(name, enabled) } catch {
            state.notice = Notice(text: tr.mcp.notSaved("\(error)"), kind: .error, expires: nil)
        }
    }
}
