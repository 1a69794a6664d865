import Foundation
import XCTest
import TestSupport

/// The release link places the functions of start-up and of a streamed answer first
/// (scripts/startup.order, Package.swift; docs/performance.md, session 10): the kernel maps code
/// 64 KB around each page run, so code run together must lie together.
final class StartupOrderTests: XCTestCase {
    private let order = PeerServer.packageRoot.appendingPathComponent("scripts/startup.order")

    private func orderedNames() throws -> [String] {
        try String(contentsOf: order, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The list is a profile of the three phases, each function once.
    func testTheOrderListsStartupAndStreamingFunctionsOnce() throws {
        let names = try orderedNames()
        XCTAssertGreaterThan(names.count, 3_000, "a profile of start-up runs thousands of functions")
        XCTAssertEqual(Set(names).count, names.count, "a name listed twice")
        for name in ["$s3App6TUIAppC3runyyF",                  // start-up: the event loop
                     "$s4HTTP10HTTPEngineC6sharedACvau"] {     // the streamed answer: the HTTP engine
            XCTAssertTrue(names.contains(name), "\(name) is not in scripts/startup.order")
        }
    }

    /// The release build (`make test` makes it first, as `make run` does) has the listed functions in the front of its code;
    /// without the order they are spread over all of it (62% in the first half before).
    func testTheReleaseBinaryPlacesTheListedFunctionsFirst() throws {
        let binary = PeerServer.packageRoot.appendingPathComponent(".build/release/aihelper").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw XCTSkip("no release build: `make test` builds one") }
        let text = try run("/usr/bin/readelf", ["-SW", binary]).split(separator: "\n").first { $0.contains(" .text ") }
        let fields = try XCTUnwrap(text).split(separator: " ").map(String.init)
        let at = try XCTUnwrap(fields.firstIndex(of: ".text"))
        let start = try XCTUnwrap(Int(fields[at + 2], radix: 16)), size = try XCTUnwrap(Int(fields[at + 4], radix: 16))
        var addresses: [String: [Int]] = [:]
        for line in try run("/usr/bin/nm", ["--defined-only", binary]).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 3, let address = Int(parts[0], radix: 16) { addresses[String(parts[2]), default: []].append(address) }
        }
        let placed = try orderedNames().compactMap { addresses[$0]?.count == 1 ? addresses[$0]![0] : nil }
        XCTAssertGreaterThan(placed.count, 3_000, "the list names functions this binary does not have: rerun scripts/startup-order.sh")
        let front = placed.filter { $0 < start + size / 2 }.count
        XCTAssertGreaterThanOrEqual(Double(front) / Double(placed.count), 0.99,
                                    "\(placed.count - front) listed functions lie in the back half of the code")
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
