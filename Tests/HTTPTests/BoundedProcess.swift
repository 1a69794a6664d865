import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end, or kills it after `timeout`; returns its exit status and
/// everything it printed (stdout and stderr together, read while it runs so it never blocks
/// on a full pipe).
enum BoundedProcess {
    struct Result {
        var status: Int32
        var output: String
        var timedOut: Bool
    }

    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval,
                    currentDirectory: URL? = nil) throws -> Result {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = pipe
        let collected = Collected()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { collected.append(data) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // The last bytes may still be on their way through the handler.
        let drained = Date().addingTimeInterval(1)
        while pipe.fileHandleForReading.readabilityHandler != nil, Date() < drained { usleep(10_000) }
        return Result(status: process.terminationStatus, output: collected.text, timedOut: timedOut)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}
