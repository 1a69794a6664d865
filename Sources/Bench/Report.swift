import Foundation

enum Report {
    static func line(_ name: String, _ value: String) -> String {
        name.padding(toLength: 42, withPad: " ", startingAt: 0) + value
    }

    /// Median, p90, p99 and max of durations in milliseconds.
    static func summary(_ samples: [Duration]) -> String {
        guard !samples.isEmpty else { return "no samples" }
        let ms = samples.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 }.sorted()
        func pick(_ q: Double) -> Double { ms[min(ms.count - 1, Int(Double(ms.count - 1) * q + 0.5))] }
        return String(format: "median %.2f ms · p90 %.2f · p99 %.2f · max %.2f (n=%d)", pick(0.5), pick(0.9), pick(0.99), ms.last!, ms.count)
    }
}

enum WallClock {
    /// Seconds since 1970 on CLOCK_REALTIME: the clock Python's `time.time()` reads.
    static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
