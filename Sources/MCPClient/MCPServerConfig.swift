import Foundation

/// One server of `mcp.json`, in the shape desktop MCP clients use, so a user's existing file
/// works unchanged: `{"mcpServers": {"NAME": {"command": ..., "args": [...], "env": {...}}}}`.
public struct MCPServerConfig: Sendable, Equatable {
    public var name: String
    public var command: String
    public var args: [String]
    public var env: [String: String]
    public var enabled: Bool
    /// Per-call time limit; start-up gets at least 30 s (Python servers take seconds to answer first).
    public var timeout: Duration
    public var disabledTools: Set<String>
    public var cwd: String?
    /// A remote server (Streamable HTTP) instead of a `command`: http or https only.
    public var url: String?
    /// Sent with every request to `url`; values had `${VAR}` expanded (a token often).
    public var headers: [String: String] = [:]

    public static let defaultTimeout: Duration = .seconds(60)

    public init(name: String, command: String, args: [String] = [], env: [String: String] = [:], enabled: Bool = true,
                timeout: Duration = MCPServerConfig.defaultTimeout, disabledTools: Set<String> = [], cwd: String? = nil) {
        self.name = name; self.command = command; self.args = args; self.env = env; self.enabled = enabled
        self.timeout = timeout; self.disabledTools = disabledTools; self.cwd = cwd
    }

    /// The variables a server gets: only `PATH`, `HOME` and `LANG` of ours, then its own `env`.
    /// Nothing else of AI Helper's environment (API keys above all) reaches a server.
    public func environment(from parent: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for key in MCPServerConfig.inherited { if let value = parent[key] { result[key] = value } }
        for (key, value) in env { result[key] = value }
        return result
    }

    public static let inherited = ["PATH", "HOME", "LANG"]

    /// What the servers view shows: the command, or the URL without its query (keys hide there).
    public var location: String { url.map(RemoteServer.display) ?? command }
}

/// The servers of one `mcp.json`, and what was wrong with it (the app starts all the same).
public struct MCPConfigFile: Sendable, Equatable {
    public var servers: [MCPServerConfig]
    /// Each names the file and, when it is one server's fault, the server.
    public var problems: [String]

    public init(servers: [MCPServerConfig] = [], problems: [String] = []) {
        self.servers = servers; self.problems = problems
    }

    /// A missing file means no servers, without a problem.
    public static func load(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> MCPConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else { return MCPConfigFile() }
        return parse(data, path: path, environment: environment)
    }

    public static func parse(_ data: Data, path: String, environment: [String: String]) -> MCPConfigFile {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            return MCPConfigFile(problems: ["\(path): not valid JSON (\(Self.reason(error))); no MCP server started."])
        }
        guard let object = root as? [String: Any] else {
            return MCPConfigFile(problems: ["\(path): the file must be a JSON object with \"mcpServers\"."])
        }
        guard let servers = object["mcpServers"] else {
            return MCPConfigFile(problems: ["\(path): no \"mcpServers\" object; no MCP server started."])
        }
        guard let byName = servers as? [String: Any] else {
            return MCPConfigFile(problems: ["\(path): \"mcpServers\" must be an object of servers by name."])
        }
        var file = MCPConfigFile()
        for name in byName.keys.sorted() {
            do { file.servers.append(try server(name, byName[name]!, environment: environment)) } catch let problem as Problem {
                file.problems.append("\(path): server \"\(name)\": \(problem.text)")
            } catch {}
        }
        return file
    }

    struct Problem: Error { var text: String }

    private static func server(_ name: String, _ value: Any, environment: [String: String]) throws -> MCPServerConfig {
        guard let fields = value as? [String: Any] else { throw Problem(text: "must be an object") }
        if fields["url"] != nil, fields["command"] != nil { throw Problem(text: "give \"command\" or \"url\", not both") }
        var remote: (url: String, headers: [String: String])?
        if let raw = fields["url"] { remote = try RemoteServer.parse(url: raw, headers: fields["headers"], environment: environment) }
        let command = remote == nil ? fields["command"] as? String ?? "" : ""
        if remote == nil, command.isEmpty { throw Problem(text: "\"command\" (or \"url\") is missing or not a string") }
        let args = try strings(fields["args"], "args") ?? []
        var env: [String: String] = [:]
        if let raw = fields["env"] {
            guard let pairs = raw as? [String: Any] else { throw Problem(text: "\"env\" must be an object of strings") }
            for (key, value) in pairs {
                guard let text = value as? String else { throw Problem(text: "env \"\(key)\" must be a string") }
                env[key] = VariableExpansion.expand(text, environment)
            }
        }
        var config = MCPServerConfig(name: name, command: command, args: args.map { VariableExpansion.expand($0, environment) }, env: env)
        config.url = remote?.url
        config.headers = remote?.headers ?? [:]
        if let raw = fields["enabled"] {
            guard let enabled = raw as? Bool else { throw Problem(text: "\"enabled\" must be true or false") }
            config.enabled = enabled
        }
        if let raw = fields["disabled"] as? Bool { config.enabled = config.enabled && !raw }  // Cline's spelling
        if let raw = fields["timeout"] {
            guard let seconds = raw as? Double, seconds > 0, seconds <= 3600 else {
                throw Problem(text: "\"timeout\" must be a number of seconds between 0 and 3600")
            }
            config.timeout = .milliseconds(Int(seconds * 1000))
        }
        config.disabledTools = Set(try strings(fields["disabledTools"], "disabledTools") ?? [])
        if let raw = fields["cwd"] {
            guard let cwd = raw as? String else { throw Problem(text: "\"cwd\" must be a string") }
            config.cwd = VariableExpansion.expand(cwd, environment)
        }
        return config
    }

    private static func strings(_ value: Any?, _ field: String) throws -> [String]? {
        guard let value else { return nil }
        guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
            throw Problem(text: "\"\(field)\" must be a list of strings")
        }
        return list.compactMap { $0 as? String }
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
}

/// `${VAR}` and `${VAR:-default}`, as the desktop clients expand them in `args` and `env`.
/// An unset variable without a default becomes empty; `$` alone is left as it is.
public enum VariableExpansion {
    public static func expand(_ text: String, _ environment: [String: String]) -> String {
        guard text.contains("${") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { out += rest[start.lowerBound...]; return out }
            let inner = rest[start.upperBound..<end]
            if let dash = inner.range(of: ":-") {
                let value = environment[String(inner[..<dash.lowerBound])] ?? ""
                out += value.isEmpty ? String(inner[dash.upperBound...]) : value
            } else {
                out += environment[String(inner)] ?? ""
            }
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
}
