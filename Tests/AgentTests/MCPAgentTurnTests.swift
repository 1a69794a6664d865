import XCTest
import Core
import Storage
import Tools
import TestSupport
import MCPClient
@testable import Agent

/// Agent turns through the loopback provider whose scripted answers call external MCP
/// servers' tools: the reference `mcp-server-time` from PyPI and a misbehaving test server,
/// configured through an `mcp.json` as a user would.
final class MCPAgentTurnTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-agent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private func manager(_ servers: [String: [String: Any]]) async throws -> MCPServerManager {
        let path = folder.appendingPathComponent("mcp.json").path
        try JSONSerialization.data(withJSONObject: ["mcpServers": servers]).write(to: URL(fileURLWithPath: path))
        let manager = MCPServerManager(configPath: path, environment: ["PATH": "/usr/bin:/bin", "OPENAI_API_KEY": "sk-never-leaks"])
        manager.startAll()
        await manager.waitUntilStarted(limit: .seconds(20))
        return manager
    }

    private func turn(_ text: String, manager: MCPServerManager, events: EventLog = EventLog()) async throws -> (Message, AppDatabase) {
        let database = try AppDatabase.temporary()
        let agent = try PeerAgents.agent(database: database, externalTools: manager)
        let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: text)
        let message = try await withDeadline(60) { await agent.run(turn, approve: { _, _ in true }, emit: { events.add($0) }) }
        return (message, database)
    }

    /// A remote server (the Python SDK's Streamable HTTP server, with a bearer token from
    /// `${VAR}`): its tool is offered to the model, called, stored, and a timeline step.
    func testTurnCallsARemoteServersTool() async throws {
        let token = "tok-\(UUID().uuidString)"
        let peer = try MCPPeers.remote(["mcp", token])
        let path = folder.appendingPathComponent("mcp.json").path
        let server: [String: Any] = ["url": peer.baseURL + "/mcp", "headers": ["Authorization": "Bearer ${REMOTE_TOKEN}"]]
        try JSONSerialization.data(withJSONObject: ["mcpServers": ["remote": server]]).write(to: URL(fileURLWithPath: path))
        let manager = MCPServerManager(configPath: path, environment: ["REMOTE_TOKEN": token])
        manager.startAll()
        await manager.waitUntilStarted(limit: .seconds(20))
        XCTAssertEqual(manager.servers.first?.state, .ready, "\(manager.servers)")
        let (message, database) = try await turn("add 20 and 22 [script:agent:mcp-remote]", manager: manager)
        await manager.stopAll()
        XCTAssertEqual(message.content, "It is 42.")
        let offered = (try PeerAgents.lastRequestBody()["tools"] as? [[String: Any]]) ?? []
        XCTAssertTrue(offered.contains { ($0["function"] as? [String: Any])?["name"] as? String == "remote__add" }, "\(offered)")
        let calls = try database.toolCalls(messageId: message.id!)
        XCTAssertEqual(calls.map(\.name), ["remote__add"])
        XCTAssertEqual(calls.first?.isError, false)
        XCTAssertTrue(calls.first?.result?.hasPrefix("42") == true, calls.first?.result ?? "")
        let steps = try database.timelineSteps(messageIds: [message.id!])[message.id!] ?? []
        XCTAssertEqual(steps.first { $0.kind == .toolCall }?.status, .done)
    }

    /// A server written with the Python SDK answers with a picture: the model reads a line
    /// about it, the picture is kept with the tool call (shown to the user, docs/images.md).
    func testAnImageFromAToolIsKeptWithTheCallAndDescribedToTheModel() async throws {
        let manager = try await manager(["pictures": ["command": try MCPPeers.python(), "args": [MCPPeers.imageServer.path]]])
        XCTAssertEqual(manager.servers.first?.state, .ready, "\(manager.servers)")
        let events = EventLog()
        let (message, database) = try await turn("show my screen [script:agent:mcp-image]", manager: manager, events: events)
        await manager.stopAll()
        XCTAssertEqual(message.content, "That is your screen.")
        let call = try XCTUnwrap(try database.toolCalls(messageId: message.id!).first)
        let result = try XCTUnwrap(call.result)
        XCTAssertTrue(result.contains("Here is the screen.") && result.contains("[image image/png, 48×24,"), result)
        let images = try database.images(toolCallId: try XCTUnwrap(call.id))
        XCTAssertEqual(images.map { "\($0.format) \($0.width)×\($0.height)" }, ["png 48×24"])
        XCTAssertEqual(try database.imageData(hash: images[0].hash).map { Array($0.prefix(4)) }, [0x89, 0x50, 0x4E, 0x47])
        // The screen hears of them as the turn runs.
        let told = events.all.compactMap { event -> [StoredImage]? in
            if case .toolImages(message.id!, call.callId, let images) = event { return images } else { return nil }
        }
        XCTAssertEqual(told, [images])
        // What went back to the model is the text: no image bytes in the request.
        let body = try PeerAgents.lastRequestBody()
        let sent = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        XCTAssertTrue(sent.contains("you cannot see it"), sent)
        XCTAssertFalse(sent.contains("iVBORw0KGgo"), "no PNG in the request")
    }

    func testTurnCallsTheReferenceTimeServer() async throws {
        let manager = try await manager(["time": ["command": try MCPPeers.executable("mcp-server-time")]])
        XCTAssertEqual(manager.servers.first?.state, .ready, "\(manager.servers)")
        let (message, database) = try await turn("what time is it in Zurich [script:agent:mcp-time]", manager: manager)
        await manager.stopAll()
        XCTAssertEqual(message.status, .complete)
        XCTAssertEqual(message.content, "That is the time in Zurich.")
        let offered = (try PeerAgents.lastRequestBody()["tools"] as? [[String: Any]]) ?? []
        let names = offered.compactMap { ($0["function"] as? [String: Any])?["name"] as? String }
        XCTAssertTrue(names.contains("time__get_current_time"), "\(names)")
        let calls = try database.toolCalls(messageId: message.id!)
        XCTAssertEqual(calls.map(\.name), ["time__get_current_time"])
        XCTAssertEqual(calls.first?.isError, false)
        XCTAssertEqual(JSONValue(parsing: calls.first?.arguments ?? ""), ["timezone": "Europe/Zurich"])
        let result = try XCTUnwrap(calls.first?.result)
        XCTAssertTrue(result.contains("\"timezone\": \"Europe/Zurich\"") && result.contains("datetime"), result)
        let steps = try database.timelineSteps(messageIds: [message.id!])[message.id!] ?? []
        let step = try XCTUnwrap(steps.first { $0.kind == .toolCall })
        XCTAssertEqual(step.status, .done)
        XCTAssertTrue(step.title.contains("time__get_current_time"), step.title)
    }

    func testCrashingServerGivesAFailedStepAndTheTurnEnds() async throws {
        let manager = try await manager(["faulty": ["command": try MCPPeers.python(),
                                                    "args": [MCPPeers.faultyServer.path, "crash-call"]]])
        let (message, database) = try await turn("do it [script:agent:mcp-fault]", manager: manager)
        let state = manager.servers.first?.state
        await manager.stopAll()
        XCTAssertEqual(message.content, "The server failed; I told you why.")
        let calls = try database.toolCalls(messageId: message.id!)
        XCTAssertEqual(calls.map(\.name), ["faulty__act"])
        XCTAssertEqual(calls.first?.isError, true)
        XCTAssertTrue(calls.first?.result?.contains("stopped during act: it exited with status 4") == true, calls.first?.result ?? "")
        let steps = try database.timelineSteps(messageIds: [message.id!])[message.id!] ?? []
        XCTAssertEqual(steps.first { $0.kind == .toolCall }?.status, .failed)
        XCTAssertEqual(state, .failed("it exited with status 4"))
    }
}
