import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTP

/// Connection set-up: connect timeout and proxies.
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
        let deadProxy = "http://127.0.0.1:\(try LoopbackSocket.closedPort())"
        try await withEnvironment(["http_proxy": deadProxy, "no_proxy": "example.com"]) {
            let received = try await Peer.receive(try Peer.openAI(), engine: engine)
            XCTAssertNil(received.error)
            XCTAssertEqual(received.head?.status, 200)
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
