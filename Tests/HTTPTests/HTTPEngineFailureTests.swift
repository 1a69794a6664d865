import XCTest
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTP

/// The real engine against faults: statuses, broken connections, silence, and cancelling.
final class HTTPEngineFailureTests: XCTestCase {
    private let engine = HTTPEngine()

    func testErrorStatusesArriveAsHeadsWithRetryAfter() async throws {
        let limited = try await Peer.receive(try Peer.openAI(fault: "429:7"), engine: engine)
        XCTAssertNil(limited.error)
        XCTAssertEqual(limited.head?.status, 429)
        XCTAssertEqual(limited.head?.retryAfter, 7)
        XCTAssertTrue(limited.text.contains("rate_limit_exceeded"), limited.text)
        for status in [400, 401, 403, 500, 529] {
            let received = try await Peer.receive(try Peer.openAI(fault: "\(status)"), engine: engine)
            XCTAssertEqual(received.head?.status, status)
            XCTAssertTrue(received.text.contains(#""error""#), received.text)
        }
    }

    func testConnectionRefusedIsConnectionFailedWithoutSecrets() async throws {
        let request = HTTPRequest(url: "http://127.0.0.1:\(try ClosedPort.make())/v1beta/models?key=AIzaSECRET",
                                  headers: [("x-goog-api-key", "AIzaSECRET")], connectTimeout: 5)
        let received = try await Peer.receive(request, engine: engine)
        let error = try XCTUnwrap(received.error)
        XCTAssertEqual(error.kind, .connectionFailed)
        XCTAssertNil(received.head)
        XCTAssertFalse(error.message.contains("SECRET"), error.message)
        XCTAssertTrue(error.message.contains("127.0.0.1"), error.message)
    }

    func testADropMidStreamIsConnectionLost() async throws {
        let received = try await Peer.receive(try Peer.openAI(fault: "drop"), engine: engine)
        XCTAssertEqual(received.head?.status, 200)
        XCTAssertFalse(received.body.isEmpty, "the first half came")
        XCTAssertFalse(received.ended)
        XCTAssertEqual(received.error?.kind, .connectionLost, "\(String(describing: received.error))")
    }

    func testSilenceEndsInAnIdleTimeout() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let received = try await Peer.receive(try Peer.openAI(fault: "stall", idleTimeout: 1), engine: engine)
        let elapsed = received.finishedAt - started
        XCTAssertEqual(received.head?.status, 200, "the head came, then nothing")
        XCTAssertEqual(received.error?.kind, .idleTimeout)
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(950))
        XCTAssertLessThan(elapsed, .milliseconds(1600))
    }

    func testAStreamThatKeepsTalkingOutlivesItsIdleTimeout() async throws {
        // 9 events 250 ms apart: over 2 s in all, never 1 s of silence.
        let clock = ContinuousClock()
        let started = clock.now
        let received = try await Peer.receive(try Peer.openAI(script: "long:6:4", idleTimeout: 1), engine: engine)
        XCTAssertNil(received.error)
        XCTAssertTrue(received.ended)
        XCTAssertGreaterThan(received.finishedAt - started, .seconds(1.5))
    }

    func testCancellingTheConsumingTaskStopsTheTransferWithin100ms() async throws {
        let engine = engine
        let request = try Peer.openAI(script: "long:100000:50")
        let firstChunk = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            for try await event in engine.stream(request) {
                if case .body = event { firstChunk.continuation.yield() }
            }
        }
        _ = try await withDeadline(10) { await firstChunk.stream.first { _ in true } }
        XCTAssertEqual(engine.activeTransferCount, 1)
        let clock = ContinuousClock()
        let cancelled = clock.now
        consumer.cancel()
        _ = await consumer.result
        try await waitUntil(within: .milliseconds(100)) { engine.activeTransferCount == 0 }
        let elapsed = clock.now - cancelled
        XCTAssertLessThan(elapsed, .milliseconds(100), "cancel took \(elapsed)")
        try await assertServerSawTheConnectionClose()
    }

    func testBreakingTheLoopStopsTheTransferWithin100ms() async throws {
        let clock = ContinuousClock()
        var left = clock.now
        for try await event in engine.stream(try Peer.openAI(script: "long:100000:50")) {
            if case .body = event {
                left = clock.now
                break
            }
        }
        try await waitUntil(within: .milliseconds(100)) { [engine] in engine.activeTransferCount == 0 }
        XCTAssertLessThan(clock.now - left, .milliseconds(100))
        try await assertServerSawTheConnectionClose()
    }

    func testCancellingWhileWaitingForTheHeadStopsWithin100ms() async throws {
        let engine = engine
        let request = try Peer.request("/v1/chat/completions", fault: "stall",
                                       body: #"{"stream":true,"messages":[{"role":"user","content":"hi"}]}"#)
        let consumer = Task { try await engine.data(request) }
        try await waitUntil(within: .seconds(5)) { engine.activeTransferCount == 1 }
        try await Task.sleep(for: .milliseconds(200))
        let clock = ContinuousClock()
        let cancelled = clock.now
        consumer.cancel()
        let result = await consumer.result
        try await waitUntil(within: .milliseconds(100)) { engine.activeTransferCount == 0 }
        XCTAssertLessThan(clock.now - cancelled, .milliseconds(100))
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual((error as? HTTPError)?.kind, .cancelled)
        }
    }

    // MARK: - Helpers

    /// Polls `condition` every millisecond; fails the test when it stays false past `limit`.
    private func waitUntil(within limit: Duration, _ condition: @escaping @Sendable () -> Bool,
                           file: StaticString = #filePath, line: UInt = #line) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !condition() {
            if clock.now > deadline {
                XCTFail("still not true after \(limit)", file: file, line: line)
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// The server's stream ends (it notices the closed socket on its next write).
    private func assertServerSawTheConnectionClose() async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(3)
        while clock.now < deadline {
            let stats = try await Peer.json("/_stats", engine: engine)
            if stats["open_streams"] as? Int == 0 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("the server still streams to a cancelled transfer")
    }
}
