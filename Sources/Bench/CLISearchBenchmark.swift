import Foundation

/// `aihelper search WORD` as a script runs it: the whole process, start to exit, its output to
/// a file. The command comes with issue 18's search work; a binary without it says so.
enum CLISearchBenchmark {
    /// Whether `aihelper --help` lists a `search` subcommand (an unknown word would go to the TUI).
    static func available(binary: String, environment: [String: String]) -> Bool {
        guard let help = try? run(binary, ["--help"], environment: environment), help.status == 0 else { return false }
        return help.output.split(separator: "\n").contains { $0.hasPrefix("  search ") }
    }

    /// `runs` timed runs of `aihelper search word` (after one untimed run); nil if one failed.
    static func measure(binary: String, environment: [String: String], word: String, runs: Int) -> (times: [Duration], lines: Int)? {
        guard let first = try? run(binary, ["search", word], environment: environment), first.status == 0 else { return nil }
        var times: [Duration] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            guard let result = try? run(binary, ["search", word], environment: environment), result.status == 0 else { return nil }
            times.append(ContinuousClock.now - start)
        }
        return (times, first.lines)
    }

    private static func run(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, lines: Int, output: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-bench-search-\(getpid()).txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        return (process.terminationStatus, output.split(separator: "\n").count, output)
    }
}
