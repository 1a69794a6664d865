import Foundation
import Logging
import Storage
import MCP

/// `aihelper mcp serve`: the built-in tools over MCP on stdin and stdout, until stdin ends.
/// Nothing but protocol messages goes to stdout; the log goes to stderr.
public enum MCPToolServer {
    public static func serve(tools: ServedTools, database: AppDatabase, sandbox: URL?, version: String,
                             verbose: Bool = false) async throws {
        var logger = Logger(label: "aihelper.mcp") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        try await serve(tools: tools, database: database, sandbox: sandbox, version: version,
                        channel: StdioChannel(), logger: logger)
    }

    static func serve(tools: ServedTools, database: AppDatabase, sandbox: URL?, version: String,
                      channel: StdioChannel, logger: Logger) async throws {
        let guarded = GuardedTransport(channel, logger: logger)
        let server = await makeServer(tools: tools, database: database, sandbox: sandbox, version: version)
        try await server.start(transport: guarded)
        logger.info("Serving \(tools.definitions.count) tools on stdio")
        await server.waitUntilCompleted()
        // Stdin ended: answer what is still running (the tool time limit is 30 s), then leave.
        await guarded.drain(timeout: .seconds(35))
        await server.stop()
    }

    /// The SDK server with the tools' handlers, for stdio and for HTTP (HTTPToolServer).
    static func makeServer(tools: ServedTools, database: AppDatabase, sandbox: URL?, version: String) async -> Server {
        let handler = ToolCallHandler(tools: tools, database: database, sandbox: sandbox)
        let server = Server(
            name: "aihelper", version: version, title: "AI Helper",
            instructions: "The user's calendar tasks, reminders, todo lists, contacts and notes, "
                + "kept by the AI Helper terminal app in a local database.",
            capabilities: .init(tools: .init(listChanged: false)))
        let definitions = tools.definitions
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: definitions) }
        await server.withMethodHandler(CallTool.self) { request in try await handler.call(request) }
        return server
    }
}
