import Foundation
import XCTest
import Core
import TestSupport

/// `aihelper mcp serve` is the TUI's companion: a task an MCP client creates shows in the
/// running app, on the same database, within its external-change poll (about a second).
final class TUIMCPCompanionTests: HomeFolderTestCase {
    func testATaskCreatedThroughMCPShowsInTheRunningApp() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 120, height: 40)
        // The Tasks pane shows today, loaded and empty, before the MCP client writes: the task
        // can only appear through the poll.
        session.waitFor("today's empty tasks") { $0.contains(" Offline ") && $0.contains("· today") && $0.contains("No tasks") }

        let today = CivilDate(Date(), in: .current).iso
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Dentist via MCP","date":"\#(today)"}}}"#,
        ]
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("Created task"), run.out)

        let created = Date()
        let screen = session.waitFor("the task from MCP on screen", timeout: 5) { $0.contains("Dentist via MCP") }
        XCTAssertTrue(screen.contains("Dentist via MCP"), screen)
        XCTAssertLessThan(Date().timeIntervalSince(created), 3, "shown within the external-change poll")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
