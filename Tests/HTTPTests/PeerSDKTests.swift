import XCTest
import TestSupport

/// The loopback provider server must not drift from the real wire formats: the official
/// `openai` and `anthropic` Python SDKs parse its streams (Tests/Peers/check_sdks.py).
final class PeerSDKTests: XCTestCase {
    func testTheOfficialSDKsParseThePeerStreams() throws {
        let python = PeerServer.packageRoot.appendingPathComponent(".build/peers-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            XCTFail("No venv with the openai and anthropic SDKs at \(python): run `make test-deps` (scripts/peers-venv.sh)")
            return
        }
        let script = PeerServer.peersFolder.appendingPathComponent("check_sdks.py").path
        let result = try BoundedProcess.run(python, [script], timeout: 120)
        XCTAssertFalse(result.timedOut, "the SDK check ran past 120 s:\n\(result.output)")
        XCTAssertEqual(result.status, 0, "the SDK check failed:\n\(result.output)")
        XCTAssertTrue(result.output.contains(" passed, 0 failed"), result.output)
    }
}
