import XCTest
import Core
import Storage
import Terminal
import MCPClient
import TestSupport
@testable import App

/// `/attach`: key by key (pending attachment, clearing it, the sent text), and through the
/// runtime against the faulty test server's resources (Tests/Peers/mcp_faulty_server.py).
final class AttachTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    private static let note = ResourceAttachment(server: "notes", uri: "note://hello", text: "Hello ``` fence")

    private func type(_ state: inout AppState, _ text: String) -> [Effect] {
        state.chat.input.insert(text)
        return update(&state, .key(.enter))
    }

    func testCommandAsksForTheReadAndUsageOtherwise() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        XCTAssertEqual(type(&state, "/attach notes note://hello"), [.attachResource(server: "notes", uri: "note://hello"), .rememberInput("/attach notes note://hello")])
        XCTAssertEqual(state.chat.input.text, "")
        XCTAssertEqual(type(&state, "/attach notes"), [.rememberInput("/attach notes")])
        XCTAssertEqual(state.notice?.kind, .error)
        XCTAssertTrue(state.notice?.text.hasPrefix("Usage: /attach SERVER URI") == true, state.notice?.text ?? "")
    }

    func testPendingAttachmentIsShownSentOnceAndClearable() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        _ = update(&state, .resourceRead(server: "notes", uri: "note://hello", .success("Hello ``` fence")))
        XCTAssertEqual(state.chat.attachment, Self.note)
        state.notice = nil
        XCTAssertTrue(screenText(state).contains("📎 notes note://hello"), screenText(state))

        XCTAssertEqual(type(&state, "/summarize"), [.send("/summarize"), .rememberInput("/summarize")], "a command's message waits")
        XCTAssertEqual(state.chat.attachment, Self.note)
        let sent = type(&state, "summarize it")
        XCTAssertEqual(sent, [.sendAttached(Self.note, typed: "summarize it"), .rememberInput("summarize it")])
        XCTAssertEqual(Self.note.message("summarize it"),
                       "Attached resource note://hello (from notes):\n````\nHello ``` fence\n````\n\nsummarize it", "a longer fence")
        XCTAssertNil(state.chat.attachment, "it goes with one message")
        XCTAssertFalse(screenText(state).contains("📎"))

        _ = update(&state, .resourceRead(server: "notes", uri: "note://hello", .success("x")))
        XCTAssertEqual(type(&state, "/attach"), [.rememberInput("/attach")])
        XCTAssertNil(state.chat.attachment)
        XCTAssertEqual(state.notice?.text, "Attachment removed.")
    }

    func testFailedReadSaysWhyAndAttachesNothing() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        _ = update(&state, .resourceRead(server: "x", uri: "u", .failure(.unknownServer("x", known: ["notes"]))))
        XCTAssertNil(state.chat.attachment)
        XCTAssertEqual(state.notice?.text, "No MCP server x in mcp.json (there are: notes). Nothing attached.")
        XCTAssertEqual(state.notice?.kind, .error)
        Strings.use(.simplifiedChinese)
        _ = update(&state, .resourceRead(server: "notes", uri: "u", .failure(.unknownResource("u", server: "notes", known: []))))
        XCTAssertEqual(state.notice?.text, "notes 没有资源 u。未附加任何内容。")
    }

    func testServersViewTabChoosesAResourceAndAAttachesIt() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        var servers = MCPViewTests.servers
        servers[0].resources.append(MCPItemInfo(name: "file:///todo.txt", detail: ""))
        state[overlay: MCPView.self] = MCPView(servers: servers, configPath: "x")
        XCTAssertTrue(screenText(state).contains("› file:///notes.txt"))
        _ = update(&state, .key(.tab))
        XCTAssertTrue(screenText(state).contains("› file:///todo.txt"))
        XCTAssertEqual(update(&state, .key(.text("a"))), [.attachResource(server: "time", uri: "file:///todo.txt")])
        XCTAssertNil(state[overlay: MCPView.self], "the view closes: the notice of the read shows in the chat")
        state[overlay: MCPView.self] = MCPView(servers: servers, selected: 1, configPath: "x")
        XCTAssertEqual(update(&state, .key(.text("a"))), [], "a server without resources attaches nothing")
    }

    /// The whole way: a real server, the read in the background, the message stored with the block.
    func testRuntimeReadsTheResourceAndTheStoredMessageCarriesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = ["mcpServers": ["notes": ["command": try MCPPeers.python(), "args": [MCPPeers.faultyServer.path, "resource"]]]]
        let path = folder.appendingPathComponent("mcp.json").path
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: path))
        let manager = MCPServerManager(configPath: path, environment: ["PATH": "/usr/bin:/bin"])
        manager.startAll()
        await manager.waitUntilStarted(limit: .seconds(20))
        XCTAssertEqual(manager.servers.first?.state, .ready)

        let harness = try AppTestHarness(), database = harness.database, app = harness.app
        app.watch(manager)

        for (uri, expected) in [("note://missing", "notes has no resource note://missing (it lists: note://hello, note://big, bin://logo). Nothing attached."),
                                ("note://hello", nil)] {
            app.perform(.attachResource(server: "notes", uri: uri))
            XCTAssertEqual(app.state.notice?.text, "Reading \(uri) from notes…")
            let end = ContinuousClock.now + .seconds(20)
            while app.state.notice?.text.hasPrefix("Reading") == true, ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(50))
                app.handle(app.mailbox.drain())
            }
            XCTAssertFalse(app.state.notice?.text.hasPrefix("Reading") ?? true, "the read ended within 20 s")
            if let expected { XCTAssertEqual(app.state.notice?.text, expected) }
        }
        XCTAssertEqual(app.state.chat.attachment?.text, "Hello from the note.\nSecond line.")
        XCTAssertTrue(harness.screen().contains("📎 notes note://hello"))

        app.state.chat.input.insert("what does it say")
        try await harness.press(.enter)
        let stored = try database.messages(conversationId: XCTUnwrap(app.state.chat.conversation?.id)).first
        XCTAssertEqual(stored?.content, "Attached resource note://hello (from notes):\n```\nHello from the note.\nSecond line.\n```\n\nwhat does it say")
        XCTAssertEqual(app.state.chat.conversation?.title, ConversationTitle.heuristic("what does it say"), "named after what was typed")
        // A reloaded chat shows it: the block is part of the stored message.
        app.openConversation(try XCTUnwrap(database.conversation(id: XCTUnwrap(app.state.chat.conversation?.id))))
        let screen = harness.screen()
        XCTAssertTrue(screen.contains("Attached resource note://hello (from notes):"), screen)
        await manager.stopAll()
    }
}
