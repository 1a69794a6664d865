import Foundation
import Storage

/// `make bench` on the 1M-message data (issue 18; `Bench --big-only` runs this part alone):
/// start-up, the work after the first frame, memory, search as you type, the conversation list
/// and `aihelper search`, all through the real binary. Targets in docs/performance.md.
enum BigBench {
    /// The work after the first frame and the memory once it is done (for the 1× data too).
    static func settling(_ interactive: InteractiveBenchmark, label: String, runs: Int) {
        let busy = interactive.busyAfterFirstFrame(runs: max(3, runs / 2))
        print(Report.line("\(label) CPU after the first frame until idle", Report.summary(busy.cpu)))
        print(Report.line("\(label)   idle (300 ms without CPU) after", Report.summary(busy.idleAfter)))
        print(Report.line("\(label)   resident memory when idle", "\(busy.residentKB / 1024) MB (max of \(busy.cpu.count) runs)"))
    }

    static func run(binary: String, home: String, runs: Int) throws {
        let generated = try BigBenchData.prepare(home: home)
        print("big database (1,000,000 messages): \(generated)")
        let environment = ["AIHELPER_HOME": home, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8",
                           "PATH": "/usr/bin:/bin", "AIHELPER_NO_WIZARD": "1"]
        let startup = StartupBenchmark(binary: binary, environment: environment)
        let (times, memory) = startup.measure(runs: runs)
        print(Report.line("1M: start to first full frame", Report.summary(times)))
        print(Report.line("1M: resident memory after first frame", "\(memory / 1024) MB (max of \(runs) runs)"))

        let interactive = InteractiveBenchmark(binary: binary, environment: environment)
        settling(interactive, label: "1M:", runs: runs)

        let database = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let searchRuns = max(2, runs / 4)
        for (name, word) in [("commonest", BigBenchData.commonestWord), ("rare", BigBenchData.rareWord)] {
            // The best hit as the app ranks it: its title on the screen means the word's results are.
            let clock = ContinuousClock()
            var hits: [SearchHit] = []
            let query = try clock.measure { hits = try database.search(word) }
            let typing = interactive.searchAsYouType(word, topTitle: hits.first?.title, runs: searchRuns)
            print(Report.line("1M: search “\(word)” (\(name)) in-process", String(format: "%.1f ms, %d hits", query.milliseconds, hits.count)))
            print(Report.line("1M:   keystroke echo in search (pty)", Report.summary(typing.echo)
                              + (typing.timeouts > 0 ? " · TIMED OUT waiting for " + typing.missed.joined(separator: ", ") : "")))
            print(Report.line("1M:   last key → results on screen", Report.summary(typing.results)))
        }

        let newest = try database.conversations(limit: 1).first?.title ?? "Conversation"
        let list = interactive.conversationList(newestTitle: newest, opens: max(5, runs / 2), filter: "the")
        print(Report.line("1M: Ctrl-O, 20,000 conversations shown", Report.summary(list.open)))
        print(Report.line("1M:   its filter, keystroke echo", Report.summary(list.filter.echo)
                          + (list.filter.timeouts > 0 ? " · TIMED OUT waiting for " + list.filter.missed.joined(separator: ", ") : "")))

        guard CLISearchBenchmark.available(binary: binary, environment: environment) else {
            print(Report.line("1M: aihelper search WORD (whole process)", "not available (no `search` command in this binary)"))
            return
        }
        for word in [BigBenchData.commonestWord, BigBenchData.rareWord] {
            if let cli = CLISearchBenchmark.measure(binary: binary, environment: environment, word: word, runs: max(5, runs / 2)) {
                print(Report.line("1M: aihelper search \(word) (whole process)", Report.summary(cli.times) + " · \(cli.lines) lines"))
            } else {
                print(Report.line("1M: aihelper search \(word) (whole process)", "FAILED (non-zero exit)"))
            }
        }
    }
}
