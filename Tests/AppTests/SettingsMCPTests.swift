import XCTest
import Core
import Terminal
import MCPClient
@testable import App

/// The settings screen's way to the servers view: F3 opens it over the settings, Esc returns.
final class SettingsMCPTests: XCTestCase {
    private func settingsState() -> AppState {
        var state = AppState(size: Size(width: 100, height: 30), today: SnapshotFixture.today, providerName: "Offline", modelName: "offline-assistant")
        state.timeZone = SnapshotFixture.utc
        state[overlay: SettingsScreen.self] = SettingsScreen(SettingsValues(), themes: ["dark"], storedKeys: [:])
        state[overlay: SettingsScreen.self]?.form.status = mcpSettingsLine(MCPViewTests.servers)
        return state
    }

    func testF3OpensTheServersViewAndEscReturnsToTheSettings() {
        var state = settingsState()
        XCTAssertTrue(screenText(state).contains("MCP servers: 4 configured, 1 ready · F3 opens the servers view"), screenText(state))
        XCTAssertTrue(screenText(state).contains("F3 MCP servers"))
        assertSnapshot(screenText(state), named: "settings-mcp-line-100x30")
        let focus = state[overlay: SettingsScreen.self]?.form.focus
        XCTAssertEqual(update(&state, .key(.f(3))), [.openMCPView])
        state[overlay: MCPView.self] = MCPView(servers: MCPViewTests.servers, configPath: "x")  // what the runtime does
        assertSnapshot(screenText(state), named: "settings-mcp-servers-100x30")
        XCTAssertEqual(update(&state, .key(.down)), [])
        XCTAssertEqual(state[overlay: MCPView.self]?.selected, 1, "keys go to the servers view, not the settings")
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.form.focus, focus)
        XCTAssertEqual(update(&state, .key(.text("r"))), [.restartMCPServer("github")])
        XCTAssertEqual(update(&state, .key(.escape)), [])
        XCTAssertNil(state[overlay: MCPView.self])
        XCTAssertNotNil(state[overlay: SettingsScreen.self], "Esc closes only the servers view")
        _ = update(&state, .mcpServers(MCPViewTests.servers.map { var s = $0; s.state = .ready; return s }))
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.form.status, "MCP servers: 4 configured, 4 ready · F3 opens the servers view", "the line follows the servers")
        XCTAssertTrue(screenText(state).contains("F3 MCP servers"))
        XCTAssertEqual(update(&state, .key(.escape)), [])
        XCTAssertNil(state[overlay: SettingsScreen.self])
    }

    /// While a key is checked the screen waits: F3 does nothing then, as Enter does.
    func testF3WaitsWhileAKeyIsChecked() {
        var state = settingsState()
        state[overlay: SettingsScreen.self]?.checking = true
        XCTAssertEqual(update(&state, .key(.f(3))), [])
    }

    func testChineseLine() {
        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        XCTAssertEqual(tr.mcp.settingsLine(2, 1), "MCP 服务器：已配置 2 个，就绪 1 个 · F3 打开服务器视图")
    }
}
