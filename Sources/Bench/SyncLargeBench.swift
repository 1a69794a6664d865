import Foundation
import Core
import Storage
import Sync
import TestSupport

/// Issue 21, "50,000 items in one collection" (`Bench --sync-large [N]`): N events (50,000)
/// written straight into one Radicale calendar's folder (as PUTs they would take hours: its PUT
/// scans the collection), then a first sync into an empty database — timed, with what of it
/// was requests (client and Radicale), and the process's memory — and a run with nothing changed.
enum SyncLargeBench {
    static func run(folder: String, count: Int) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try DAVServer.radicale(options: SyncBench.radicaleOptions)
        let client = DAVClient(baseURL: server.baseURL, user: server.user, password: server.password)
        let home = try blocking { try await client.discover().calendarHome }
        guard let home else { throw SyncError.failed("Radicale gave no calendar home") }
        let calendar = try blocking { try await client.makeCollection(in: home, slug: "big", name: "Big", kind: .tasks) }
        let onServer = server.folder.appendingPathComponent("collections/collection-root" + (URL(string: calendar.url)?.path ?? "/user/big/"))
        for i in 0..<count {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:bench-\(i)\r\n"
                + "DTSTAMP:20261120T100000Z\r\nDTSTART;VALUE=DATE:2027\(String(format: "%02d%02d", 1 + i % 12, 1 + i % 28))\r\n"
                + "SUMMARY:Event \(i)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            try Data(text.utf8).write(to: onServer.appendingPathComponent("bench-\(i).ics"))
        }
        let database = try AppDatabase.open(path: folder + "/desktop.sqlite")
        let collection = TimedCollection(DAVCollection(client: client, url: calendar.url, kind: .tasks))
        let engine = SyncEngine(database: database, account: "bench", policy: .ask)
        let before = memory()
        var start = ContinuousClock.now
        let first = try blocking { await engine.run([collection]) }
        let firstTook = ContinuousClock.now - start, firstRequests = collection.take()
        let after = memory()
        start = ContinuousClock.now
        let again = try blocking { await engine.run([collection]) }
        let againTook = ContinuousClock.now - start
        let stored = try database.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM task") ?? 0 }
        print(String(format: "%d events in one Radicale calendar: first sync %.1f s (%.1f s in requests: client + Radicale, whose first listing reads every item), %d pulled, %d stored, %d problems",
                     count, firstTook.milliseconds / 1000, firstRequests.milliseconds / 1000, first.pulled, stored, first.problems.count))
        print(String(format: "  next run, nothing changed: %.2f s (%d pulled); memory (VmRSS) %@ before → %@ after, peak (VmHWM) %@",
                     againTook.milliseconds / 1000, again.pulled, before.rss, after.rss, after.peak))
    }

    /// VmRSS and VmHWM of this process, from /proc/self/status.
    static func memory() -> (rss: String, peak: String) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> String {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
        }
        return (field("VmRSS"), field("VmHWM"))
    }
}
