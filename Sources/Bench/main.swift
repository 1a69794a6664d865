import Foundation
import App
import Core
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// `make bench`: start-up, memory, keystroke echo and frame cost on a generated database;
// then streaming from the loopback provider peer (`--stream` runs only that part).
// Figures go to docs/performance.md with the command that produced them.

let arguments = CommandLine.arguments
let streamOnly = arguments.contains("--stream")
if arguments.contains("--markdown-only") {
    try MarkdownBench.run(runs: arguments.contains("--quick") ? 5 : 21, home: FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-bench").path)
    exit(0)
}
let runs = arguments.contains("--quick") ? 5 : 21
let root = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let binary = root.appendingPathComponent("aihelper").path
let home = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-bench").path
// The 1M-message data (issue 18) lives in its own home: generated once (minutes), then reused.
let bigHome = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-bench-big").path
/// Start-up on the 1× data: to the first frame, memory then, and the work and memory after it.
func startupFigures() -> StartupBenchmark {
    // A returning user: config.toml exists, so no first-run wizard (AIHELPER_NO_WIZARD stands for it).
    let environment = ["AIHELPER_HOME": home, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                       "AIHELPER_NO_WIZARD": "1"]
    let startup = StartupBenchmark(binary: binary, environment: environment)
    let (times, memory) = startup.measure(runs: runs)
    print(Report.line("start to first full frame (120×40)", Report.summary(times)))
    print(Report.line("resident memory after first frame", "\(memory / 1024) MB (max of \(runs) runs)"))
    BigBench.settling(InteractiveBenchmark(binary: binary, environment: environment), label: "1×:", runs: runs)
    return startup
}
if arguments.contains("--startup-only") {  // the 1× start-up and memory alone
    print("database: \(try BenchData.prepare(home: home))")
    _ = startupFigures()
    exit(0)
}
// Issue 21: sync with a local Radicale (docs/performance.md, "Sync (issue 21)").
func syncFigures() throws {
    try SyncBench.run(binary: binary, folder: home + "-sync", firstRuns: arguments.contains("--quick") ? 1 : 3,
                      runs: arguments.contains("--quick") ? 5 : 11)
}
if let at = arguments.firstIndex(of: "--sync-large") {
    let count = arguments.dropFirst(at + 1).first.flatMap { Int($0) } ?? 50_000
    try SyncLargeBench.run(folder: home + "-sync-large", count: count)
    exit(0)
}
if arguments.contains("--sync-only") {
    try syncFigures()
    exit(0)
}
if arguments.contains("--big-only") {
    try BigBench.run(binary: binary, home: bigHome, runs: runs)
    exit(0)
}

print("AI Helper benchmarks — binary \(binary)")
// The input history at 100,000 lines (in-process): Up and Ctrl-R must stay instant.
let history = try AppBenchmarks.inputHistory(lines: 100_000, runs: runs)
print(Report.line("input history: read 100,000 lines", Report.summary(history.load)))
print(Report.line("  order them for a conversation", Report.summary(history.order)))
print(Report.line("  Up", Report.summary(history.up)))
print(Report.line("  Ctrl-R, a word in the oldest line", Report.summary(history.searchOldest)))
print(Report.line("  Ctrl-R, a word in no line", Report.summary(history.searchNothing)))
if arguments.contains("--history-only") { exit(0) }
// Importing a 10,000-event .ics (in-process; the 3 s budget is for reading plus storing).
let imported = try ImportBenchmark.measure(events: 10_000)
print(Report.line("import 10,000 events (\(imported.bytes / 1024) KB .ics)",
                  String(format: "read %.0f ms + store %.0f ms = %.2f s · again, all unchanged: %.2f s",
                         imported.read.milliseconds, imported.store.milliseconds,
                         (imported.read + imported.store).milliseconds / 1000, imported.reimport.milliseconds / 1000)
                  + (imported.stored == 10_000 ? "" : " · STORED \(imported.stored)")))
// Importing 10,000 exported conversation files (in-process, as `import --conversation` does; 10 s budget).
let conversations = try ImportBenchmarks.conversationImport(files: 10_000, folder: home + "-conversation-files")
print(Report.line("import 10,000 conversation files (\(conversations.bytes / 1_048_576) MB)",
                  String(format: "%.2f s for %d messages", conversations.importing.milliseconds / 1000, conversations.messages)
                  + (conversations.write == .zero ? " (files kept from a run before)"
                     : String(format: " (writing the files first, once: %.0f s)", conversations.write.milliseconds / 1000))))
if arguments.contains("--import-only") { exit(0) }
if !streamOnly {
    let generated = try BenchData.prepare(home: home)
    print("database: \(generated)")

    // The conversation list and search on 1,000 conversations × 50 messages (in-process).
    let words = ["wrap", "conversation 421", "Message 7 of", "words to", "nothing-like-this"]
    let screens = try AppBenchmarks.conversationScreens(databasePath: home + "/aihelper.sqlite", queries: words, runs: runs * 2)
    print(Report.line("Ctrl-O: list 1,000 conversations and draw", Report.summary(screens.list)))
    print(Report.line("Ctrl-\\: search 50,000 messages and draw", Report.summary(screens.search) + " · up to \(screens.results) results"))
    if arguments.contains("--conversations-only") { exit(0) }


    let startup = startupFigures()

    let echo = startup.keystrokeEcho(keys: 200)
    print(Report.line("keystroke echo (pty → screen)", Report.summary(echo)))

    let calendar = try AppBenchmarks.calendarMoves(databasePath: home + "/aihelper.sqlite", moves: 60)
    print(Report.line("Tasks: move a day, load and draw", Report.summary(calendar.day)))
    print(Report.line("Tasks: move a month, load and draw", Report.summary(calendar.month)))
    print(Report.line("Tasks: jump years (no series yet), draw", Report.summary(calendar.year)))
    print(Report.line("  then series expanded in background", Report.summary(calendar.expand)))
    print(Report.line("Tasks: filter 100,000 tasks and draw", Report.summary(calendar.filter)))

    for count in [10, 10_000] {
        let cost = AppBenchmarks.frameCost(messageCount: count, width: 120, height: 40, frames: 300)
        print(Report.line("render one frame, \(count) messages", Report.summary(cost)))
    }
    try MarkdownBench.run(runs: runs, home: home)
    do { try syncFigures() } catch { print("sync benchmark not run: \(error)") }  // Radicale missing: the rest still runs
    if !arguments.contains("--no-big") { try BigBench.run(binary: binary, home: bigHome, runs: runs) }
}

if arguments.contains("--no-stream") { exit(0) }

// Parsing a streamed answer in-process, then the real binary against the loopback peer.
let parseBody = ParseBenchmark.body(tokens: 5_000)
let parsed = try ParseBenchmark.measure(parseBody, runs: 30)
print(Report.line("parse 5,000 OpenAI chunks (\(parseBody.count / 1024) KB)",
                  (parsed.text == StreamBenchmark.expected(5_000) ? "" : "TEXT DIFFERS · ") + Report.summary(parsed.times)))
if arguments.contains("--parse-only") { exit(0) }

// Streaming: the real binary against the loopback peer (python3 Tests/Peers/provider_server.py).
func memoryLine(_ o: StreamBenchmark.Outcome) -> String {
    "resident \(o.residentKB / 1024) MB when the answer finished · peak \(o.peakKB / 1024) MB (VmHWM)"
}
let streamRuns = arguments.contains("--quick") ? 2 : 5
let peer = try PeerServer.providers()
let streams = StreamBenchmark(binary: binary, peer: peer,
                              environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
var fullSpeed: [StreamBenchmark.Outcome] = []
for _ in 0..<(arguments.contains("--paced-only") ? 0 : streamRuns) { fullSpeed.append(try streams.run(.long(5_000))) }
for (i, o) in fullSpeed.enumerated() {
    print(Report.line("5,000 tokens full speed, run \(i + 1)", o.problems.isEmpty ? "screen and database exact" : o.problems.joined(separator: "; ")))
    print(Report.line("", String(format: "peer sent in %.1f ms (%.0f tokens/s) · last token on screen at %.1f ms (%.0f%%) · last byte → last glyph %.1f ms · CPU %.0f ms = %.3f ms/token",
                                      o.sendTime * 1000, o.rate, o.screenTime * 1000, o.screenTime / max(o.sendTime, 1e-9) * 100,
                                      o.lastByteToGlyph * 1000, o.cpuMilliseconds, o.cpuMilliseconds / Double(o.tokens))))
    print(Report.line("", memoryLine(o)))
}
if arguments.contains("--full-only") { exit(0) }
let quiet = try streams.run(.long(5_000, rate: 1_000))
print(Report.line("5,000 tokens at 1,000/s, no typing", quiet.problems.isEmpty ? "screen and database exact" : quiet.problems.joined(separator: "; ")))
print(Report.line("", memoryLine(quiet)))
print(Report.line("", String(format: "peer sent in %.1f ms (%.0f tokens/s) · last byte → last glyph %.1f ms · CPU %.0f ms = %.3f ms/token",
                                 quiet.sendTime * 1000, quiet.rate, quiet.lastByteToGlyph * 1000, quiet.cpuMilliseconds,
                                 quiet.cpuMilliseconds / Double(quiet.tokens))))
if arguments.contains("--paced-only") { exit(0) }
let paced = try streams.run(.long(5_000, rate: 1_000), keys: 300)
print(Report.line("5,000 tokens at 1,000/s, typing", paced.problems.isEmpty ? "screen and database exact" : paced.problems.joined(separator: "; ")))
print(Report.line("", String(format: "peer sent in %.1f ms (%.0f tokens/s) · last byte → last glyph %.1f ms · CPU %.0f ms = %.3f ms/token",
                                 paced.sendTime * 1000, paced.rate, paced.lastByteToGlyph * 1000, paced.cpuMilliseconds,
                                 paced.cpuMilliseconds / Double(paced.tokens))))
print(Report.line("", memoryLine(paced)))
print(Report.line("keystroke echo while streaming 1,000/s", Report.summary(paced.echo)))

// Issue 15: a Markdown-heavy answer (headings, lists, a 200-line code block, a 20-row table).
let heavy = try MarkdownBench.fixture()
for (name, script, keys) in [("full speed", StreamScript.markdownHeavy(heavy), 0),
                             ("at 1,000/s, typing", StreamScript.markdownHeavy(heavy, rate: 1_000), 300)] {
    let o = try streams.run(script, keys: keys)
    print(Report.line("Markdown answer (\(o.tokens) tokens) \(name)", o.problems.isEmpty ? "screen and database exact" : o.problems.joined(separator: "; ")))
    print(Report.line("", String(format: "peer sent in %.1f ms (%.0f tokens/s) · last glyph at %.0f%% · last byte → last glyph %.1f ms · CPU %.0f ms = %.3f ms/token",
                                     o.sendTime * 1000, o.rate, o.screenTime / max(o.sendTime, 1e-9) * 100, o.lastByteToGlyph * 1000,
                                     o.cpuMilliseconds, o.cpuMilliseconds / Double(o.tokens))))
    if keys > 0 { print(Report.line("keystroke echo while streaming Markdown", Report.summary(o.echo))) }
}
