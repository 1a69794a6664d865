import XCTest
import Core
import Storage
import Tools
import TestSupport
@testable import MCPClient

/// The client against real processes: the reference `mcp-server-time` from PyPI and the
/// misbehaving servers of Tests/Peers/mcp_faulty_server.py. Every wait is bounded.
final class MCPServerTests: XCTestCase {
    private func context() throws -> ToolContext { ToolContext(database: try AppDatabase.temporary()) }

    func testReferenceTimeServerToolsAndCall() async throws {
        let fixture = try MCPFixture(["time": ["command": try MCPPeers.executable("mcp-server-time"),
                                               "args": ["--local-timezone", "${ZONE:-UTC}"]]])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
        let names = fixture.manager.currentTools().map(\.definition.name).sorted()
        XCTAssertEqual(names, ["time__convert_time", "time__get_current_time"])
        let tool = try XCTUnwrap(fixture.tool("time__get_current_time"))
        XCTAssertEqual(tool.definition.inputSchema["type"], "object")
        XCTAssertFalse(tool.definition.isDestructive)
        let result = try await tool.call(["timezone": "Europe/Zurich"], context: try context())
        XCTAssertFalse(result.isError, result.text)
        XCTAssertTrue(result.text.contains("Europe/Zurich"), result.text)
        let wrong = try await tool.call(["timezone": "Mars/Olympus"], context: try context())
        XCTAssertTrue(wrong.isError, wrong.text)
        await fixture.manager.stopAll()
        XCTAssertEqual(fixture.manager.servers.first?.state, .stopped)
        XCTAssertTrue(fixture.manager.currentTools().isEmpty)
    }

    /// The reference fetch server reads a page of the loopback peer. It refuses 127.0.0.1 without
    /// `--allow-private-ips`, and tries an npm install when `node` is on its PATH: its own PATH has none.
    func testReferenceFetchServer() async throws {
        let peer = try PeerServer.providers()
        let fixture = try MCPFixture(["fetch": [
            "command": try MCPPeers.executable("mcp-server-fetch"), "args": ["--allow-private-ips", "--ignore-robots-txt"],
            "env": ["PATH": MCPPeers.venv.appendingPathComponent("bin").path], "timeout": 30,
        ]])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
        let tool = try XCTUnwrap(fixture.tool("fetch__fetch"))
        let result = try await tool.call(["url": .string(peer.baseURL + "/_stats"), "raw": true], context: try context())
        XCTAssertFalse(result.isError, result.text)
        XCTAssertTrue(result.text.contains("open_streams"), result.text)
        await fixture.manager.stopAll()
    }

    /// Image content from a server written with the Python SDK: kept as an attachment when its
    /// bytes are an image (sniffed, whatever the MIME type says), described in the text either way.
    func testImageContentIsKeptAndDescribed() async throws {
        let fixture = try MCPFixture(["pictures": ["command": try MCPPeers.python(), "args": [MCPPeers.imageServer.path]]])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
        let snapshot = try await XCTUnwrap(fixture.tool("pictures__snapshot")).call([:], context: try context())
        XCTAssertFalse(snapshot.isError, snapshot.text)
        XCTAssertEqual(snapshot.images.map { "\($0.name) \($0.info.format) \($0.info.sizeText)" }, ["image 1 png 48×24"])
        XCTAssertTrue(snapshot.text.hasPrefix("Here is the screen.\n[image image/png, 48×24, "), snapshot.text)
        let broken = try await XCTUnwrap(fixture.tool("pictures__broken")).call([:], context: try context())
        XCTAssertEqual(broken.images, [])
        XCTAssertTrue(broken.text.hasPrefix("[image image/png, 0 KB, not shown]"), broken.text)
        await fixture.manager.stopAll()
    }

    /// A server sees PATH, HOME, LANG and its own `env`, never our API keys.
    func testServerEnvironmentIsClean() async throws {
        var server = try MCPFixture.faulty("ok")
        server["env"] = ["TOKEN": "${MY_TOKEN:-none}"]
        let fixture = try MCPFixture(["s": server], environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "OPENAI_API_KEY": "sk-x",
                                                               "ANTHROPIC_API_KEY": "sk-y", "MY_TOKEN": "t"])
        _ = await fixture.start()
        let result = try await XCTUnwrap(fixture.tool("s__act")).call(["text": "env"], context: try context())
        // Python may add LC_CTYPE on its own; nothing of ours beyond these.
        XCTAssertEqual(Set(result.text.split(separator: " ").map(String.init)).subtracting(["LC_CTYPE"]), ["HOME", "PATH", "TOKEN"])
    }

    func testCrashAtStartIsFailedWithItsStderr() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("crash-start")])
        let started = await fixture.start()
        let status = try XCTUnwrap(started.first)
        guard case .failed(let why) = status.state else { return XCTFail("\(status)") }
        XCTAssertTrue(why.contains("status 3"), why)
        XCTAssertEqual(status.stderr, ["faulty: cannot start, missing API token"])
        XCTAssertTrue(fixture.manager.currentTools().isEmpty)
    }

    func testMissingCommandFails() async throws {
        let fixture = try MCPFixture(["nope": ["command": "no-such-mcp-server-here"]])
        let started = await fixture.start()
        let status = try XCTUnwrap(started.first)
        XCTAssertEqual(status.state, .failed("command not found: no-such-mcp-server-here"))
    }

    func testCrashMidCallGivesAStepErrorAndAFailedState() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("crash-call", timeout: 30)])
        _ = await fixture.start()
        let tool = try XCTUnwrap(fixture.tool("faulty__act"))
        let started = ContinuousClock.now
        let result = try await tool.call(["text": "go"], context: try context())
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10), "a crash must not wait for the timeout")
        XCTAssertTrue(result.isError)
        XCTAssertTrue(result.text.contains("stopped during act: it exited with status 4"), result.text)
        let status = try XCTUnwrap(fixture.manager.servers.first)
        XCTAssertEqual(status.state, .failed("it exited with status 4"))
        XCTAssertEqual(status.stderr, ["faulty: crashing in the middle of a call"])
        XCTAssertTrue(fixture.manager.currentTools().isEmpty)
    }

    func testGarbageOnStdoutTimesOutSayingWhat() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("garbage", timeout: 1)])
        _ = await fixture.start()
        let tool = try XCTUnwrap(fixture.tool("faulty__act"))
        let result = try await tool.call(["text": "go"], context: try context())
        XCTAssertTrue(result.isError)
        XCTAssertTrue(result.text.contains("did not answer act within 1 s"), result.text)
        XCTAssertTrue(result.text.contains("not JSON-RPC"), result.text)
        XCTAssertFalse(result.text.contains("\u{1B}"), "escape sequences are cleaned")
        XCTAssertTrue(fixture.manager.servers[0].stderr.contains { $0.contains("this is not json") })
    }

    func testHangingServerTimesOutAndStaysUsable() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("hang", timeout: 1)])
        _ = await fixture.start()
        let tool = try XCTUnwrap(fixture.tool("faulty__act"))
        let started = ContinuousClock.now
        let result = try await tool.call(["text": "go"], context: try context())
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertTrue(result.isError)
        XCTAssertTrue(result.text.contains("did not answer act within 1 s (its timeout in mcp.json)"), result.text)
        XCTAssertEqual(tool.definition.timeout, .seconds(1))
        let stopping = ContinuousClock.now
        await fixture.manager.stopAll()
        XCTAssertLessThan(ContinuousClock.now - stopping, .seconds(3), "a server stuck in a call is killed")
    }

    func testHugeResultIsCapped() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("huge")])
        _ = await fixture.start()
        let result = try await XCTUnwrap(fixture.tool("faulty__act")).call(["text": "go"], context: try context())
        XCTAssertFalse(result.isError)
        XCTAssertLessThan(result.text.utf8.count, 70_000)
        XCTAssertTrue(result.text.hasSuffix("…(result cut at 64 KB of 1024 KB)"), String(result.text.suffix(80)))
    }

    func testResultsStructuredContentAndDestructiveHint() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("destructive")])
        _ = await fixture.start()
        let tool = try XCTUnwrap(fixture.tool("faulty__act"))
        XCTAssertTrue(tool.definition.isDestructive, "destructiveHint makes approvals apply")
        XCTAssertEqual(tool.definition.description, "[faulty MCP server] Does the thing.")
        let result = try await tool.call(["text": "go"], context: try context())
        XCTAssertEqual(result.text, "did: go\n{\"did\":\"go\"}")
    }

    func testListChangedRefreshesTheTools() async throws {
        let fixture = try MCPFixture(["faulty": try MCPFixture.faulty("changing")])
        _ = await fixture.start()
        XCTAssertEqual(fixture.manager.currentTools().map(\.definition.name), ["faulty__act"])
        _ = try await XCTUnwrap(fixture.tool("faulty__act")).call(["text": "go"], context: try context())
        let refreshed = await eventually { fixture.manager.currentTools().count == 2 }
        XCTAssertTrue(refreshed, "\(fixture.manager.currentTools().map(\.definition.name))")
        XCTAssertEqual(fixture.manager.servers[0].tools.map(\.agentName), ["faulty__act", "faulty__extra"])
    }

    func testDisabledToolsAndDisabledServers() async throws {
        var off = try MCPFixture.faulty("ok")
        off["enabled"] = false
        var some = try MCPFixture.faulty("ok")
        some["disabledTools"] = ["act"]
        let fixture = try MCPFixture(["off": off, "some": some])
        let servers = await fixture.start()
        XCTAssertEqual(servers.map(\.state), [.disabled, .ready])
        XCTAssertEqual(servers[1].tools.map(\.isDisabled), [true])
        XCTAssertTrue(fixture.manager.currentTools().isEmpty)
        try fixture.manager.setEnabled("off", true)
        let ready = await eventually { fixture.manager.servers.first?.state == .ready }
        XCTAssertTrue(ready, "\(fixture.manager.servers)")
        XCTAssertEqual(fixture.manager.currentTools().map(\.definition.name), ["off__act"])
        let text = try String(contentsOfFile: fixture.path, encoding: .utf8)
        XCTAssertTrue(text.contains("\"enabled\" : true"), text)
    }

    /// Restart, then stop: every child gone, none orphaned.
    func testRestartAndNoOrphans() async throws {
        let marker = "orphan-check-\(UUID().uuidString.prefix(8))"
        let fixture = try MCPFixture(["a": try MCPFixture.faulty("ok"), "b": try MCPFixture.faulty("hang")].mapValues {
            var server = $0
            server["args"] = ($0["args"] as! [String]) + [marker]
            return server
        })
        _ = await fixture.start()
        XCTAssertEqual(MCPPeers.processes(matching: marker).count, 2)
        fixture.manager.restart("a")
        let restarted = await eventually { fixture.manager.servers.first?.state == .ready && MCPPeers.processes(matching: marker).count == 2 }
        XCTAssertTrue(restarted)
        await fixture.manager.stopAll()
        XCTAssertEqual(MCPPeers.processes(matching: marker), [])
    }
}
