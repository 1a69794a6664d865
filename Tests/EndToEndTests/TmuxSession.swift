import Foundation
import XCTest

/// The real `aihelper` binary in a real tmux, on a private tmux socket so it never touches
/// the user's sessions. Every wait is bounded.
final class TmuxSession {
    let socket: String
    let home: String
    private(set) var started = false

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var binary: String {
        let debug = packageRoot.appendingPathComponent(".build/debug/aihelper").path
        return FileManager.default.fileExists(atPath: debug) ? debug : packageRoot.appendingPathComponent(".build/release/aihelper").path
    }

    init(home: String) {
        self.socket = "aih-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.home = home
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Starts the app in a new detached session of the given size. `unset` names variables the
    /// app must not see; `launcher` is a command the app is started through (it execs its arguments).
    func start(width: Int = 120, height: Int = 40, environment: [String: String] = [:], arguments: [String] = [],
               unset: [String] = [], launcher: [String] = []) throws {
        // No first-run wizard unless a test asks for it (AIHELPER_NO_WIZARD: "").
        var env = ["AIHELPER_HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home, "AIHELPER_NO_WIZARD": "1"]
        env.merge(environment) { $1 }
        unset.forEach { env[$0] = nil }
        let assignments = unset.map { "-u \($0) " }.joined() + env.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        try launch("exec " + (launcher + ["env"]).map(Self.quote).joined(separator: " ") + " \(assignments) "
                   + ([Self.binary] + arguments).map(Self.quote).joined(separator: " "), width: width, height: height)
    }

    /// Starts `executable` with `environment` and nothing else (`env -i`): no variable of the
    /// test's own, such as a loader path; no HOME unless given.
    func startBare(_ executable: String, environment: [String: String], arguments: [String] = [],
                   width: Int = 120, height: Int = 40) throws {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        try launch("exec env -i \(assignments) " + ([executable] + arguments).map(Self.quote).joined(separator: " "), width: width, height: height)
    }

    private func launch(_ command: String, width: Int, height: Int) throws {
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "main", command])
        started = true
    }

    func type(_ text: String) throws { try tmux(["send-keys", "-t", "main", "-l", text]) }
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "main"] + keys) }
    func resize(width: Int, height: Int) throws { try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"]) }

    /// Appends every byte the app writes to its terminal from now on to `path`.
    func recordOutput(to path: String) throws { try tmux(["pipe-pane", "-o", "-t", "main", "cat >> " + Self.quote(path)]) }
    /// The cursor's column and row.
    func cursor() -> (x: Int, y: Int)? {
        let parts = ((try? tmux(["display", "-p", "-t", "main", "#{cursor_x} #{cursor_y}"])) ?? "").split(separator: " ")
        guard parts.count == 2, let x = Int(parts[0].trimmingCharacters(in: .whitespacesAndNewlines)),
              let y = Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return (x, y)
    }

    func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? "" }

    /// The process id of the app (the pane runs it directly through exec).
    func pid() throws -> Int32 {
        let out = try tmux(["list-panes", "-t", "main", "-F", "#{pane_pid}"])
        guard let pid = Int32(out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw NSError(domain: "tmux", code: 1, userInfo: [NSLocalizedDescriptionKey: "no pane pid in \(out)"])
        }
        return pid
    }

    var isRunning: Bool { (try? tmux(["has-session", "-t", "main"])) != nil }

    /// Polls the screen until `predicate` holds; fails the test with the last screen when time runs out.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                 _ predicate: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if predicate(last) { return last }
            usleep(50_000)
        }
        XCTFail("Timed out after \(timeout)s waiting for \(what). Screen:\n\(last)", file: file, line: line)
        return last
    }

    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) -> String {
        waitFor("“\(text)”", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    func waitUntilExited(timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !isRunning { return true }
            usleep(50_000)
        }
        return false
    }

    /// Runs one tmux command. Not through Foundation's Process: the tmux server forks from the
    /// first client and inherits what Process watches, so the client never looks finished.
    /// posix_spawn and waitpid see the client exit; output goes to a file; the wait is bounded.
    @discardableResult
    func tmux(_ arguments: [String], timeout: TimeInterval = 10) throws -> String {
        let outputPath = NSTemporaryDirectory() + "aih-tmux-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let status = try Self.spawnAndWait(argv, outputPath: outputPath, timeout: timeout)
        guard status == 0 else {
            throw NSError(domain: "tmux", code: Int(status),
                          userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments.joined(separator: " ")) failed (\(status))"])
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Spawns `argv` (found on PATH) with stdin and stderr on /dev/null and stdout into a file;
    /// returns its exit status, or kills it and throws when it outlives `timeout`.
    static func spawnAndWait(_ argv: [String], outputPath: String, timeout: TimeInterval) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
        guard spawned == 0 else {
            throw NSError(domain: "spawn", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot start \(argv[0])"])
        }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw NSError(domain: "spawn", code: -1,
                              userInfo: [NSLocalizedDescriptionKey: "\(argv.joined(separator: " ")) hung for \(timeout)s"])
            }
            usleep(5_000)
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
