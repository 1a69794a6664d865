import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program no one here wrote (calcurse, khal, todoman, vdirsyncer: Debian's packages,
/// `make test-deps`) for a test: its stdout and stderr in files, at most `timeout` seconds.
public enum ExternalTool {
    public struct Failed: Error, CustomStringConvertible {
        public var description: String
    }

    /// `/usr/bin/NAME ARGUMENTS` in `folder`: its standard output. Throws, saying what to do or
    /// what it wrote on stderr, when it is missing, exits non-zero or runs past `timeout`.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String], environment: [String: String], in folder: String,
                           stdin: String = "", timeout: TimeInterval = 60) throws -> String {
        let path = "/usr/bin/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failed(description: "\(path) is missing: run `make test-deps`")
        }
        let out = folder + "/out-\(UUID().uuidString)", err = folder + "/err-\(UUID().uuidString)"
        for file in [out, err] { FileManager.default.createFile(atPath: file, contents: nil) }
        defer { for file in [out, err] { try? FileManager.default.removeItem(atPath: file) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let command = ([name] + arguments).joined(separator: " ")
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failed(description: "\(command) did not finish within \(Int(timeout)) s")
        }
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            throw Failed(description: "\(command) exited \(process.terminationStatus): \(errors.suffix(2000))\(text.suffix(1000))")
        }
        return text
    }
}
