import Foundation

/// Changes one server's `enabled` in `mcp.json`, keeping every other field of the file.
enum MCPConfigEditor {
    static func setEnabled(_ enabled: Bool, server: String, path: String) throws {
        guard let data = FileManager.default.contents(atPath: path),
              var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              var servers = root["mcpServers"] as? [String: Any],
              var entry = servers[server] as? [String: Any] else {
            throw ToolStartError("\(path): server \"\(server)\" not found")
        }
        entry["enabled"] = enabled
        entry.removeValue(forKey: "disabled")
        servers[server] = entry
        root["mcpServers"] = servers
        let out = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        // Written beside and renamed: a crash never leaves half a file.
        let temporary = path + ".tmp"
        try out.write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            throw ToolStartError("\(path): cannot write it (\(String(cString: strerror(errno))))")
        }
    }
}
