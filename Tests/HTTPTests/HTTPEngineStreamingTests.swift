import XCTest
import TestSupport
@testable import HTTP

/// The real engine against the loopback provider server: what arrives, and when.
final class HTTPEngineStreamingTests: XCTestCase {
    private let engine = HTTPEngine()
    private let sentence = "Hello from the loopback server: café, naïve, 日本語 and 🙂 — all in one answer."

    func testAStreamArrivesWholeWithItsHead() async throws {
        let received = try await Peer.receive(try Peer.openAI(), engine: engine)
        XCTAssertNil(received.error)
        XCTAssertTrue(received.ended)
        XCTAssertEqual(received.head?.status, 200)
        XCTAssertEqual(received.head?.header("content-type"), "text/event-stream")
        XCTAssertEqual(Peer.openAIText(received.body), sentence)
    }

    func testChunksArriveBeforeTheLastIsSent() async throws {
        // 256-byte pieces every 30 ms: the whole body takes about 0.7 s to send.
        let received = try await Peer.receive(try Peer.openAI(fault: "drip:30:256"), engine: engine)
        XCTAssertTrue(received.ended, "\(String(describing: received.error))")
        let first = try XCTUnwrap(received.chunkTimes.first)
        XCTAssertGreaterThan(received.chunkTimes.count, 10, "bytes are handed over as they come, not buffered")
        XCTAssertGreaterThan(received.finishedAt - first, .milliseconds(400), "the first chunk came long before the end")
        XCTAssertEqual(Peer.openAIText(received.body), sentence)
    }

    /// Pieces 1 ms apart are handed over together at most every 8 ms (one hand-off per frame,
    /// not per token); with no interval each goes alone. The bytes are the same either way.
    func testPiecesArrivingTogetherAreDeliveredTogether() async throws {
        let batched = try await Peer.receive(try Peer.openAI(script: "long:300", fault: "drip:1:32"), engine: engine)
        var unbatchedRequest = try Peer.openAI(script: "long:300", fault: "drip:1:32")
        unbatchedRequest.deliveryInterval = .zero
        let unbatched = try await Peer.receive(unbatchedRequest, engine: engine)
        XCTAssertEqual(batched.body, unbatched.body)
        XCTAssertEqual(Peer.openAIText(batched.body), (0..<300).map { "t\($0) " }.joined())
        let span = try XCTUnwrap(batched.chunkTimes.last) - batched.chunkTimes[0]
        let allowed = Int(span / .milliseconds(7)) + 2
        XCTAssertLessThanOrEqual(batched.chunkTimes.count, allowed, "at most one delivery per interval")
        XCTAssertGreaterThan(unbatched.chunkTimes.count, batched.chunkTimes.count * 2,
                             "\(unbatched.chunkTimes.count) pieces alone vs \(batched.chunkTimes.count) batched")
    }

    func testAMultibyteCharacterSplitAcrossWritesDecodes() async throws {
        var request = try Peer.openAI(fault: "split-utf8")
        request.deliveryInterval = .zero // every write on its own, to see the split
        let received = try await Peer.receive(request, engine: engine)
        XCTAssertGreaterThanOrEqual(received.chunkTimes.count, 2)
        XCTAssertEqual(Peer.openAIText(received.body), sentence)
    }

    func testManyTransfersAtOnce() async throws {
        let engine = engine
        let request = try Peer.openAI(script: "long:400")
        let clock = ContinuousClock()
        let started = clock.now
        let bodies = try await withThrowingTaskGroup(of: Received.self) { group in
            for _ in 0..<24 {
                group.addTask { try await Peer.receive(request, engine: engine) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(bodies.count, 24)
        let expected = (0..<400).map { "t\($0) " }.joined()
        for received in bodies {
            XCTAssertNil(received.error)
            XCTAssertEqual(Peer.openAIText(received.body), expected)
        }
        XCTAssertLessThan(clock.now - started, .seconds(15))
    }

    func testRequestMethodHeadersAndBodyAreSent() async throws {
        let body = #"{"model":"m","stream":true,"messages":[{"role":"user","content":"ping 日本 [script:echo]"}]}"#
        let request = try Peer.request("/v1/chat/completions", body: body, headers: [
            ("Authorization", "Bearer sk-test"), ("X-Trace", "a\r\nX-Injected: 1"),
        ])
        let received = try await Peer.receive(request, engine: engine)
        XCTAssertEqual(Peer.openAIText(received.body), "ping 日本 ")
        let last = try await Peer.json("/_last_request", engine: engine)
        XCTAssertEqual(last["method"] as? String, "POST")
        let headers = try XCTUnwrap(last["headers"] as? [String: String])
        XCTAssertEqual(headers["authorization"], "Bearer sk-test")
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertNil(headers["x-injected"], "a line break in a value cannot add a header")
        XCTAssertNil(headers["expect"])
        let sent = try XCTUnwrap(last["body"] as? [String: Any])
        XCTAssertEqual(sent["model"] as? String, "m")
    }

    func testAReleasedEngineFinishesItsRunningTransfers() async throws {
        var temporary: HTTPEngine? = HTTPEngine()
        let stream = try XCTUnwrap(temporary).stream(try Peer.openAI(script: "long:20:100"))
        temporary = nil
        let text = try await withDeadline(10) {
            var body = Data()
            for try await case .body(let chunk) in stream { body.append(chunk) }
            return Peer.openAIText(body)
        }
        XCTAssertEqual(text, (0..<20).map { "t\($0) " }.joined())
    }

    func testDataForShortCalls() async throws {
        let (head, body) = try await withDeadline(10) { [engine] in
            try await engine.data(try Peer.request("/v1/models"))
        }
        XCTAssertEqual(head.status, 200)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
        XCTAssertEqual(list["object"] as? String, "list")
    }

    func testALargeBodyArrivesIntact() async throws {
        let size = 8_000_000
        let received = try await Peer.receive(try Peer.request("/_blob?bytes=\(size)"), engine: engine, deadline: 60)
        XCTAssertTrue(received.ended)
        XCTAssertEqual(received.body.count, size)
        let intact = received.body.enumerated().allSatisfy { index, byte in Int(byte) == index % 251 }
        XCTAssertTrue(intact, "every byte in place")
    }

    func testDataRefusesABodyOverItsLimit() async throws {
        let request = try Peer.request("/_blob?bytes=100000")
        do {
            _ = try await withDeadline(10) { [engine] in try await engine.data(request, maxBytes: 1000) }
            XCTFail("no error")
        } catch let error as HTTPError {
            XCTAssertEqual(error.kind, .other)
        }
    }

    func testNDJSONThroughTheEngine() async throws {
        let request = try Peer.request("/api/chat", script: "text:5",
                                       body: #"{"model":"llama3.2","messages":[{"role":"user","content":"hi"}]}"#)
        let received = try await Peer.receive(request, engine: engine)
        XCTAssertEqual(received.head?.header("content-type"), "application/x-ndjson")
        var decoder = NDJSONDecoder()
        let lines = decoder.feed(received.body) + decoder.finish()
        XCTAssertEqual(lines.count, 6)
        XCTAssertTrue(lines.last?.contains(#""done": true"#) ?? false)
    }
}
