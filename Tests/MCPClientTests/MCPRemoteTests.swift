import XCTest
import Core
import Storage
import Tools
import TestSupport
@testable import MCPClient

/// Remote servers over Streamable HTTP, against the official Python SDK's server and the bad
/// peers of Tests/Peers/mcp_http_server.py. Every wait is bounded.
final class MCPRemoteTests: XCTestCase {
    private func context() throws -> ToolContext { ToolContext(database: try AppDatabase.temporary()) }
    private let token = "tok-\(UUID().uuidString)"

    private func remote(_ url: String, headers: [String: String] = [:], timeout: Double = 10) -> [String: Any] {
        ["url": url, "headers": headers, "timeout": timeout]
    }

    func testToolsListedAndCalledWithTheTokenFromTheEnvironment() async throws {
        let peer = try MCPPeers.remote(["mcp", token])
        let fixture = try MCPFixture(["remote": remote(peer.baseURL + "/mcp", headers: ["Authorization": "Bearer ${MY_TOKEN}"])],
                                     environment: ["MY_TOKEN": token])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
        XCTAssertEqual(servers.first?.command, peer.baseURL + "/mcp")
        XCTAssertEqual(fixture.manager.currentTools().map(\.definition.name).sorted(), ["remote__add", "remote__echo"])
        let add = try await XCTUnwrap(fixture.tool("remote__add")).call(["a": 2, "b": 40], context: try context())
        XCTAssertFalse(add.isError, add.text)
        XCTAssertTrue(add.text.hasPrefix("42\n"), add.text)  // then its structured content
        let echo = try await XCTUnwrap(fixture.tool("remote__echo")).call(["text": "über"], context: try context())
        XCTAssertTrue(echo.text.hasPrefix("echo: über\n"), echo.text)
        await fixture.manager.stopAll()
        XCTAssertEqual(fixture.manager.servers.first?.state, .stopped)
    }

    /// The server refuses a wrong token (401): failed, saying so, the token shown nowhere.
    func testWrongTokenFailsWithoutShowingIt() async throws {
        let peer = try MCPPeers.remote(["mcp", token])
        let wrong = "wrong-\(UUID().uuidString)"
        let fixture = try MCPFixture(["remote": remote(peer.baseURL + "/mcp", headers: ["Authorization": "Bearer ${MY_TOKEN}"])],
                                     environment: ["MY_TOKEN": wrong])
        let servers = await fixture.start()
        let status = try XCTUnwrap(servers.first)
        guard case .failed(let why) = status.state else { return XCTFail("\(status)") }
        XCTAssertTrue(why.contains("answered HTTP 401"), why)
        XCTAssertFalse("\(status)".contains(wrong), "\(status)")
        XCTAssertFalse("\(status)".contains(token), "\(status)")
    }

    /// A same-host redirect (`/mcp/` → `/mcp`) is followed.
    func testRedirectOnTheSameHostIsFollowed() async throws {
        let peer = try MCPPeers.remote(["mcp"])
        let fixture = try MCPFixture(["remote": remote(peer.baseURL + "/mcp/")])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
    }

    /// A server that goes away after it was ready: the call fails at once, saying so, and the
    /// server shows as failed (as a crashed local one does); `r` (a restart) reconnects.
    func testServerGoneAfterReadyFailsTheCallAndTheServer() async throws {
        var peer: PeerServer? = try MCPPeers.remote(["mcp"])
        let url = peer!.baseURL + "/mcp"
        let fixture = try MCPFixture(["remote": remote(url)])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
        let add = try XCTUnwrap(fixture.tool("remote__add"))
        peer = nil
        let started = ContinuousClock.now
        let result = try await add.call(["a": 1, "b": 2], context: try context())
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertTrue(result.isError)
        XCTAssertTrue(result.text.hasPrefix("The MCP server remote could not be reached during add: Failed to connect"), result.text)
        guard case .failed(let why)? = fixture.manager.servers.first?.state else { return XCTFail("\(fixture.manager.servers)") }
        XCTAssertTrue(why.contains("Failed to connect"), why)
        XCTAssertTrue(fixture.manager.currentTools().isEmpty)
    }

    func testDownURLFailsAtOnce() async throws {
        let port = try ClosedPort.make()
        let fixture = try MCPFixture(["down": remote("http://127.0.0.1:\(port)/mcp")])
        let started = ContinuousClock.now
        let servers = await fixture.start()
        let status = try XCTUnwrap(servers.first)
        guard case .failed(let why) = status.state else { return XCTFail("\(status)") }
        XCTAssertTrue(why.contains("127.0.0.1") && why.contains("\(port)"), why)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
    }

    /// A redirect to another host is refused: the headers (a token) are never sent there.
    func testRedirectToAnotherHostIsRefused() async throws {
        let peer = try MCPPeers.remote(["bad"])
        let fixture = try MCPFixture(["r": remote(peer.baseURL + "/redirect", headers: ["Authorization": "Bearer ${T}"])],
                                     environment: ["T": token])
        let servers = await fixture.start()
        let status = try XCTUnwrap(servers.first)
        guard case .failed(let why) = status.state else { return XCTFail("\(status)") }
        XCTAssertTrue(why.contains("redirects to another host (http://127.0.0.2:\(peer.port)/mcp); refused"), why)
        XCTAssertFalse(why.contains(token))
    }

    func testHTMLAnswerIsAClearError() async throws {
        let peer = try MCPPeers.remote(["bad"])
        let fixture = try MCPFixture(["h": remote(peer.baseURL + "/html")])
        let servers = await fixture.start()
        let status = try XCTUnwrap(servers.first)
        guard case .failed(let why) = status.state else { return XCTFail("\(status)") }
        XCTAssertTrue(why.contains("answered text/html; charset=utf-8, not JSON"), why)
        XCTAssertTrue(why.contains("Please sign in"), why)
    }

    /// A stream that never ends is cut at the size cap, well before the time limit.
    func testEndlessStreamIsCut() async throws {
        let peer = try MCPPeers.remote(["bad"])
        let fixture = try MCPFixture(["e": remote(peer.baseURL + "/endless", timeout: 30)])
        let started = ContinuousClock.now
        let servers = await fixture.start(limit: .seconds(40))
        let status = try XCTUnwrap(servers.first)
        guard case .failed(let why) = status.state else { return XCTFail("\(status)") }
        XCTAssertTrue(why.contains("sent more than 8 MB in one answer"), why)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(20))
    }

}
