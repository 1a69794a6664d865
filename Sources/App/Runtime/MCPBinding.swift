import Foundation
import MCPClient

/// The loop's hold on the external MCP servers (`MCPServerManager`): every change of theirs
/// posts a snapshot to the mailbox; what the screens ask of them goes through here. Without
/// servers (tests, benchmarks) it answers as a manager with none.
final class MCPBinding {
    private let mailbox: Mailbox
    private(set) var manager: MCPServerManager?

    init(mailbox: Mailbox) { self.mailbox = mailbox }

    /// Binds the servers once they are starting; what changed before the binding is posted too.
    func bind(_ servers: MCPServerManager) {
        manager = servers
        let mailbox = self.mailbox
        servers.observe { [weak servers] in
            guard let servers else { return }
            mailbox.post(.mcpServers(servers.servers))
        }
        mailbox.post(.mcpServers(servers.servers))
    }

    var servers: [MCPServerStatus] { manager?.servers ?? [] }
    var configPath: String { manager?.configPath ?? "mcp.json" }

    func restart(_ name: String) { manager?.restart(name) }

    func setEnabled(_ name: String, _ enabled: Bool) throws { try manager?.setEnabled(name, enabled) }

    /// Reads the resource in the background; the loop gets `.resourceRead` with it or why not.
    func readResource(server: String, uri: String) {
        let mailbox = self.mailbox
        guard let manager else {
            return mailbox.post(.resourceRead(server: server, uri: uri, .failure(.unknownServer(server, known: []))))
        }
        Task { mailbox.post(.resourceRead(server: server, uri: uri, await manager.readResource(server: server, uri: uri))) }
    }
}
