import Foundation
import XCTest

/// Runs the real binary with `AIHELPER_HOME` set to `home`.
struct CLIRunner {
    let home: String

    /// Runs the binary (or `executable`) with its output in files (never a pipe that can fill) and a bounded wait.
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], timeout: TimeInterval = 30,
             executable: String = TmuxSession.binary, file: StaticString = #filePath, line: UInt = #line) throws
        -> (status: Int32, out: String, err: String) {
        let outPath = home + "/stdout-\(UUID().uuidString)", errPath = home + "/stderr-\(UUID().uuidString)"
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["AIHELPER_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
            .merging(environment) { $1 }
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        try out.close()
        try err.close()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout)s", file: file, line: line)
        }
        process.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, read(outPath), read(errPath))
    }
}
