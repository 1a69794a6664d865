import Foundation
import XCTest
import TestSupport
@testable import Sync

/// 50,000 events in one Radicale calendar, written straight into its storage folder (as PUTs
/// they would take far longer to set up): a first sync, timed, and the memory it took. By hand:
/// `AIHELPER_SYNC_BENCH=1 swift test --filter RadicaleBenchTests` (AIHELPER_SYNC_BENCH_ITEMS
/// for another count). Prints the numbers; the only assertions are that everything arrived.
final class RadicaleBenchTests: SyncTestCase {
    override class var server: SharedDAVServer? { radicale }

    func testAFirstSyncOfFiftyThousandEvents() async throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipUnless(environment["AIHELPER_SYNC_BENCH"] == "1", "set AIHELPER_SYNC_BENCH=1 to run")
        let count = Int(environment["AIHELPER_SYNC_BENCH_ITEMS"] ?? "") ?? 50_000
        let dav = try XCTUnwrap(backend as? DAVBackend)
        let folder = dav.radicaleFolder(.tasks, of: try XCTUnwrap(Self.server).get())
        for i in 0..<count {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:bench-\(i)\r\n"
                + "DTSTAMP:20261120T100000Z\r\nDTSTART;VALUE=DATE:2027\(String(format: "%02d%02d", 1 + i % 12, 1 + i % 28))\r\n"
                + "SUMMARY:Event \(i)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("bench-\(i).ics"))
        }
        let desktop = try device("desktop")
        let engine = desktop.engine, tasks = dav.collection(.tasks)
        let before = Self.memory()
        var start = Date()
        let first = try await withDeadline(1_800) { await engine.run([tasks]) }
        let firstSeconds = Date().timeIntervalSince(start)
        let after = Self.memory()
        start = Date()
        let again = try await withDeadline(600) { await engine.run([tasks]) }
        let againSeconds = Date().timeIntervalSince(start)
        print(String(format: "RADICALE-BENCH %d events: first sync %.1f s (pulled %d), next run %.3f s; RSS %@ → %@ (peak %@)",
                     count, firstSeconds, first.pulled, againSeconds, before.rss, after.rss, after.peak))
        XCTAssertEqual(first.problems, [])
        XCTAssertEqual(first.pulled, count)
        XCTAssertEqual([again.pulled, again.pushed], [0, 0])
        XCTAssertEqual(try desktop.tasks().count, count)
    }

    /// VmRSS and VmHWM of this process, from /proc/self/status.
    static func memory() -> (rss: String, peak: String) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> String {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
        }
        return (field("VmRSS"), field("VmHWM"))
    }
}
