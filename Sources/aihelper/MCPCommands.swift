import Foundation
import ArgumentParser
import App
import Storage
import MCPServer
#if canImport(Glibc)
import Glibc
#endif

/// `aihelper mcp ...`: the Model Context Protocol (docs/mcp.md).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp", abstract: "Model Context Protocol: serve AI Helper's tools to other MCP clients; list the servers of mcp.json.",
        subcommands: [MCPServeCommand.self, MCPListCommand.self])
}

/// Serves the built-in toolsets over stdio to an MCP client (a desktop app, an editor, an agent),
/// on the same database as the full-screen app; both can run at once.
struct MCPServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the calendar, reminders, todos, dates, contacts and notes tools over MCP on stdin/stdout.",
        discussion: """
        For an MCP client's config: {"mcpServers": {"aihelper": {"command": "/path/to/aihelper", "args": ["mcp", "serve"]}}}. \
        Stdout carries protocol messages only; problems go to stderr. Ends when stdin closes.
        """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Serve only the tools that change nothing (lists, searches, reads).") var readOnly = false
    @Flag(name: .long, help: "Serve the file tools too, confined to the files folder (files_folder in config.toml).")
    var files = false
    @Flag(name: .long, help: "Log each message to stderr.") var verbose = false
    @Option(name: .long, help: ArgumentHelp("Serve over Streamable HTTP at http://HOST:PORT/mcp instead of stdio (port 0 picks one).",
                                            valueName: "HOST:PORT"))
    var http: String?
    @Flag(name: .long, help: "With --http: allow an address other than loopback (needs AIHELPER_MCP_TOKEN).") var allowRemote = false

    func run() async throws {
        // Stdout is the SDK's to write: a client that stopped reading ends the server at its next
        // answer, quietly, as SIGPIPE does (whatever else in the process ignored it).
        signal(SIGPIPE, SIG_DFL)
        let database = try CLIData.open(global)
        var sandbox: URL?
        if files {
            let (loaded, warning) = AppConfig.load(path: global.paths.config)
            if let warning { Output.note("aihelper: \(warning)") }
            sandbox = AppServices.filesFolder(loaded.resolvingFilesFolder(global.paths))
        }
        if let http {
            let token = ProcessInfo.processInfo.environment["AIHELPER_MCP_TOKEN"]
            let options: HTTPToolServer.Options
            do { options = try .parse(http, allowRemote: allowRemote, token: token) } catch {
                Output.note("aihelper: \(error)")
                throw ExitCode(2)
            }
            try await HTTPToolServer.serve(tools: ServedTools(readOnly: readOnly, files: files), database: database, sandbox: sandbox,
                                           version: AppInfo.version, options: options, verbose: verbose) { host, port in
                let shown = host.contains(":") ? "[\(host)]" : host
                Output.note("aihelper: serving MCP on http://\(shown):\(port)/mcp" + (options.token == nil ? "" : " (bearer token required)"))
            }
            return
        }
        try await MCPToolServer.serve(tools: ServedTools(readOnly: readOnly, files: files), database: database,
                                      sandbox: sandbox, version: AppInfo.version, verbose: verbose)
    }
}
