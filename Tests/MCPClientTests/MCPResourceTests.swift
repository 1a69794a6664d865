import XCTest
import TestSupport
@testable import MCPClient

/// `resources/read` through the manager (`/attach`), against the faulty server's `resource`
/// mode: text cleaned, big text capped, binary summarized, and every failure named.
final class MCPResourceTests: XCTestCase {
    func testReadsTextCapsBigAndSummarizesBinary() async throws {
        let fixture = try MCPFixture(["notes": try MCPFixture.faulty("resource")])
        let servers = await fixture.start()
        XCTAssertEqual(servers.first?.state, .ready, "\(servers)")
        XCTAssertEqual(servers.first?.resources.map(\.name), ["note://hello", "note://big", "bin://logo"])

        let hello = await fixture.manager.readResource(server: "notes", uri: "note://hello")
        XCTAssertEqual(try hello.get(), "Hello from the note.\nSecond line.", "the color escape is cleaned away")

        let big = try await fixture.manager.readResource(server: "notes", uri: "note://big").get()
        XCTAssertTrue(big.hasPrefix(String(repeating: "y", count: 32 << 10)), "\(big.prefix(40))")
        XCTAssertTrue(big.hasSuffix("\n…(result cut at 32 KB of 39 KB)"), String(big.suffix(60)))

        let logo = try await fixture.manager.readResource(server: "notes", uri: "bin://logo").get()
        XCTAssertEqual(logo, "[binary bin://logo (image/png), 3 KB, not shown]")
        await fixture.manager.stopAll()
    }

    func testUnknownServerUnknownURIAndNotReady() async throws {
        var off = try MCPFixture.faulty("resource")
        off["enabled"] = false
        let fixture = try MCPFixture(["notes": try MCPFixture.faulty("resource"), "off": off])
        _ = await fixture.start()
        let manager = fixture.manager
        let noServer = await manager.readResource(server: "nope", uri: "note://hello")
        XCTAssertEqual(noServer, .failure(.unknownServer("nope", known: ["notes", "off"].sorted())))
        let noURI = await manager.readResource(server: "notes", uri: "note://missing")
        XCTAssertEqual(noURI, .failure(.unknownResource("note://missing", server: "notes", known: ["note://hello", "note://big", "bin://logo"])))
        let disabled = await manager.readResource(server: "off", uri: "note://hello")
        XCTAssertEqual(disabled, .failure(.notReady("off", state: "disabled")))
        await manager.stopAll()
    }

    /// A read that never answers ends at the server's timeout; the server stays usable.
    func testSlowReadTimesOut() async throws {
        let fixture = try MCPFixture(["notes": try MCPFixture.faulty("resource", timeout: 1)])
        _ = await fixture.start()
        let started = ContinuousClock.now
        let slow = await fixture.manager.readResource(server: "notes", uri: "note://slow")
        XCTAssertEqual(slow, .failure(.timedOut("notes", seconds: "1 s")))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertEqual(fixture.manager.servers.first?.state, .ready)
        await fixture.manager.stopAll()
    }
}
