import XCTest
import TestSupport
@testable import HTTP

/// `MultipartBody`: its exact bytes, the boundary that never occurs in a part, and a real
/// upload read by the loopback peer's own multipart parser (Tests/Peers/peer_audio.py).
final class MultipartBodyTests: XCTestCase {
    func testTheBytesAreRFC7578FormData() {
        var body = MultipartBody(boundary: "XyZ")
        body.addField("model", "whisper-1")
        body.addFile("file", fileName: "say.wav", contentType: "audio/wav", data: Data([0x52, 0x0D, 0x0A, 0x00]))
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"say.wav\"\r\nContent-Type: audio/wav\r\n\r\nR\r\n\u{0}\r\n"
            + "--XyZ--\r\n"
        XCTAssertEqual(body.encoded(), Data(expected.utf8))
        XCTAssertEqual(body.contentType, "multipart/form-data; boundary=XyZ")
    }

    func testABoundaryFoundInAPartIsChosenAgain() {
        var body = MultipartBody(boundary: "XyZ")
        body.addFile("file", fileName: "a.bin", contentType: "application/octet-stream", data: Data("..--XyZ..".utf8))
        let data = body.encoded()
        XCTAssertNotEqual(body.boundary, "XyZ")
        XCTAssertTrue(body.contentType.hasSuffix(body.boundary))
        XCTAssertTrue(data.starts(with: Data("--\(body.boundary)\r\n".utf8)))
        XCTAssertEqual(data.range(of: Data("--\(body.boundary)".utf8), in: 0..<data.count).map { $0.lowerBound }, 0)
    }

    func testRandomBoundariesDiffer() {
        let boundaries = Set((0..<50).map { _ in MultipartBody.randomBoundary() })
        XCTAssertEqual(boundaries.count, 50)
        XCTAssertTrue(boundaries.allSatisfy { $0.count == 41 && $0.hasPrefix("aihelper-") })
    }

    func testNamesCannotBreakTheirHeaderLine() {
        var body = MultipartBody(boundary: "B")
        body.addFile("file", fileName: "evil\"\r\nX-Injected: 1.wav", contentType: "audio/wav\r\nX-Bad: 2", data: Data())
        let text = String(decoding: body.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("filename=\"evil%22%0D%0AX-Injected: 1.wav\""), text)
        XCTAssertFalse(text.contains("\r\nX-Injected"), text)
        XCTAssertFalse(text.contains("\r\nX-Bad"), text)
    }

    /// Binary data holding CR, LF, "--" and NUL bytes arrives whole, with its name, file name
    /// and content type, as the peer's strict parser reads them.
    func testTheLoopbackPeerReadsTheUploadPartByPart() async throws {
        let engine = HTTPEngine()
        var audio = Data("RIFF----WAVE".utf8)
        audio.append(contentsOf: (0..<70_000).map { UInt8(($0 * 7) % 256) })
        audio.append(contentsOf: Array("\r\n--\r\n--aihelper-\0".utf8))
        var body = MultipartBody()
        body.addFile("file", fileName: "speech 1.wav", contentType: "audio/wav", data: audio)
        body.addField("model", "whisper-1")
        body.addField("prompt", "AI Helper, 日本語")
        let request = HTTPRequest(url: try Peer.server.baseURL + "/v1/audio/transcriptions", method: "POST",
                                  headers: [("Content-Type", body.contentType)], body: body.encoded(), connectTimeout: 5)
        let (head, answer) = try await withDeadline(20) { try await engine.data(request) }
        XCTAssertEqual(head.status, 200, String(decoding: answer, as: UTF8.self))
        let last = try await Peer.json("/_last_request", engine: engine)
        let received = try XCTUnwrap(last["body"] as? [String: Any])
        let parts = try XCTUnwrap(received["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.map { $0["name"] as? String }, ["file", "model", "prompt"])
        XCTAssertEqual(parts[0]["filename"] as? String, "speech 1.wav")
        XCTAssertEqual(parts[0]["content_type"] as? String, "audio/wav")
        XCTAssertEqual(parts[0]["size"] as? Int, audio.count)
        XCTAssertEqual((parts[0]["base64"] as? String).flatMap { Data(base64Encoded: $0) }, audio)
        XCTAssertNil(parts[1]["filename"] as? String)
        XCTAssertEqual(parts[1]["text"] as? String, "whisper-1")
        XCTAssertEqual(parts[2]["text"] as? String, "AI Helper, 日本語")
    }
}
