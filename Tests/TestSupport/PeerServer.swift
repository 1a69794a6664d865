import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A peer server from `Tests/Peers` running as a child process on 127.0.0.1, for as long as
/// this object lives. The server prints `PORT <n>` first and exits when its stdin closes, so
/// it never outlives the test, even when the test process is killed.
///
/// Generic on purpose: any script that follows that protocol can be started this way.
public final class PeerServer: @unchecked Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The package's root folder, found from this file's place in `Tests/<Target>/`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let peersFolder = packageRoot.appendingPathComponent("Tests/Peers")

    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Where the server's own output goes, when it was started with a log (`RealServers.start`).
    public internal(set) var log: URL?
    private let process = Process()
    private let stdinPipe = Pipe()
    private let stdoutPipe = Pipe()

    /// The loopback provider server (Tests/Peers/provider_server.py).
    public static func providers() throws -> PeerServer {
        try PeerServer(script: "provider_server.py")
    }

    /// Starts `python3 Tests/Peers/<script> <arguments>` and waits at most `startTimeout` for its port.
    public init(script: String, arguments: [String] = [], python: String = "python3", startTimeout: TimeInterval = 15) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, Self.peersFolder.appendingPathComponent(script).path] + arguments
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = FileHandle.standardError // tracebacks show in the test log; no pipe to fill
        try process.run()
        do {
            port = try Self.readPort(from: stdoutPipe.fileHandleForReading.fileDescriptor, timeout: startTimeout)
        } catch {
            Self.stop(process, stdin: stdinPipe)
            throw error
        }
        // Drain whatever else the server prints, so it can never block on a full pipe.
        stdoutPipe.fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }
        }
    }

    deinit {
        Self.stop(process, stdin: stdinPipe)
    }

    /// Reads the first line ("PORT 41234") byte by byte, waiting with poll(2) so a server that
    /// never starts fails the test instead of hanging it.
    private static func readPort(from descriptor: Int32, timeout: TimeInterval) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var line: [UInt8] = []
        while line.last != UInt8(ascii: "\n") {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var pollfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&pollfd, 1, remaining) > 0 else {
                throw StartError(description: "the peer server printed no port within \(timeout) s")
            }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else {
                throw StartError(description: "the peer server exited before printing its port")
            }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            throw StartError(description: "the peer server's first line was not 'PORT <n>': \(text)")
        }
        return port
    }

    /// Closing stdin asks the server to exit; a server still there after 2 s is killed.
    private static func stop(_ process: Process, stdin: Pipe) {
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
