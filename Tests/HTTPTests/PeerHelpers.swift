import Foundation
import XCTest
@testable import HTTP
import TestSupport

/// One provider server for the whole test run: it exits by itself when the test process ends
/// (its stdin closes), so it needs no teardown.
let sharedPeer = Result { try PeerServer.providers() }

/// Everything one transfer delivered, with the time each part came.
struct Received: Sendable {
    var head: HTTPResponseHead?
    var body = Data()
    var chunkTimes: [ContinuousClock.Instant] = []
    var ended = false
    var error: HTTPError?
    var finishedAt = ContinuousClock.now

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Helpers for tests against the shared peer server.
enum Peer {
    static var server: PeerServer {
        get throws { try sharedPeer.get() }
    }

    /// A request to the peer; `script` and `fault` go in its headers.
    static func request(_ path: String, script: String? = nil, fault: String? = nil, body: String? = nil,
                     idleTimeout: TimeInterval = 10, headers: [(name: String, value: String)] = []) throws -> HTTPRequest {
        var all = headers
        if let script { all.append(("X-Script", script)) }
        if let fault { all.append(("X-Fault", fault)) }
        if body != nil { all.append(("Content-Type", "application/json")) }
        return HTTPRequest(url: try server.baseURL + path, headers: all, body: body.map { Data($0.utf8) },
                           connectTimeout: 5, idleTimeout: idleTimeout)
    }

    /// A streamed chat request in the OpenAI shape.
    static func openAI(script: String? = nil, fault: String? = nil, idleTimeout: TimeInterval = 10) throws -> HTTPRequest {
        try request("/v1/chat/completions", script: script, fault: fault,
                        body: #"{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"hi"}]}"#,
                        idleTimeout: idleTimeout)
    }

    /// Streams `request` to its end or its error, within `deadline` seconds.
    static func receive(_ request: HTTPRequest, engine: HTTPEngine, deadline: Double = 20) async throws -> Received {
        try await withDeadline(deadline) {
            var received = Received()
            do {
                for try await event in engine.stream(request) {
                    switch event {
                    case .head(let head): received.head = head
                    case .body(let chunk):
                        received.body.append(chunk)
                        received.chunkTimes.append(.now)
                    case .end: received.ended = true
                    }
                }
            } catch let error as HTTPError {
                received.error = error
            }
            received.finishedAt = .now
            return received
        }
    }

    /// A JSON object from one of the peer's control endpoints (`/_stats`, `/_last_request`).
    static func json(_ path: String, engine: HTTPEngine) async throws -> [String: Any] {
        let control = try request(path)
        let (head, body) = try await withDeadline(10) { try await engine.data(control) }
        XCTAssertEqual(head.status, 200)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The text of an OpenAI stream: its content deltas, joined.
    static func openAIText(_ body: Data) -> String {
        var decoder = SSEDecoder()
        return decoder.feed(body).compactMap { event -> String? in
            guard let json = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any],
                  let choices = json["choices"] as? [[String: Any]], let delta = choices.first?["delta"] as? [String: Any]
            else { return nil }
            return delta["content"] as? String
        }.joined()
    }
}
