import Foundation
import TestSupport

/// Radicale's own time for the requests an incremental run sends, with curl (the client and
/// engine left out): what the ≤ 100 ms no-change target has to fit around.
enum RadicaleRequests {
    static func time(_ server: DAVServer, collections: [String], runs: Int) throws -> [(String, [Duration])] {
        guard let url = collections.first else { return [] }
        let syncCollection = { (token: String) in
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:sync-collection xmlns:D=\"DAV:\"><D:sync-token>\(token)</D:sync-token>"
                + "<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>"
        }
        let full = try curl(server, "REPORT", url, depth: "0", body: syncCollection(""))
        guard let token = full.body.range(of: #"<[A-Za-z]*:?sync-token>[^<]+"#, options: .regularExpression)
            .map({ String(full.body[$0].split(separator: ">").last ?? "") }) else { return [] }
        let ctag = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propfind xmlns:D=\"DAV:\" xmlns:CS=\"http://calendarserver.org/ns/\">"
            + "<D:prop><CS:getctag/><D:sync-token/></D:prop></D:propfind>"
        // A calendar-multiget of 100 items, as the pull asks (100 per request).
        var hrefs: [String] = []
        var rest = full.body[...]
        while hrefs.count < 100, let open = rest.range(of: "href>"), let close = rest[open.upperBound...].range(of: "<") {
            let href = String(rest[open.upperBound..<close.lowerBound])
            if href.hasSuffix(".ics") { hrefs.append(href) }
            rest = rest[close.upperBound...]
        }
        let multiget = "<?xml version=\"1.0\" encoding=\"utf-8\"?><C:calendar-multiget xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
            + "<D:prop><D:getetag/><C:calendar-data/></D:prop>" + hrefs.map { "<D:href>\($0)</D:href>" }.joined() + "</C:calendar-multiget>"
        var results: [(String, [Duration])] = []
        for (name, method, depth, body) in [("REPORT sync, token", "REPORT", "0", syncCollection(token)),
                                            ("PROPFIND getctag+token", "PROPFIND", "0", ctag),
                                            ("REPORT sync, no token", "REPORT", "0", syncCollection("")),
                                            ("multiget, \(hrefs.count) items", "REPORT", "1", multiget)] {
            results.append((name, try (0..<runs).map { _ in try curl(server, method, url, depth: depth, body: body).time }))
        }
        return results
    }

    /// One request; its total time as curl measured it.
    static func curl(_ server: DAVServer, _ method: String, _ url: String, depth: String, body: String) throws -> (time: Duration, body: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("aih-bench-\(getpid()).xml")
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("aih-bench-\(getpid()).out")
        try Data(body.utf8).write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile); try? FileManager.default.removeItem(at: outFile) }
        process.arguments = ["-s", "-o", outFile.path, "-w", "%{time_total}", "-X", method, "-u", "\(server.user):\(server.password)",
                             "-H", "Depth: \(depth)", "-H", "Content-Type: application/xml; charset=utf-8",
                             "--data-binary", "@" + bodyFile.path, url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespaces)) ?? .nan
        return (.nanoseconds(Int64(seconds * 1e9)), (try? String(contentsOf: outFile, encoding: .utf8)) ?? "")
    }
}
