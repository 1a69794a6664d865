import Foundation

/// CalDAV/CardDAV servers from Debian packages (radicale, xandikos; `make test-deps`), each
/// on 127.0.0.1 on a free port with its own temporary folder, through
/// `Tests/Peers/real_server.py` (bounded wait until it answers; stopped with the object).
public final class DAVServer: @unchecked Sendable {
    public let name: String
    public let user: String
    public let password: String
    /// Whether the server checks the password (xandikos has no authentication of its own).
    public let checksPassword: Bool
    public let folder: URL
    private let peer: PeerServer
    public var port: Int { peer.port }
    /// The server's own output (requests and their times at Radicale's `--logging-level info`).
    public var log: URL? { peer.log }
    /// Whether it speaks https (`radicale(tls:)`).
    public let tls: Bool
    public var baseURL: String { (tls ? "https" : "http") + "://127.0.0.1:\(port)/" }

    init(name: String, user: String, password: String, checksPassword: Bool, folder: URL, peer: PeerServer, tls: Bool = false) {
        self.name = name; self.user = user; self.password = password
        self.checksPassword = checksPassword; self.folder = folder; self.peer = peer; self.tls = tls
    }

    deinit {
        withExtendedLifetime(peer) {}
        try? FileManager.default.removeItem(at: folder)
    }

    /// Radicale 3 with htpasswd "plain" users (`user` / `password`), no config file of the system's.
    /// With `tls`, https with that certificate and key (PEM files); `options` go on its command
    /// line as well (the benchmark's `--logging-level warning`).
    public static func radicale(user: String = "user", password: String = "password",
                                tls: (certificate: String, key: String)? = nil, options: [String] = []) throws -> DAVServer {
        try RealServers.require(URL(fileURLWithPath: "/usr/bin/radicale"), "radicale", hint: hint)
        let folder = try temporaryFolder("radicale")
        let users = folder.appendingPathComponent("users")
        try Data("\(user):\(password)\n".utf8).write(to: users)
        let https = tls.map { ["--server-ssl", "--server-certificate", $0.certificate, "--server-key", $0.key] } ?? []
        let peer = try RealServers.start(name: "radicale", health: "/.web/", startTimeout: 30, tls: tls != nil, command: [
            "/usr/bin/radicale", "--config", "", "--server-hosts", "127.0.0.1:{port}",
            "--auth-type", "htpasswd", "--auth-htpasswd-filename", users.path, "--auth-htpasswd-encryption", "plain",
            "--storage-filesystem-folder", folder.appendingPathComponent("collections").path,
        ] + https + options)
        return DAVServer(name: "radicale", user: user, password: password, checksPassword: true, folder: folder, peer: peer, tls: tls != nil)
    }

    /// xandikos with --autocreate: the principal /user/ with calendars/ and contacts/ homes.
    public static func xandikos() throws -> DAVServer {
        try RealServers.require(URL(fileURLWithPath: "/usr/bin/xandikos"), "xandikos", hint: hint)
        let folder = try temporaryFolder("xandikos")
        let peer = try RealServers.start(name: "xandikos", health: "/", startTimeout: 30, command: [
            "/usr/bin/xandikos", "-d", folder.appendingPathComponent("data").path, "--autocreate",
            "-l", "127.0.0.1", "-p", "{port}",
        ])
        return DAVServer(name: "xandikos", user: "user", password: "password", checksPassword: false, folder: folder, peer: peer)
    }

    static let hint = "Install it with `make test-deps` (apt-get install radicale xandikos)."

    private static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aih-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

extension RealServers {
    /// The names the sync plan gave: the same servers as `DAVServer.radicale()` / `.xandikos()`.
    public static func radicale(user: String = "user", password: String = "password") throws -> DAVServer {
        try DAVServer.radicale(user: user, password: password)
    }

    public static func xandikos() throws -> DAVServer { try DAVServer.xandikos() }
}

/// `Tests/Peers/dav_fault_proxy.py` in front of a server: drops, delays, statuses, redirects,
/// a server without sync-collection, PUT answers without ETag (see the script for the rules).
public final class DAVFaultProxy: @unchecked Sendable {
    private let peer: PeerServer
    public var baseURL: String { peer.baseURL + "/" }
    public var port: Int { peer.port }

    public init(upstream: String) throws {
        peer = try PeerServer(script: "dav_fault_proxy.py", arguments: [upstream])
    }

    /// Adds a rule, e.g. `fault("status", method: "PUT", ["status": "412"])`.
    public func fault(_ kind: String, method: String? = nil, count: Int = 1, _ options: [String: String] = [:]) throws {
        var items = [URLQueryItem(name: "kind", value: kind), URLQueryItem(name: "count", value: String(count))]
        if let method { items.append(URLQueryItem(name: "method", value: method)) }
        items += options.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var components = URLComponents()
        components.path = "/_fault"
        components.queryItems = items
        _ = try peer.control(components.string!)
    }

    public func reset() throws { _ = try peer.control("/_reset") }

    /// The requests seen since the last reset: method, path, authorization scheme.
    public func requests() throws -> [[String: Any]] { try peer.requests() }
}

/// One DAV server for the tests of a class (`Shared`, as for `PeerServer`).
public typealias SharedDAVServer = Shared<DAVServer>
