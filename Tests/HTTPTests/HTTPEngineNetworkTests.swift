import XCTest
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTP

/// Connection set-up: connect timeout, proxies, certificates.
final class HTTPEngineNetworkTests: XCTestCase {
    private let engine = HTTPEngine()

    func testAServerThatNeverAcceptsEndsInAConnectTimeout() async throws {
        // A full accept queue makes the kernel drop further SYNs, so the connect hangs.
        let (listener, port) = try LoopbackSocket.listen(backlog: 0)
        let fillers = (0..<4).map { _ in LoopbackSocket.connectWithoutWaiting(port: port) }
        defer { (fillers + [listener]).forEach { close($0) } }
        let request = HTTPRequest(url: "http://127.0.0.1:\(port)/", connectTimeout: 0.5, idleTimeout: 30)
        let clock = ContinuousClock()
        let started = clock.now
        let received = try await Peer.receive(request, engine: engine, deadline: 10)
        XCTAssertEqual(received.error?.kind, .timeout, "\(String(describing: received.error))")
        XCTAssertLessThan(clock.now - started, .seconds(2))
    }

    func testTheProxyVariablesAreHonored() async throws {
        // The peer doubles as a plain HTTP proxy: it answers the absolute-form request itself.
        let proxy = try Peer.server.baseURL
        try await withEnvironment(["http_proxy": proxy, "no_proxy": nil, "NO_PROXY": nil]) {
            let request = HTTPRequest(url: "http://provider.invalid/v1/models", connectTimeout: 5)
            let (head, _) = try await withDeadline(10) { [engine] in try await engine.data(request) }
            XCTAssertEqual(head.status, 200)
        }
        let last = try await Peer.json("/_last_request", engine: engine)
        XCTAssertEqual((last["headers"] as? [String: String])?["host"], "provider.invalid")
    }

    func testLoopbackNeverGoesThroughAProxy() async throws {
        let deadProxy = "http://127.0.0.1:\(try ClosedPort.make())"
        try await withEnvironment(["http_proxy": deadProxy, "no_proxy": "example.com"]) {
            let received = try await Peer.receive(try Peer.openAI(), engine: engine)
            XCTAssertNil(received.error)
            XCTAssertEqual(received.head?.status, 200)
        }
    }

    func testAnUntrustedCertificateIsATLSErrorUntilCURL_CA_BUNDLETrustsIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let made = try BoundedProcess.run("/usr/bin/env", [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ], timeout: 30)
        XCTAssertEqual(made.status, 0, "openssl (Debian package openssl, installed by make test-deps): \(made.output)")
        let server = try PeerServer(script: "provider_server.py", arguments: ["--tls", cert, key])
        let request = HTTPRequest(url: "https://127.0.0.1:\(server.port)/v1/models", connectTimeout: 5)

        try await withEnvironment(["CURL_CA_BUNDLE": nil, "SSL_CERT_FILE": nil]) {
            let untrusted = try await Peer.receive(request, engine: engine)
            XCTAssertEqual(untrusted.error?.kind, .tls, "the system store does not know it: \(String(describing: untrusted.error))")
        }
        try await withEnvironment(["CURL_CA_BUNDLE": cert]) {
            let trusted = try await Peer.receive(request, engine: engine)
            XCTAssertNil(trusted.error)
            XCTAssertEqual(trusted.head?.status, 200)
        }
    }

    /// Sets (or, for nil, removes) environment variables around `body`. The tests of this
    /// target run one at a time, so no other transfer reads them meanwhile.
    private func withEnvironment(_ values: [String: String?], _ body: () async throws -> Void) async throws {
        let saved = values.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
        for (name, value) in values { Self.set(name, value) }
        defer { for (name, value) in saved { Self.set(name, value) } }
        try await body()
    }

    private static func set(_ name: String, _ value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
}
