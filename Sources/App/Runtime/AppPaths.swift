import Foundation

/// Where AI Helper keeps its files (XDG base directories). `AIHELPER_HOME` puts everything
/// under one folder; `--db` and `--config` override single files. Tests use these.
public struct AppPaths: Sendable {
    public var config: String
    public var database: String
    public var log: String
    /// Folder for things that can be fetched again (the model lists).
    public var cache: String
    /// The one folder the file tools may read and write (`files_folder` in config.toml moves it).
    public var files: String
    /// The user's themes (`NAME.toml`), beside config.toml; see docs/themes.md.
    public var themes: String
    /// External MCP servers (`mcp.json`, the desktop clients' shape), beside config.toml; see docs/mcp.md.
    public var mcpServers: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                databaseOverride: String? = nil, configOverride: String? = nil) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            if let root = environment["AIHELPER_HOME"], !root.isEmpty { return root }
            if let value = environment[variable], value.hasPrefix("/") { return value + "/aihelper" }
            return home + "/" + fallback + "/aihelper"
        }
        config = configOverride ?? base("XDG_CONFIG_HOME", ".config") + "/config.toml"
        themes = base("XDG_CONFIG_HOME", ".config") + "/themes"
        mcpServers = base("XDG_CONFIG_HOME", ".config") + "/mcp.json"
        database = databaseOverride ?? base("XDG_DATA_HOME", ".local/share") + "/aihelper.sqlite"
        log = base("XDG_STATE_HOME", ".local/state") + "/aihelper.log"
        files = base("XDG_DATA_HOME", ".local/share") + "/files"
        cache = base("XDG_CACHE_HOME", ".cache") + (environment["AIHELPER_HOME"].map { $0.isEmpty ? "" : "/cache" } ?? "")
    }
}
