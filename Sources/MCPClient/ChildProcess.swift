import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One MCP server's process: its stdin and stdout carry JSON-RPC lines, its stderr is kept
/// (the last lines) for the servers view. Reads run on threads of their own with blocking
/// reads, so nothing polls while a server is quiet.
final class ChildProcess: @unchecked Sendable {
    /// A line longer than this is dropped (and noted): a server must not exhaust memory.
    static let lineLimit = 16 << 20
    static let stderrLines = 20

    private let process = Process()
    private let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
    private let lock = NSLock()
    private var stderrTail: [String] = []
    private var noise: [String] = []
    private var exitStatus: Int32?
    private var stdoutEnded = false
    private var closedInput = false

    /// Called on a reader thread with each line that looks like JSON-RPC, then with nil at EOF.
    var onLine: (@Sendable (Data?) -> Void)?

    /// Resolves `command` on the server's PATH and starts it; throws a message for the user.
    func start(_ config: MCPServerConfig, environment: [String: String]) throws {
        guard let executable = Self.resolve(config.command, path: environment["PATH"] ?? "/usr/bin:/bin", cwd: config.cwd) else {
            throw ToolStartError("command not found: \(config.command)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = config.args
        process.environment = environment
        if let cwd = config.cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd, isDirectory: true) }
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.terminationHandler = { [weak self] process in
            guard let self else { return }
            self.lock.withLock { self.exitStatus = process.terminationStatus }
        }
        do { try process.run() } catch { throw ToolStartError("cannot start \(executable): \(error.localizedDescription)") }
        // The child holds its own ends; ours would keep EOF from ever coming.
        try? stdinPipe.fileHandleForReading.close()
        try? stdoutPipe.fileHandleForWriting.close()
        try? stderrPipe.fileHandleForWriting.close()
        Thread.detachNewThread { [self] in readLines(stdoutPipe.fileHandleForReading.fileDescriptor, json: true) }
        Thread.detachNewThread { [self] in readLines(stderrPipe.fileHandleForReading.fileDescriptor, json: false) }
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { lock.withLock { exitStatus == nil } && process.isRunning }
    /// Its stdout reached the end: it is ending, or closed its side of the protocol.
    var hasClosedStdout: Bool { lock.withLock { stdoutEnded } }
    /// Its exit status, once it ended (the termination handler may run a little after).
    var status: Int32? { lock.withLock { exitStatus } ?? (process.isRunning ? nil : process.terminationStatus) }
    /// The last lines the server wrote to stderr, and what it wrote to stdout that was not JSON-RPC.
    var stderrLines: [String] { lock.withLock { stderrTail } }
    var garbage: [String] { lock.withLock { noise } }

    /// Writes one message line; a server that is gone gives an error, never SIGPIPE (ignored).
    func write(_ data: Data) throws {
        var line = data
        line.append(0x0A)
        let fd = stdinPipe.fileHandleForWriting.fileDescriptor
        try line.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ToolStartError("the server no longer reads its input (\(String(cString: strerror(errno))))")
                }
                offset += n
            }
        }
    }

    /// Closes its input (servers end at EOF), then SIGTERM, then SIGKILL: bounded, about 1.5 s at most.
    func stop() {
        let alreadyClosed = lock.withLock { () -> Bool in defer { closedInput = true }; return closedInput }
        if !alreadyClosed { try? stdinPipe.fileHandleForWriting.close() }
        guard process.processIdentifier > 0 else { return }
        if waitForExit(within: 0.3) { return }
        signalGroup(SIGTERM)
        if waitForExit(within: 1.0) { return }
        signalGroup(SIGKILL)
        _ = waitForExit(within: 1.0)
    }

    private func signalGroup(_ signal: Int32) {
        let pid = process.processIdentifier
        // When the child leads its own group (Foundation may start it so), its children go too.
        if getpgid(pid) == pid { kill(-pid, signal) }
        kill(pid, signal)
    }

    private func waitForExit(within seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if !process.isRunning { return true }
            usleep(10_000)
        }
        return !process.isRunning
    }

    private func readLines(_ fd: Int32, json: Bool) {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var dropping = false
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            pending.append(contentsOf: buffer[0..<n])
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[pending.index(after: newline)...])
                if dropping { dropping = false; continue }
                take(Data(line), json: json)
            }
            if pending.count > Self.lineLimit {
                if !dropping { note("a line over \(Self.lineLimit >> 20) MB was dropped", json: json) }
                dropping = true
                pending.removeAll(keepingCapacity: false)
            }
        }
        if !pending.isEmpty && !dropping { take(pending, json: json) }
        if json {
            lock.withLock { stdoutEnded = true }
            onLine?(nil)
        }
    }

    private func take(_ line: Data, json: Bool) {
        let first = line.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        guard let first else { return }
        if json && (first == UInt8(ascii: "{") || first == UInt8(ascii: "[")) { onLine?(line); return }
        note(String(decoding: line.prefix(300), as: UTF8.self), json: json)
    }

    private func note(_ text: String, json: Bool) {
        lock.withLock {
            if json { noise.append(text); if noise.count > 5 { noise.removeFirst() } }
            stderrTail.append(json ? "stdout (not JSON-RPC): \(text)" : text)
            if stderrTail.count > Self.stderrLines { stderrTail.removeFirst(stderrTail.count - Self.stderrLines) }
        }
    }

    /// `command` as given when it has a slash (relative to `cwd`), else the first match on `path`.
    static func resolve(_ command: String, path: String, cwd: String?) -> String? {
        let files = FileManager.default
        if command.contains("/") {
            let full = command.hasPrefix("/") ? command : (cwd ?? files.currentDirectoryPath) + "/" + command
            return files.isExecutableFile(atPath: full) ? full : nil
        }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(command)"
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A server that could not be started or reached, said for the user.
struct ToolStartError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
