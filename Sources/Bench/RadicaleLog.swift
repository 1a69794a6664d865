import Foundation

/// Radicale's own time for the requests it answered, from its log at `--logging-level info`
/// ("PROPFIND response status for '/…' in 0.332 seconds: 207 Multi-Status"): what a run's time
/// owes to the server, so the rest is AI Helper's (the engine, libcurl, the XML reading).
final class RadicaleLog {
    private let file: URL
    private var offset: UInt64

    /// Reads from the end of the log as it is now.
    init(_ file: URL) throws {
        self.file = file
        offset = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? UInt64) ?? 0
    }

    /// The requests logged since the last call, and the sum of their times.
    func take() throws -> (requests: Int, time: Duration) {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        let data = try handle.readToEnd() ?? Data()
        offset += UInt64(data.count)
        var requests = 0, seconds = 0.0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.contains(" response status for ") {
            guard let range = line.range(of: #" in [0-9.]+ seconds"#, options: .regularExpression),
                  let value = Double(line[range].dropFirst(4).dropLast(8)) else { continue }
            requests += 1
            seconds += value
        }
        return (requests, .milliseconds(seconds * 1000))
    }
}
