import Foundation
import App
import Core
import Storage
#if canImport(Glibc)
import Glibc
#endif

// `make bench`: start-up, memory, keystroke echo and frame cost on a generated database.
// Figures go to docs/performance.md with the command that produced them.

let arguments = CommandLine.arguments
let runs = arguments.contains("--quick") ? 5 : 21
let root = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let binary = root.appendingPathComponent("aihelper").path
let home = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-bench").path

print("AI Helper benchmarks — binary \(binary)")
let generated = try BenchData.prepare(home: home)
print("database: \(generated)")

let environment = ["AIHELPER_HOME": home, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
let startup = StartupBenchmark(binary: binary, environment: environment)
let (times, memory) = startup.measure(runs: runs)
print(Report.line("start to first full frame (120×40)", Report.summary(times)))
print(Report.line("resident memory after first frame", "\(memory / 1024) MB (max of \(runs) runs)"))

let echo = startup.keystrokeEcho(keys: 200)
print(Report.line("keystroke echo (pty → screen)", Report.summary(echo)))

for count in [10, 10_000] {
    let cost = AppBenchmarks.frameCost(messageCount: count, width: 120, height: 40, frames: 300)
    print(Report.line("render one frame, \(count) messages", Report.summary(cost)))
}
