import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Processes seen through /proc, for tests that must leave none running.
public enum ProcessGroups {
    /// Whether a process of group `group` still runs, looked at for up to `within` seconds (a
    /// zombie waiting for its reaper does not count: SIGKILL is delivered at once, init may
    /// reap a killed group's orphans a moment later).
    public static func runs(_ group: Int32, within: TimeInterval = 1) -> Bool {
        let deadline = Date().addingTimeInterval(within)
        repeat {
            if !processes().contains(where: { $0.group == group && $0.state != "Z" }) { return false }
            usleep(10_000)
        } while Date() < deadline
        return true
    }

    /// The pid of a running process whose command line contains every one of `words`.
    public static func find(_ words: [String]) -> Int32? {
        processes().first { p in p.state != "Z" && words.allSatisfy { p.commandLine.contains($0) } }?.pid
    }

    private static func processes() -> [(pid: Int32, group: Int32, state: Substring, commandLine: String)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let group = Int32(fields[2]) else { return nil }
            let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline"))) ?? Data()
            let commandLine = String(decoding: raw.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return (pid, group, fields[0], commandLine)
        }
    }
}
