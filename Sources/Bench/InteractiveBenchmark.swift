import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a user of a large history feels, measured on the real binary through the pty (issue 18):
/// the work left after the first frame, search as you type (Ctrl-\), the conversation list
/// (Ctrl-O) and its filter. Every wait is bounded; a wait that runs out is counted, not hidden.
struct InteractiveBenchmark {
    let binary: String
    let environment: [String: String]
    let marker = "Ctrl-Q quit"
    /// Time between two keys typed, as a quick typist (a key waits for the last one's echo too).
    let keyInterval: Duration = .milliseconds(100)

    struct Typing {
        var echo: [Duration] = []
        /// The last key sent → the final query's results on the screen.
        var results: [Duration] = []
        var timeouts = 0
        /// What each wait that ran out was waiting for.
        var missed: [String] = []

        mutating func missed(_ what: String) { timeouts += 1; missed.append(what) }
    }

    /// Starts the app; nil when no first frame came.
    private func launch() -> PtyProcess? {
        guard let app = try? PtyProcess(binary, arguments: [], environment: environment, width: 120, height: 40) else { return nil }
        if app.waitFor(marker, timeout: .seconds(20)) == nil { app.send("\u{11}"); app.finish(); return nil }
        return app
    }

    /// CPU the app uses from its first frame until it goes idle (no CPU for `quiet`), and when
    /// that was: the loads deferred past the first frame, the input history, series expansion.
    /// Threads that ended before the sample are not counted (schedstat of live threads).
    /// Also the resident set then (KB, the largest of the runs): what the app holds once its
    /// start-up work is done, where the first frame's figure comes before the deferred loads.
    func busyAfterFirstFrame(runs: Int, quiet: Duration = .milliseconds(300)) -> (cpu: [Duration], idleAfter: [Duration], residentKB: Int) {
        var cpu: [Duration] = [], idle: [Duration] = [], resident = 0
        for _ in 0..<runs {
            guard let app = launch() else { continue }
            let frame = ContinuousClock.now
            let (used, lastChange) = waitIdle(app, quiet: quiet)
            cpu.append(.nanoseconds(Int64(used)))
            idle.append(lastChange - frame)
            resident = max(resident, app.residentKilobytes() ?? 0)
            app.send("\u{11}")
            app.finish()
        }
        return (cpu, idle, resident)
    }

    /// Samples CPU every 2 ms until it has not moved for `quiet` (at most 10 s); returns the CPU
    /// used meanwhile and when it last moved.
    @discardableResult
    private func waitIdle(_ app: PtyProcess, quiet: Duration) -> (UInt64, ContinuousClock.Instant) {
        let start = app.cpuNanoseconds()
        var last = start, lastChange = ContinuousClock.now
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now - lastChange < quiet, ContinuousClock.now < deadline {
            usleep(2_000)
            app.drain()
            let now = app.cpuNanoseconds()
            if now != last { last = now; lastChange = ContinuousClock.now }
        }
        return (last - start, lastChange)
    }

    /// Opens search, types `word` a letter at a time, then waits for its results: each key's echo
    /// ("search: " and the letters so far on the screen), and from the last key until the results
    /// of the whole word show (the count line, no "searching" mark, and `topTitle`, the title
    /// of the best hit as `AppDatabase.search` ranks it, when given).
    func searchAsYouType(_ word: String, topTitle: String?, runs: Int) -> Typing {
        var typing = Typing()
        for _ in 0..<runs {
            guard let app = launch() else { typing.missed("a first frame"); continue }
            defer { app.send("\u{11}"); app.finish() }
            waitIdle(app, quiet: .milliseconds(200))
            app.send("\u{1c}")  // Ctrl-\
            guard app.waitUntil({ $0.text.contains("search: type words") }) != nil else { typing.missed("the search box"); continue }
            guard let last = type(word, into: app, label: "search: ", typing: &typing) else { continue }
            if let shown = app.waitUntil(timeout: .seconds(20), { Self.resultsShown($0, word: word, topTitle: topTitle) }) {
                typing.results.append(shown.at - last)
            } else {
                typing.missed("the results of “\(word)”")
            }
        }
        return typing
    }

    static func resultsShown(_ screen: Screen, word: String, topTitle: String?) -> Bool {
        let text = screen.text
        guard text.contains("search: " + word), !text.lowercased().contains("searching") else { return false }
        // The count line ("12 results", "1,000+ results"), or that nothing was found.
        guard text.range(of: #"[0-9]\+? results?\b"#, options: .regularExpression) != nil || text.contains("Nothing found") else { return false }
        // Above the status bar, which names the open conversation.
        return topTitle.map { screen.contains($0, rows: 0..<(screen.height - 1), columns: 0..<screen.width) } ?? true
    }

    /// Types `text` a key at a time; each key's echo is `label` and the text so far on the screen.
    /// Returns when the last key was sent, or nil when an echo never came.
    private func type(_ text: String, into app: PtyProcess, label: String, typing: inout Typing) -> ContinuousClock.Instant? {
        var typed = ""
        var sent = ContinuousClock.now
        for letter in text {
            typed.append(letter)
            let shown = label + typed
            sent = ContinuousClock.now
            app.send(String(letter))
            // Long: a search on the loop thread holds the echo for seconds on 1M messages.
            guard let echoed = app.waitUntil(timeout: .seconds(30), { $0.text.contains(shown) }) else {
                // What the screen shows instead, to tell a slow app from a misread screen.
                let seen = app.screen.text.split(separator: "\n").first { $0.contains(label) }.map { $0.trimmingCharacters(in: .whitespaces) }
                typing.missed("the echo of “\(shown)” (the screen shows “\(seen ?? "no \(label)")”)")
                return nil
            }
            typing.echo.append(echoed.at - sent)
            if typed.count == text.count { break }  // the caller times the results from this key
            let next = sent + keyInterval
            if ContinuousClock.now < next { usleep(useconds_t((next - ContinuousClock.now).milliseconds * 1000)) }
        }
        return sent
    }

    /// Ctrl-O until the list shows `newestTitle` (its first row), `opens` times in one app; then
    /// `/` and `filter` typed a key at a time, each timed until "filter: " and the letters show.
    func conversationList(newestTitle: String, opens: Int, filter: String) -> (open: [Duration], filter: Typing) {
        var open: [Duration] = []
        var typing = Typing()
        guard let app = launch() else { return ([], Typing(timeouts: 1, missed: ["a first frame"])) }
        defer { app.send("\u{11}"); app.finish() }
        waitIdle(app, quiet: .milliseconds(200))
        for _ in 0..<opens {
            let start = ContinuousClock.now
            app.send("\u{0f}")  // Ctrl-O
            guard let shown = app.waitUntil(timeout: .seconds(10), { $0.text.contains("─ Conversations ") && $0.text.contains(newestTitle) })
            else { typing.missed("the list"); break }
            open.append(shown.at - start)
            app.send("\u{1b}")
            _ = app.waitUntil(timeout: .seconds(5), { !$0.text.contains("─ Conversations ") })
            usleep(50_000)
        }
        app.send("\u{0f}")
        guard app.waitUntil(timeout: .seconds(10), { $0.text.contains("─ Conversations ") }) != nil else { return (open, typing) }
        app.send("/")
        guard app.waitUntil(timeout: .seconds(5), { $0.text.contains("filter: ") }) != nil else {
            typing.missed("the filter prompt")
            return (open, typing)
        }
        _ = type(filter, into: app, label: "filter: ", typing: &typing)
        return (open, typing)
    }
}
