import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// `aihelper mcp serve --http`: the built-in tools over Streamable HTTP, driven by the official
/// Python SDK's HTTP client (`Tests/Peers/mcp_http_client_check.py`, which starts the binary on
/// 127.0.0.1 port 0); and the addresses it refuses.
final class MCPServeHTTPTests: HomeFolderTestCase {
    func testPythonClientListsAndCallsToolsOverHTTP() throws {
        let facts = try runClient(token: nil)
        XCTAssertTrue((facts["startLine"] as? String)?.hasPrefix("aihelper: serving MCP on http://127.0.0.1:") == true, "\(facts)")
        XCTAssertEqual(facts["otherPath"] as? Int, 404)
        XCTAssertEqual(facts["foreignHost"] as? Int, 421, "a Host that is not local is refused on loopback (DNS rebinding)")
        let tools = try XCTUnwrap(facts["tools"] as? [String], "\(facts)")
        XCTAssertTrue(Set(["create_task", "list_tasks", "delete_task", "create_note"]).isSubset(of: tools), "\(tools)")
        XCTAssertEqual((facts["create"] as? [String: Any])?["isError"] as? Bool, false, "\(facts)")
        XCTAssertTrue(((facts["list"] as? [String: Any])?["text"] as? String)?.contains("Dentist") == true, "\(facts)")
        let day = CivilDate(year: 2026, month: 12, day: 1)
        XCTAssertEqual(try AppDatabase.open(path: home + "/aihelper.sqlite").agenda(from: day, to: day).map(\.title), ["Dentist"])
    }

    /// With AIHELPER_MCP_TOKEN set, a request without `Authorization: Bearer TOKEN` gets 401.
    func testTokenIsRequiredWhenSet() throws {
        let facts = try runClient(token: "tok-\(UUID().uuidString)")
        XCTAssertEqual(facts["noToken"] as? Int, 401, "\(facts)")
        XCTAssertEqual(facts["wrongToken"] as? Int, 401, "\(facts)")
        XCTAssertTrue((facts["startLine"] as? String)?.hasSuffix("(bearer token required)") == true, "\(facts)")
        XCTAssertEqual((facts["create"] as? [String: Any])?["isError"] as? Bool, false, "\(facts)")
        XCTAssertEqual(facts["foreignHost"] as? Int, 421, "loopback keeps the Host check, token or not")
    }

    /// `--allow-remote` with a token on 0.0.0.0: served, any Host (the token guards it), 401 without the token.
    func testAllowRemoteWithAToken() throws {
        let facts = try runClient(token: "tok-\(UUID().uuidString)", address: "0.0.0.0")
        XCTAssertTrue((facts["startLine"] as? String)?.hasPrefix("aihelper: serving MCP on http://0.0.0.0:") == true, "\(facts)")
        XCTAssertEqual(facts["noToken"] as? Int, 401, "\(facts)")
        XCTAssertEqual(facts["foreignHost"] as? Int, 200, "\(facts)")
        XCTAssertEqual((facts["create"] as? [String: Any])?["isError"] as? Bool, false, "\(facts)")
    }

    /// Not loopback: refused (exit 2) unless --allow-remote and a token are both given.
    func testOtherAddressesAreRefused() throws {
        let runner = CLIRunner(home: home)
        for (arguments, environment) in [(["--http", "0.0.0.0:0"], [:]), (["--http", "0.0.0.0:0", "--allow-remote"], [:]),
                                         (["--http", "0.0.0.0:0"], ["AIHELPER_MCP_TOKEN": "tok-123456789"])] {
            let run = try runner.run(["mcp", "serve"] + arguments, environment: environment, timeout: 15)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.err)")
            XCTAssertTrue(run.err.contains("0.0.0.0 is not a loopback address"), run.err)
        }
        let bad = try runner.run(["mcp", "serve", "--http", "localhost"], timeout: 15)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--http wants HOST:PORT"), bad.err)
    }

    private func runClient(token: String?, address: String? = nil) throws -> [String: Any] {
        let python = MCPPeers.clientVenvPython.path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw VenvMissing(description: "The Python mcp SDK venv is missing at \(python). Make it with `make test-deps`.")
        }
        let script = PeerServer.peersFolder.appendingPathComponent("mcp_http_client_check.py").path
        let run = try CLIRunner(home: home).run([script, TmuxSession.binary, home] + (token.map { [$0] } ?? []) + (address.map { [$0] } ?? []), timeout: 60,
                                                executable: python)
        XCTAssertEqual(run.status, 0, "the Python client failed: \(run.err.suffix(3000))")
        let line = run.out.split(separator: "\n").last.map(String.init) ?? ""
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                             "not a JSON report: \(run.out.prefix(500)) \(run.err.suffix(2000))")
    }
}
