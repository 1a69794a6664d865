import Foundation
import XCTest
import TestSupport

/// `aihelper ask` with external MCP servers from `$AIHELPER_HOME/mcp.json`: the real binary
/// starts them, the loopback provider's answer calls one, and no server outlives the command.
final class CLIMCPTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    func testAskCallsAnMCPServerAndLeavesNoOrphans() throws {
        let marker = "cli-orphan-\(UUID().uuidString.prefix(8))"
        let python = try MCPPeers.python(), faulty = MCPPeers.faultyServer.path
        // Through a link whose name holds the marker, so its process can be found by it.
        let time = home + "/\(marker)-time"
        try FileManager.default.createSymbolicLink(atPath: time, withDestinationPath: try MCPPeers.executable("mcp-server-time"))
        let servers: [String: Any] = [
            "time": ["command": time, "args": ["--local-timezone", "UTC"]],
            "idle": ["command": python, "args": [faulty, "ok", marker]],
            "broken": ["command": python, "args": [faulty, "crash-start", marker]],
            "bad": ["args": ["no command"]],
        ]
        try JSONSerialization.data(withJSONObject: ["mcpServers": servers]).write(to: URL(fileURLWithPath: home + "/mcp.json"))
        let base = try Self.peer.get().baseURL
        let result = try CLIRunner(home: home).run(["ask", "--provider", "openai", "what time is it [script:agent:mcp-time]"],
                                                  environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "x"], timeout: 60)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "That is the time in Zurich.\n")
        XCTAssertTrue(result.err.contains("[done] time__get_current_time"), result.err)
        XCTAssertTrue(result.err.contains("mcp.json: server \"bad\": \"command\" (or \"url\") is missing"), result.err)
        XCTAssertEqual(MCPPeers.processes(matching: marker), [], "every MCP server ends with aihelper ask")
    }
}
