import Foundation
import XCTest

/// What was wrong at start is said at start: a NUL in config.toml, an MCP server that fails.
final class TUIStartupNoticeTests: HomeFolderTestCase {
    func testANulInTheConfigAndAFailingMCPServerAreSaidAtStart() throws {
        try "mouse = false\n\u{0}step_limit = 3\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        try #"{"mcpServers": {"broken": {"command": "/nonexistent/mcp-server"}}}"#
            .write(toFile: home + "/mcp.json", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(width: 160, height: 40)
        // Too long for the status bar, the notice is also shown whole (wrapped) in the chat pane.
        session.waitFor("both start-up notices") {
            $0.contains("line 2: a NUL byte") && $0.contains("The MCP server broken failed") && $0.contains("command not found")
        }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
