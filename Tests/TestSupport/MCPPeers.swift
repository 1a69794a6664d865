import Foundation

/// The reference MCP servers from PyPI (`mcp-server-time`, `mcp-server-fetch`), installed by
/// `scripts/mcp-venv.sh` (from `make test-deps`) into `.build/mcp-venv`, and the small
/// misbehaving servers of `Tests/Peers/mcp_faulty_server.py`.
/// A server that is not installed is an error, never a skip: CI installs them.
public enum MCPPeers {
    public static let venv = RealServers.buildFolder.appendingPathComponent("mcp-venv")
    public static let faultyServer = PeerServer.peersFolder.appendingPathComponent("mcp_faulty_server.py")
    /// A server written with the Python SDK whose tools answer with images (Tests/Peers/mcp_image_server.py).
    public static let imageServer = PeerServer.peersFolder.appendingPathComponent("mcp_image_server.py")

    /// The path of `name` in the venv's `bin`, or a clear error saying how to install it.
    public static func executable(_ name: String) throws -> String {
        let path = venv.appendingPathComponent("bin/\(name)").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw RealServers.NotReady(description: "\(name) is not installed (\(path) is missing). "
                                       + "Install it with `make test-deps` (or `scripts/mcp-venv.sh`).")
        }
        return path
    }

    /// The venv's python, which runs the misbehaving test servers (they use only the standard library).
    public static func python() throws -> String { try executable("python") }

    /// Processes whose command line holds `marker`, to check that none outlives a test.
    public static func processes(matching marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let text = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            // A zombie has an empty command line; it is gone already as far as orphans go.
            return text.contains(marker)
        }
    }
}

extension MCPPeers {
    /// The venv with the official Python `mcp` SDK (scripts/mcp-client-venv.sh, from `make test-deps`).
    public static let clientVenvPython = RealServers.buildFolder.appendingPathComponent("mcp-client-venv/bin/python")

    /// Tests/Peers/mcp_http_server.py in `mode` ("mcp [TOKEN]" or "bad"), run by the SDK venv's python.
    public static func remote(_ arguments: [String]) throws -> PeerServer {
        guard FileManager.default.isExecutableFile(atPath: clientVenvPython.path) else {
            throw RealServers.NotReady(description: "The Python mcp SDK venv is missing at \(clientVenvPython.path). "
                                       + "Make it with `make test-deps` (or scripts/mcp-client-venv.sh).")
        }
        return try PeerServer(script: "mcp_http_server.py", arguments: arguments, python: clientVenvPython.path, startTimeout: 20)
    }
}
