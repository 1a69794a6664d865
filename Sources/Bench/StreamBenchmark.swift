import Foundation
import Core
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on a pty, streaming from the loopback provider peer (Tests/Peers) over the
/// OpenAI wire format: what reaches the screen and the database, how late, at what CPU cost.
struct StreamBenchmark {
    let binary: String
    let peer: PeerServer
    let environment: [String: String]
    let width = 120, height = 40

    struct Outcome {
        var tokens = 0
        var problems: [String] = []
        /// The peer's own send time: headers sent → last body piece written.
        var sendTime = 0.0
        /// Headers sent by the peer → the last token on the screen.
        var screenTime = 0.0
        /// The peer wrote its last piece → the last token on the screen.
        var lastByteToGlyph = 0.0
        /// CPU of the app from Enter to the answer marked finished.
        var cpuMilliseconds = 0.0
        var echo: [Duration] = []
        /// VmRSS when the answer was finished, and VmHWM (the peak of the whole run), in KB.
        var residentKB = 0, peakKB = 0
        /// Tokens per second the peer really sent.
        var rate: Double { sendTime > 0 ? Double(tokens) / sendTime : 0 }
    }

    static func expected(_ tokens: Int) -> String { (0..<tokens).map { "t\($0) " }.joined() }

    /// A fresh home whose config picks the OpenAI provider; the endpoint comes from the environment.
    private func makeHome(_ name: String) throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-bench-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "provider = \"openai\"\nmodel = \"gpt-4.1-mini\"\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        return home
    }

    /// Streams `script`'s answer, optionally typing `keys` keys into the input while it arrives.
    func run(_ script: StreamScript, keys: Int = 0) throws -> Outcome {
        var outcome = Outcome(tokens: script.tokens)
        let home = try makeHome("stream")
        defer { try? FileManager.default.removeItem(atPath: home) }
        var env = environment
        env["AIHELPER_HOME"] = home
        env["HOME"] = home
        env["OPENAI_BASE_URL"] = peer.baseURL + "/v1"
        env["OPENAI_API_KEY"] = "bench"
        let app = try PtyProcess(binary, arguments: [], environment: env, width: width, height: height)
        defer { app.send("\u{11}"); app.finish() }
        guard app.waitUntil({ $0.text.contains("Ctrl-Q quit") && $0.text.contains(" OpenAI ") }) != nil else {
            outcome.problems.append("no first frame with the OpenAI badge")
            return outcome
        }
        app.send("stream \(script.tag)")
        guard app.waitUntil({ $0.text.contains(script.tag) }) != nil else {
            outcome.problems.append("the question was not echoed")
            return outcome
        }
        let last = script.lastGlyphs
        let cpuBefore = app.cpuMilliseconds() ?? 0
        app.send("\r")
        if keys > 0 {
            guard app.waitUntil({ $0.text.contains(script.firstGlyphs) }) != nil else {
                outcome.problems.append("the stream never started")
                return outcome
            }
            outcome.echo = typeWhileStreaming(app, keys: keys, lastToken: last)
        }
        guard let glyph = app.waitUntil(timeout: .seconds(60), { $0.contains(last, rows: 0..<($0.height - 1), columns: 0..<72) }) else {
            outcome.problems.append("\(last) never reached the screen")
            return outcome
        }
        guard app.waitUntil(timeout: .seconds(10), { !$0.line($0.height - 1).contains("Esc cancel") }) != nil else {
            outcome.problems.append("the answer never finished")
            return outcome
        }
        outcome.cpuMilliseconds = (app.cpuMilliseconds() ?? 0) - cpuBefore
        outcome.residentKB = app.residentKilobytes() ?? 0
        outcome.peakKB = app.statusKilobytes("VmHWM") ?? 0
        outcome.problems += script.numbered ? checkScreen(app.screen, tokens: script.tokens) : checkMarkdown(app.screen)

        let stats = try peer.control("/_stats")
        if let stream = stats["last_stream"] as? [String: Any],
           let started = stream["started"] as? Double, let lastPiece = stream["last_piece_at"] as? Double {
            outcome.sendTime = lastPiece - started
            outcome.screenTime = glyph.wall - started
            outcome.lastByteToGlyph = glyph.wall - lastPiece
        } else {
            outcome.problems.append("the peer reported no stream times")
        }

        app.send("\u{11}")
        app.finish()
        outcome.problems += try checkDatabase(home + "/aihelper.sqlite", expected: script.expected)
        return outcome
    }

    /// Types letters one at a time while the answer streams; each sample runs from the write to
    /// the pty until the input line shows the text typed so far. Keys typed after the stream
    /// ended are not counted.
    private func typeWhileStreaming(_ app: PtyProcess, keys: Int, lastToken: String) -> [Duration] {
        var samples: [Duration] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var typed = ""
        for i in 0..<keys {
            if typed.count == 40 {  // keep the input on one line
                app.send("\u{15}")
                typed = ""
                guard app.waitUntil(timeout: .seconds(2), { $0.text.contains("› Esc cancels") || !Self.streaming($0) }) != nil else { break }
            }
            guard Self.streaming(app.screen) else { break }
            typed.append(letters[i % letters.count])
            let shown = "› " + typed
            let start = ContinuousClock.now
            app.send(String(typed.last!))
            guard let echoed = app.waitUntil(timeout: .seconds(2), { $0.contains(shown, rows: 0..<$0.height, columns: 0..<$0.width) }) else { continue }
            if !Self.streaming(app.screen) { break }
            samples.append(echoed.at - start)
            usleep(useconds_t(3_000 + (i * 7919) % 7_000))  // 3–10 ms between keys, not in step with frames
        }
        return samples
    }

    static func streaming(_ screen: Screen) -> Bool { screen.line(screen.height - 1).contains("Esc cancel") }

    /// The chat pane's rows, without the borders and the side panes (120 columns: chat is 0..<72).
    static func transcript(_ screen: Screen) -> String {
        (0..<(screen.height - 1)).map { String(String.UnicodeScalarView(screen.rows[$0].prefix(72))) }.joined(separator: "\n")
    }

    /// The tokens on screen at the end must be the last ones, in order, none missing or doubled.
    private func checkScreen(_ screen: Screen, tokens: Int) -> [String] {
        let numbers = Self.transcript(screen).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" })
            .compactMap { word -> Int? in word.first == "t" ? Int(word.dropFirst()) : nil }
        guard let lastShown = numbers.last else { return ["no tokens on the final screen"] }
        var problems: [String] = []
        if lastShown != tokens - 1 { problems.append("the last token on screen is t\(lastShown), not t\(tokens - 1)") }
        if numbers != Array((lastShown - numbers.count + 1)...lastShown) {
            problems.append("the tokens on screen are not consecutive: \(numbers.prefix(30))")
        }
        if numbers.count < 100 { problems.append("only \(numbers.count) tokens on the final screen") }
        return problems
    }

    /// A Markdown answer's end drawn as such: no raw stars, the rule above the last paragraph.
    private func checkMarkdown(_ screen: Screen) -> [String] {
        let text = Self.transcript(screen)
        var problems: [String] = []
        if text.contains("**") { problems.append("raw ** on the final screen") }
        if !text.contains("────") { problems.append("no rule drawn for ---") }
        if !text.contains("│") { problems.append("no table borders on the final screen") }
        return problems
    }

    /// The stored answer must be exactly the streamed text and marked complete.
    private func checkDatabase(_ path: String, expected: String) throws -> [String] {
        let db = try AppDatabase.open(path: path)
        guard let conversation = try db.conversations(limit: 1).first,
              let answer = try db.messages(conversationId: conversation.id!).last else { return ["no answer in the database"] }
        var problems: [String] = []
        if answer.status != .complete { problems.append("the stored answer is \(answer.status), not complete") }
        if answer.content != expected {
            problems.append("the stored answer differs: \(answer.content.utf8.count) bytes, expected \(expected.utf8.count)")
        }
        return problems
    }
}
