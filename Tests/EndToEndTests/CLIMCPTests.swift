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

    /// `mcp list` starts each server, prints its state and tools (text, or JSON parsed here), stops
    /// them all, and exits 1 when one failed; with only good servers, 0.
    func testMCPListPrintsEachServersStateAndExitsOneWhenOneFailed() throws {
        let marker = "cli-list-\(UUID().uuidString.prefix(8))"
        let python = try MCPPeers.python(), faulty = MCPPeers.faultyServer.path
        var servers: [String: Any] = [
            "good": ["command": python, "args": [faulty, "resource", marker], "disabledTools": ["act"]],
            "broken": ["command": python, "args": [faulty, "crash-start", marker]],
            "off": ["command": python, "args": [faulty, "ok", marker], "enabled": false],
        ]
        try JSONSerialization.data(withJSONObject: ["mcpServers": servers]).write(to: URL(fileURLWithPath: home + "/mcp.json"))
        let cli = CLIRunner(home: home)
        let text = try cli.run(["mcp", "list"], timeout: 60)
        XCTAssertEqual(text.status, 1, text.err)
        XCTAssertEqual(text.out, """
            broken: failed: it exited with status 3 while starting
            good: ready, 1 tool (0 offered): act
            off: disabled

            """)
        let json = try cli.run(["mcp", "status", "--json"], timeout: 60)
        XCTAssertEqual(json.status, 1, json.err)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]], json.out)
        XCTAssertEqual(list.map { $0["name"] as? String }, ["broken", "good", "off"])
        XCTAssertEqual(list.map { $0["state"] as? String }, ["failed", "ready", "disabled"])
        XCTAssertEqual(list[0]["reason"] as? String, "it exited with status 3 while starting")
        XCTAssertEqual(list[0]["stderr"] as? [String], ["faulty: cannot start, missing API token"])
        let tool = try XCTUnwrap((list[1]["tools"] as? [[String: Any]])?.first)
        XCTAssertEqual(tool["agentName"] as? String, "good__act")
        XCTAssertEqual(tool["disabled"] as? Bool, true)
        XCTAssertEqual((list[1]["resources"] as? [[String: Any]])?.count, 3)
        XCTAssertEqual(MCPPeers.processes(matching: marker), [], "every server ends with mcp list")

        servers["broken"] = nil
        try JSONSerialization.data(withJSONObject: ["mcpServers": servers]).write(to: URL(fileURLWithPath: home + "/mcp.json"))
        XCTAssertEqual(try cli.run(["mcp", "list"], timeout: 60).status, 0)
    }
}
