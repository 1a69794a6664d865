import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running on a pseudo-terminal, as in a real terminal window: the benchmarks
/// measure the real binary from the outside (what a user would see), not hooks inside it.
final class PtyProcess {
    let pid: pid_t
    let master: Int32
    private(set) var output = [UInt8]()
    /// What a terminal of this size would show now (see `Screen`).
    private(set) var screen: Screen

    init(_ path: String, arguments: [String], environment: [String: String], width: Int, height: Int) throws {
        var ws = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &ws)
        guard child >= 0 else { throw POSIXError(.EIO) }
        if child == 0 {
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            execve(path, argv, envp)
            _exit(127)
        }
        pid = child
        master = fd
        screen = Screen(width: width, height: height)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Reads output until `marker` appears after `offset` or time runs out; returns the index after the match.
    @discardableResult
    func waitFor(_ marker: String, after offset: Int = 0, timeout: Duration = .seconds(10)) -> Int? {
        let needle = Array(marker.utf8)
        let deadline = ContinuousClock.now + timeout
        var searchFrom = offset
        while ContinuousClock.now < deadline {
            if let end = find(needle, from: searchFrom) { return end }
            searchFrom = max(offset, output.count - needle.count)
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, 5)
            drain()
        }
        return nil
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
            screen.feed(buffer[0..<n])
        }
    }

    /// Reads output until `condition` holds for the screen; returns when it first did (on the
    /// monotonic clock and on the wall clock, to compare with a peer's `time.time()`), or nil.
    func waitUntil(timeout: Duration = .seconds(10), _ condition: (Screen) -> Bool) -> (at: ContinuousClock.Instant, wall: Double)? {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        if condition(screen) { return (ContinuousClock.now, WallClock.now) }
        while ContinuousClock.now < deadline {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 5) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { continue }
            output += buffer[0..<n]
            screen.feed(buffer[0..<n])
            if condition(screen) { return (ContinuousClock.now, WallClock.now) }
        }
        return nil
    }

    /// CPU time used so far by the process, all threads (utime + stime of /proc/PID/stat), in ms.
    func cpuMilliseconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard output.count >= needle.count, from <= output.count - needle.count else { return nil }
        var i = from
        while i <= output.count - needle.count {
            if output[i] == needle[0] && Array(output[i..<(i + needle.count)]) == needle { return i + needle.count }
            i += 1
        }
        return nil
    }

    /// Resident memory now (VmRSS), in kilobytes.
    func residentKilobytes() -> Int? { statusKilobytes("VmRSS") }

    /// A kilobyte figure of /proc/PID/status: VmRSS now, VmHWM the peak resident set so far.
    func statusKilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    /// CPU time of the live threads in nanoseconds (the first field of each
    /// /proc/PID/task/TID/schedstat): finer than `cpuMilliseconds`' clock ticks of 10 ms.
    func cpuNanoseconds() -> UInt64 {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return 0 }
        return tasks.reduce(0) { sum, tid in
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/schedstat", encoding: .utf8),
                  let first = line.split(separator: " ").first, let ns = UInt64(first) else { return sum }
            return sum + ns
        }
    }

    /// Waits for exit (bounded), then kills.
    func finish(timeout: Duration = .seconds(3)) {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            drain()
            if waitpid(pid, &status, WNOHANG) == pid { close(master); return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        close(master)
    }
}
