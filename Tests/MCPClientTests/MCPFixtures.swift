import Foundation
import XCTest
import TestSupport
@testable import MCPClient

/// An `mcp.json` in a folder of its own, and a manager over it that is stopped after the test.
final class MCPFixture {
    let folder: URL
    let path: String
    let manager: MCPServerManager

    /// `servers`: name → the server's fields, as a user writes them.
    init(_ servers: [String: [String: Any]], environment: [String: String] = ["PATH": "/usr/bin:/bin"]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("mcp.json").path
        let data = try JSONSerialization.data(withJSONObject: ["mcpServers": servers], options: [.prettyPrinted])
        try data.write(to: URL(fileURLWithPath: path))
        manager = MCPServerManager(configPath: path, environment: environment)
    }

    /// A faulty test server (Tests/Peers/mcp_faulty_server.py) in `mode`.
    static func faulty(_ mode: String, timeout: Double? = nil) throws -> [String: Any] {
        var server: [String: Any] = ["command": try MCPPeers.python(), "args": [MCPPeers.faultyServer.path, mode]]
        if let timeout { server["timeout"] = timeout }
        return server
    }

    /// Starts the servers and waits (bounded) until none is starting.
    func start(limit: Duration = .seconds(20)) async -> [MCPServerStatus] {
        manager.startAll()
        await manager.waitUntilStarted(limit: limit)
        return manager.servers
    }

    func tool(_ name: String) -> MCPTool? {
        manager.currentTools().first { $0.definition.name == name } as? MCPTool
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// Waits (bounded) until `condition` holds.
func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}
