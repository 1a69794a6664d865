import Foundation

/// The progress of a long import on stderr (`aihelper import`): a count and a rate. Quiet for
/// the first `delay` (a short import prints nothing); then on a terminal one line redrawn in
/// place at most every 0.1 s and cleared at the end, elsewhere (a log, a pipe) a plain line
/// every `interval`: no carriage returns, no spinner.
public struct ImportProgress {
    public struct Timing: Sendable, Equatable {
        public var delay: Duration
        public var interval: Duration

        public init(delay: Duration = .seconds(1), interval: Duration = .seconds(2)) {
            self.delay = delay; self.interval = interval
        }

        /// `AIHELPER_PROGRESS_MS=N` sets both to N ms (0: a line for every file), for tests and scripts.
        public static func from(_ environment: [String: String]) -> Timing {
            guard let ms = environment["AIHELPER_PROGRESS_MS"].flatMap(Int.init), ms >= 0 else { return Timing() }
            return Timing(delay: .milliseconds(ms), interval: .milliseconds(ms))
        }
    }

    private let total: Int
    private let noun: String
    private let terminal: Bool
    private let timing: Timing
    private let write: (String) -> Void
    private let now: () -> ContinuousClock.Instant
    private let start: ContinuousClock.Instant
    private var lastShown: ContinuousClock.Instant?
    private var drawn = false

    /// `noun` names what is counted ("files"); `write` gets each piece of text to put on stderr.
    public init(total: Int, noun: String, terminal: Bool, timing: Timing = Timing(),
                now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }, write: @escaping (String) -> Void) {
        self.total = total; self.noun = noun; self.terminal = terminal; self.timing = timing
        self.now = now; self.write = write
        start = now()
    }

    /// `done` of the total are through.
    public mutating func update(_ done: Int) {
        let time = now()
        guard time - start >= timing.delay else { return }
        let every = terminal ? min(timing.interval, .milliseconds(100)) : timing.interval
        if let lastShown, time - lastShown < every, done < total { return }
        lastShown = time
        let line = Self.line(done: done, total: total, noun: noun, elapsed: time - start)
        if terminal {
            write("\r\u{1B}[K" + line)
            drawn = true
        } else {
            write(line + "\n")
        }
    }

    /// Clears the terminal's line (the summary follows on stdout).
    public mutating func finish() {
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    /// "aihelper: 1200 of 10000 files (2400/s)".
    static func line(done: Int, total: Int, noun: String, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int((Double(done) / seconds).rounded()) : 0
        return "aihelper: \(done) of \(total) \(noun) (\(rate)/s)"
    }
}
