import Foundation

/// The `url` and `headers` of a remote server in `mcp.json`, checked and expanded.
enum RemoteServer {
    static func parse(url raw: Any, headers rawHeaders: Any?, environment: [String: String]) throws -> (url: String, headers: [String: String]) {
        guard let text = raw as? String, !text.isEmpty else { throw MCPConfigFile.Problem(text: "\"url\" must be a string") }
        let url = try expandStrictly(text, "\"url\"", environment)
        let scheme = URLComponents(string: url)?.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw MCPConfigFile.Problem(text: scheme.isEmpty ? "\"url\" is not a URL: \(display(url))" : "\"url\" must be http or https, not \(scheme):")
        }
        guard let host = URLComponents(string: url)?.host, !host.isEmpty else {
            throw MCPConfigFile.Problem(text: "\"url\" is not a URL: \(display(url))")
        }
        var headers: [String: String] = [:]
        if let rawHeaders {
            guard let pairs = rawHeaders as? [String: Any] else { throw MCPConfigFile.Problem(text: "\"headers\" must be an object of strings") }
            for (name, value) in pairs {
                guard let value = value as? String else { throw MCPConfigFile.Problem(text: "header \"\(name)\" must be a string") }
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && $0 != ":" }) else {
                    throw MCPConfigFile.Problem(text: "\"\(name)\" is not a header name")
                }
                let expanded = try expandStrictly(value, "header \"\(name)\"", environment)
                // A line break would start another header (or a body): never sent, never echoed.
                guard !expanded.unicodeScalars.contains(where: { ($0.value < 32 && $0 != "\t") || $0.value == 127 }) else {
                    throw MCPConfigFile.Problem(text: "header \"\(name)\" holds a line break or control character; the server is not started")
                }
                headers[name] = expanded
            }
        }
        return (url, headers)
    }

    /// `${VAR}` as elsewhere, except that an unset (or empty) variable without a default is an
    /// error naming it: a header is never sent with its token missing.
    static func expandStrictly(_ text: String, _ field: String, _ environment: [String: String]) throws -> String {
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            let inner = rest[start.upperBound..<end]
            if !inner.contains(":-"), (environment[String(inner)] ?? "").isEmpty {
                throw MCPConfigFile.Problem(text: "\(field) uses ${\(inner)}, which is not set in the environment; the server is not started")
            }
            rest = rest[rest.index(after: end)...]
        }
        return VariableExpansion.expand(text, environment)
    }

    /// The URL without its query, user or password (they may hold keys): for the view and errors.
    static func display(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "(not a URL)" }
        let hidden = components.query != nil || components.user != nil || components.password != nil
        components.query = nil; components.user = nil; components.password = nil; components.fragment = nil
        return (components.string ?? "(not a URL)") + (hidden ? " (query hidden)" : "")
    }
}
