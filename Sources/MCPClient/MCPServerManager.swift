import Foundation
import Tools

/// The external MCP servers of `mcp.json`: starts each enabled one in the background (nothing
/// waits for them unless it asks to), keeps the tools of the ready ones for the agent, and
/// stops them all on exit. Its snapshot is read from any thread, so it keeps one behind a lock.
public final class MCPServerManager: ExternalToolSource, @unchecked Sendable {
    public let configPath: String
    private let environment: [String: String]
    private let lock = NSLock()
    private var connections: [MCPServerConnection] = []
    private var statuses: [String: MCPServerStatus] = [:]
    private var toolsByServer: [String: [any Tool]] = [:]
    private var file = MCPConfigFile()
    private var onChange: (@Sendable () -> Void)?

    public init(configPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configPath = configPath; self.environment = environment
    }

    /// Called (on any thread) after a server's state or tools changed: the TUI wakes its loop.
    public func observe(_ action: @escaping @Sendable () -> Void) { lock.withLock { onChange = action } }

    /// What was wrong with `mcp.json`, each naming the file (and the server).
    public var problems: [String] { lock.withLock { file.problems } }

    /// Reads `mcp.json` and starts every enabled server, without waiting for any.
    public func startAll() {
        // Writing to a server that just died must be an error, not a signal that ends us
        // (the TUI ignores SIGPIPE already; `aihelper ask` and tests did not).
        signal(SIGPIPE, SIG_IGN)
        let file = MCPConfigFile.load(path: configPath, environment: environment)
        let made = file.servers.map(makeConnection)
        lock.withLock {
            self.file = file
            connections = made
            statuses = Dictionary(uniqueKeysWithValues: file.servers.map {
                ($0.name, MCPServerStatus(name: $0.name, command: $0.location, isRemote: $0.url != nil, state: $0.enabled ? .starting : .disabled))
            })
        }
        for connection in made { Task { await connection.start() } }
        notify()
    }

    /// Waits until no server is starting, or `limit` passed (`aihelper ask` gives them a few seconds).
    public func waitUntilStarted(limit: Duration) async {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end, servers.contains(where: { $0.state == .starting }) {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Every server in `mcp.json`, by name.
    public var servers: [MCPServerStatus] {
        lock.withLock { file.servers.compactMap { statuses[$0.name] } }
    }

    public func currentTools() -> [any Tool] {
        lock.withLock { file.servers.flatMap { toolsByServer[$0.name] ?? [] } }
    }

    /// Reads one resource of a ready server (`/attach`), within the server's timeout.
    public func readResource(server name: String, uri: String) async -> Result<String, MCPResourceError> {
        guard let connection = connection(named: name) else {
            return .failure(.unknownServer(name, known: lock.withLock { file.servers.map(\.name) }))
        }
        return await connection.read(uri: uri)
    }

    public func restart(_ name: String) {
        guard let connection = connection(named: name) else { return }
        Task { await connection.start() }
    }

    /// Writes `enabled` for the server into `mcp.json` (the rest of the file kept), then starts or stops it.
    public func setEnabled(_ name: String, _ enabled: Bool) throws {
        try MCPConfigEditor.setEnabled(enabled, server: name, path: configPath)
        guard let old = connection(named: name) else { return }
        var config = old.config
        config.enabled = enabled
        let new = makeConnection(config)
        lock.withLock {
            if let index = connections.firstIndex(where: { $0 === old }) { connections[index] = new }
            if let index = file.servers.firstIndex(where: { $0.name == name }) { file.servers[index] = config }
        }
        Task {
            await old.stop()
            await new.start()
        }
    }

    /// Stops every server and waits for them (in parallel, about 1.5 s at most): no orphans.
    public func stopAll() async {
        let all = lock.withLock { connections }
        await withTaskGroup(of: Void.self) { group in
            for connection in all { group.addTask { await connection.stop(forGood: true) } }
        }
    }

    /// `stopAll` for synchronous exit paths.
    public func stopAllBlocking() {
        let done = DispatchSemaphore(value: 0)
        Task { await stopAll(); done.signal() }
        _ = done.wait(timeout: .now() + 5)
    }

    private func makeConnection(_ config: MCPServerConfig) -> MCPServerConnection {
        MCPServerConnection(config: config, environment: environment) { [weak self] status, tools in
            self?.update(status, tools)
        }
    }

    private func update(_ status: MCPServerStatus, _ tools: [any Tool]) {
        lock.withLock {
            // A replaced connection (disabled, then enabled) must not overwrite its successor.
            guard connections.contains(where: { $0.config.name == status.name }) else { return }
            statuses[status.name] = status
            toolsByServer[status.name] = tools
        }
        notify()
    }

    private func connection(named name: String) -> MCPServerConnection? {
        lock.withLock { connections.first { $0.config.name == name } }
    }

    private func notify() { lock.withLock { onChange }?() }
}
