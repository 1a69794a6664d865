import Foundation
import HTTP
import TestSupport
import XCTest
@testable import Sync

/// Faults between the client and Radicale, through Tests/Peers/dav_fault_proxy.py.
final class DAVFaultTests: XCTestCase {
    static let radicale = SharedDAVServer { try DAVServer.radicale() }
    override class func tearDown() { radicale.stop() }

    /// Radicale and a proxy of its own in front of it.
    private struct Rig: Sendable {
        let server: DAVServer
        let proxy: DAVFaultProxy

        func client(password: String? = nil, retry: DAVRetryPolicy = DAVRetryPolicy(attempts: 3, maxWait: 0.2, baseWait: 0.05),
                    allow: [String] = []) -> DAVClient {
            DAVClient(baseURL: proxy.baseURL, user: server.user, password: password ?? server.password, allowRedirectHosts: allow, retry: retry)
        }

        /// A fresh collection through the proxy, and the proxy's log cleared.
        func collection(_ client: DAVClient, _ kind: SyncKind = .todos) async throws -> DAVCollection {
            let info = try await DAVClientTests.collection(client, kind)
            try proxy.reset()
            return DAVCollection(client: client, url: info.url, kind: kind)
        }
    }

    private func makeRig() throws -> Rig {
        let server = try Self.radicale.get()
        return Rig(server: server, proxy: try DAVFaultProxy(upstream: server.baseURL))
    }

    func testWithoutSyncCollectionTheCtagAndAnEtagListingAreUsed() async throws {
        let rig = try makeRig()
        try await withDeadline(60) {
            let list = try await rig.collection(rig.client())
            try rig.proxy.fault("nosync", count: -1, ["status": "501"])
            let first = try await list.changes(since: nil)
            XCTAssertTrue(first.complete)
            XCTAssertTrue(first.token?.hasPrefix("ctag:") == true, String(describing: first.token))
            let unchanged = try await list.changes(since: first.token)
            XCTAssertTrue(unchanged.unchanged)
            XCTAssertEqual(unchanged.changed, [])
            let entry = try await list.create(uid: "t1", data: DAVClientTests.todo("t1", "Tea"))
            let after = try await list.changes(since: unchanged.token)
            XCTAssertTrue(after.complete)
            XCTAssertFalse(after.unchanged)
            XCTAssertEqual(after.changed, [entry])
            XCTAssertNotEqual(after.token, first.token)
        }
    }

    func testAWrongPasswordIsOneChallengeAndNoRetries() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            try rig.proxy.reset()
            let wrong = rig.client(password: "not-the-password-123")
            do {
                _ = try await wrong.discover()
                XCTFail("no error")
            } catch let error as SyncError {
                guard case .unauthorized(let message) = error else { return XCTFail("\(error)") }
                XCTAssertFalse(message.contains("not-the-password-123"), message)
            }
            // Radicale redirects /.well-known whatever the password; at / preemptive Basic is
            // refused, then libcurl's negotiation answers one challenge, refused too: the end.
            let requests = try rig.proxy.requests()
            XCTAssertEqual(requests.filter { $0["auth"] as? String == "Basic" }.count, 3, "\(requests)")
            XCTAssertLessThanOrEqual(requests.count, 4, "\(requests)")
        }
    }

    func testA503WithRetryAfterIsRetriedAndGivesUpAfterTheBound() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            let list = try await rig.collection(rig.client())
            try rig.proxy.fault("status", method: "REPORT", count: 2, ["status": "503", "retry_after": "1"])
            let started = Date()
            _ = try await list.changes(since: nil)
            // Retry-After 1 s, capped at 0.2 s by the policy: two waits.
            XCTAssertLessThan(Date().timeIntervalSince(started), 5)
            XCTAssertEqual(try rig.proxy.requests().filter { $0["method"] as? String == "REPORT" }.count, 3,
                           "503, 503, then the answer")
            try rig.proxy.reset()
            try rig.proxy.fault("status", method: "REPORT", count: -1, ["status": "503", "retry_after": "1"])
            do {
                _ = try await list.changes(since: nil)
                XCTFail("no error")
            } catch SyncError.unreachable {}
            XCTAssertEqual(try rig.proxy.requests().filter { $0["method"] as? String == "REPORT" }.count, 3)
        }
    }

    func testARedirectToAnotherHostIsRefusedUnlessAllowed() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            // "localhost" is another host than 127.0.0.1, though the same server.
            try rig.proxy.fault("redirect", count: -1, ["location": "http://localhost:\(rig.proxy.port)/", "status": "301"])
            do {
                _ = try await rig.client().discover()
                XCTFail("no error")
            } catch SyncError.redirectRefused(let message) {
                XCTAssertTrue(message.contains("localhost"), message)
            }
            try rig.proxy.reset()
            try rig.proxy.fault("redirect", count: 1, ["location": "http://localhost:\(rig.server.port)/", "status": "307"])
            let discovery = try await rig.client(allow: ["localhost"]).discover()
            XCTAssertNotNil(discovery.calendarHome)
        }
    }

    func testADroppedConnectionIsUnreachable() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            let list = try await rig.collection(rig.client())
            try rig.proxy.fault("drop", method: "REPORT", count: -1)
            do {
                _ = try await list.changes(since: nil)
                XCTFail("no error")
            } catch SyncError.unreachable {}
        }
    }

    func testA412FromTheServerAndAnEtaglessPutAnswer() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            let list = try await rig.collection(rig.client())
            try rig.proxy.fault("noetag", method: "PUT")
            let entry = try await list.create(uid: "n1", data: DAVClientTests.todo("n1", "No etag"))
            XCTAssertFalse(entry.etag.isEmpty)
            let listed = try await list.changes(since: nil)
            XCTAssertEqual(listed.changed, [entry], "the etag from the follow-up PROPFIND is the server's")
            try rig.proxy.fault("status", method: "PUT", ["status": "412"])
            await assertThrows(.preconditionFailed(href: entry.href)) {
                _ = try await list.update(href: entry.href, data: DAVClientTests.todo("n1", "Changed"), etag: entry.etag)
            }
        }
    }

    func testAnAnswerThatIsNotAMultistatusIsMalformedAndADelayIsWaitedOut() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            let list = try await rig.collection(rig.client())
            try rig.proxy.fault("status", method: "REPORT", ["status": "207"])   // a 207 whose body is "fault"
            do {
                _ = try await list.changes(since: nil)
                XCTFail("no error")
            } catch SyncError.malformed(let href, _) {
                XCTAssertEqual(href.map { list.identity.hasSuffix($0) }, true, String(describing: href))
            }
            try rig.proxy.fault("delay", method: "REPORT", ["seconds": "0.5"])
            let started = Date()
            let changes = try await list.changes(since: nil)
            XCTAssertTrue(changes.complete)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.5)
        }
    }

    func testDigestAuthenticationAfterBasicIsRefused() async throws {
        let rig = try makeRig()
        try await withDeadline(30) {
            try rig.proxy.fault("digest", count: -1, ["user": rig.server.user, "password": rig.server.password])
            let client = rig.client()
            let discovery = try await client.discover()
            XCTAssertNotNil(discovery.calendarHome)
            let home = try XCTUnwrap(discovery.calendarHome)
            let info = try await client.makeCollection(in: home, slug: "digest-\(UUID().uuidString)", name: "Digest", kind: .todos)
            let list = DAVCollection(client: client, url: info.url, kind: .todos)
            let entry = try await list.create(uid: "d1", data: DAVClientTests.todo("d1", "Digest"))
            let listed = try await list.changes(since: nil)
            XCTAssertEqual(listed.changed, [entry])
            let schemes = Set(try rig.proxy.requests().compactMap { $0["auth"] as? String })
            XCTAssertTrue(schemes.contains("Digest"), "\(schemes)")
            do {
                _ = try await rig.client(password: "wrong-password-999").discover()
                XCTFail("no error")
            } catch SyncError.unauthorized {}
        }
    }
}
