import XCTest
import Core
import Terminal
import MCPClient
@testable import App

/// The servers view (`/mcp`): its snapshot in English and Chinese, its keys, its updates.
final class MCPViewTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    static let servers = [
        MCPServerStatus(name: "time", command: "uvx mcp-server-time", state: .ready, tools: [
            MCPToolInfo(name: "get_current_time", agentName: "time__get_current_time", description: "Get current time in a specific timezone",
                        isDestructive: false, isDisabled: false),
            MCPToolInfo(name: "convert_time", agentName: "time__convert_time", description: "Convert time between timezones",
                        isDestructive: false, isDisabled: true),
        ], resources: [MCPItemInfo(name: "file:///notes.txt", detail: "My notes")]),
        MCPServerStatus(name: "github", command: "github-mcp", state: .failed("it exited with status 3 while starting"),
                        stderr: ["Traceback (most recent call last):", "RuntimeError: GITHUB_TOKEN is not set"]),
        MCPServerStatus(name: "fetch", command: "mcp-server-fetch", state: .disabled),
        MCPServerStatus(name: "git", command: "mcp-server-git", state: .starting),
    ]

    private func render(_ view: MCPView, width: Int = 100, height: Int = 30) -> String {
        var state = SnapshotFixture.state(width: width, height: height)
        state[overlay: MCPView.self] = view
        return screenText(state)
    }

    /// A server that fails is said on the status bar once, not only in /mcp; a restart that fails again is said again.
    func testAFailedServerIsToldOnTheStatusBarOnce() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        state.notice = Notice(text: "config.toml line 3: a NUL byte.", kind: .error, expires: nil)
        _ = update(&state, .mcpServers(Self.servers))
        let text = state.notice?.text ?? ""
        XCTAssertTrue(text.hasPrefix("config.toml line 3: a NUL byte. "), "an earlier start-up warning stays: \(text)")
        XCTAssertTrue(text.contains("github") && text.contains("it exited with status 3 while starting") && text.contains("/mcp"), text)
        XCTAssertEqual(state.notice?.kind, .error)
        state.notice = nil
        _ = update(&state, .mcpServers(Self.servers))
        XCTAssertNil(state.notice, "told once")
        var restarted = Self.servers
        restarted[1].state = .starting
        _ = update(&state, .mcpServers(restarted))
        XCTAssertNil(state.notice)
        _ = update(&state, .mcpServers(Self.servers))
        XCTAssertTrue(state.notice?.text.contains("github") == true, "failed again after a restart")
        Strings.use(.simplifiedChinese)
        state.notice = nil
        _ = update(&state, .mcpServers(restarted))
        _ = update(&state, .mcpServers(Self.servers))
        XCTAssertTrue(state.notice?.text.contains("MCP 服务器 github 出错") == true, state.notice?.text ?? "")
    }

    /// A remote server shows its URL (without the query, which MCPClient hides) under its own label.
    func testRemoteServerShowsItsURL() {
        let remote = MCPServerStatus(name: "tracker", command: "https://mcp.example.com/mcp (query hidden)", isRemote: true,
                                     state: .failed("https://mcp.example.com/mcp answered HTTP 401 while starting"))
        let text = render(MCPView(servers: [remote], configPath: "/h/mcp.json"))
        XCTAssertTrue(text.contains("URL: https://mcp.example.com/mcp (query hidden)"), text)
        XCTAssertFalse(text.contains("Command:"), text)
        Strings.use(.simplifiedChinese)
        XCTAssertTrue(render(MCPView(servers: [remote], configPath: "/h/mcp.json")).contains("地址：https://mcp.example.com/mcp"))
    }

    func testSnapshotReadyServer() {
        assertSnapshot(render(MCPView(servers: Self.servers, configPath: "/h/.config/aihelper/mcp.json")), named: "mcp-servers-100x30")
    }

    func testSnapshotFailedServerInChinese() {
        Strings.use(.simplifiedChinese)
        assertSnapshot(render(MCPView(servers: Self.servers, selected: 1, configPath: "/h/mcp.json")), named: "mcp-servers-failed-zh-100x30")
    }

    /// At 80×24 a server with many tools has more details than rows: the last row says which
    /// lines show, PgDn scrolls to the end, and the resource Tab chooses is always on screen.
    func testManyDetailsScrollAndTheChosenResourceStaysInView() {
        let tools = (1...20).map { MCPToolInfo(name: "tool\($0)", agentName: "big__tool\($0)", description: "Tool number \($0)",
                                               isDestructive: false, isDisabled: false) }
        let resources = (1...3).map { MCPItemInfo(name: "file:///r\($0).txt", detail: "") }
        var state = SnapshotFixture.state(width: 80, height: 24)
        state[overlay: MCPView.self] = MCPView(servers: [MCPServerStatus(name: "big", command: "big-mcp", state: .ready, tools: tools, resources: resources)],
                                configPath: "x")
        func screen() -> String { screenText(state) }
        let top = screen()
        assertSnapshot(top, named: "mcp-many-tools-80x24")
        XCTAssertTrue(top.contains("↓ 1–") && top.contains("of 26 lines · PgUp PgDn scroll"), top)
        XCTAssertFalse(top.contains("file:///r1.txt"), "the resources are below")
        _ = update(&state, .key(.pageDown))
        _ = update(&state, .key(.pageDown))
        _ = update(&state, .key(.pageDown))
        let end = screen()
        XCTAssertTrue(end.contains("file:///r3.txt") && end.contains("of 26 lines"), end)
        XCTAssertEqual(state[overlay: MCPView.self]?.detailScroll, MCPOverlay.maxDetailScroll(state[overlay: MCPView.self]!, size: state.size), "never past the end")
        _ = update(&state, .key(.pageUp))
        _ = update(&state, .key(.pageUp))
        _ = update(&state, .key(.pageUp))
        XCTAssertEqual(state[overlay: MCPView.self]?.detailScroll, 0)
        _ = update(&state, .key(.tab))
        XCTAssertTrue(screen().contains("› file:///r2.txt"), "Tab brings the chosen resource into view: \(screen())")
    }

    func testEmptyViewSaysWhereToConfigure() {
        let text = render(MCPView(servers: [], configPath: "/h/.config/aihelper/mcp.json"))
        XCTAssertTrue(text.contains("No MCP servers. Add them to /h/.config/aihelper/mcp.json"), text)
    }

    func testCommandAndKeys() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        state.chat.input.insert("/mcp")
        XCTAssertEqual(update(&state, .key(.enter)), [.openMCPView, .rememberInput("/mcp")])
        state[overlay: MCPView.self] = MCPView(servers: Self.servers, configPath: "x")
        XCTAssertEqual(update(&state, .key(.text("r"))), [.restartMCPServer("time")])
        XCTAssertEqual(update(&state, .key(.text("e"))), [.setMCPServerEnabled("time", false)])
        _ = update(&state, .key(.down))
        _ = update(&state, .key(.down))
        XCTAssertEqual(update(&state, .key(.text("r"))), [], "a disabled server is not restarted")
        XCTAssertEqual(update(&state, .key(.text("e"))), [.setMCPServerEnabled("fetch", true)])
        _ = update(&state, .mcpServers(Array(Self.servers.prefix(1))))
        XCTAssertEqual(state[overlay: MCPView.self]?.selected, 0, "the selection stays on the list when it shrinks")
        _ = update(&state, .key(.escape))
        XCTAssertNil(state[overlay: MCPView.self])
    }
}
