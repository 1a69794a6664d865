import Foundation
import App
import TestSupport

/// Issue 15's in-process figures: the Markdown-heavy answer (Tests/Peers/fixtures) streamed into
/// the transcript, frames over Markdown histories, opening 1,000 Markdown answers.
enum MarkdownBench {
    static func fixture() throws -> String {
        try String(contentsOf: PeerServer.peersFolder.appendingPathComponent("fixtures/markdown-heavy.md"), encoding: .utf8)
    }

    static func run(runs: Int, home: String) throws {
        let answer = try fixture()
        let tokens = (answer.count + 3) / 4
        var frames: [Duration] = []
        for _ in 0..<max(1, runs / 4) { frames += MarkdownBenchmarks.streamFrames(answer) }
        let total = frames.reduce(Duration.zero, +) / max(1, runs / 4)
        print(Report.line("Markdown answer in-process, \(tokens) tok",
                          Report.summary(frames) + String(format: " per frame · %.4f ms of drawing per token",
                                                          total.milliseconds / Double(tokens))))
        // The worst case for streaming: one paragraph of 5,000 tokens, never finished before the end.
        let paragraph = StreamBenchmark.expected(5_000)
        let paragraphFrames = MarkdownBenchmarks.streamFrames(paragraph)
        print(Report.line("5,000-token paragraph in-process", Report.summary(paragraphFrames) + String(
            format: " per frame · %.4f ms per token", paragraphFrames.reduce(Duration.zero, +).milliseconds / 5_000)))
        if CommandLine.arguments.contains("--paragraph-only") { return }
        for count in [10, 10_000] {
            let cost = MarkdownBenchmarks.frameCost(answer: answer, messageCount: count, frames: 300)
            print(Report.line("render one frame, \(count) Markdown messages", Report.summary(cost)))
        }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // Bad input: each must lay out in bounded time; the budget is 250 ms in a release build.
        for (name, time, lines) in MarkdownBenchmarks.badInput() {
            print(Report.line("bad input: \(name)", String(format: "%.1f ms, %d lines", time.milliseconds, lines)
                              + (time > .milliseconds(250) ? " · OVER THE 250 ms BUDGET" : "")))
        }
        let path = home + "/markdown-answers.sqlite"
        let opened = try MarkdownBenchmarks.openConversation(databasePath: path, answer: answer, answers: 1_000, runs: runs)
        print(Report.line("open 1,000 Markdown answers", Report.summary(opened) + " to the first frame"))
    }
}
