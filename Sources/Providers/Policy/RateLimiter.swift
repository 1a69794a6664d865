import Foundation

/// A sliding-window limit of requests per minute. Pure: every call takes the time, so a test
/// (or the event loop's clock) drives it.
public struct SlidingWindowRateLimiter: Sendable, Equatable {
    public var limit: Int
    public var window: Double
    /// Start times of the requests inside the window, oldest first.
    public private(set) var recent: [Date] = []

    /// `limit` requests per `window` seconds; a limit of 0 or less means unlimited.
    public init(requestsPerMinute limit: Int, window: Double = 60) {
        self.limit = limit; self.window = window
    }

    /// Seconds to wait before the next request may start (0: now). Records nothing.
    public mutating func waitTime(now: Date) -> Double {
        guard limit > 0 else { return 0 }
        prune(now: now)
        guard recent.count >= limit else { return 0 }
        return max(0, recent[recent.count - limit].addingTimeInterval(window).timeIntervalSince(now))
    }

    /// Records a request starting now when the window has room: returns 0. Otherwise records
    /// nothing and returns how many seconds to wait before asking again.
    public mutating func acquire(now: Date) -> Double {
        let wait = waitTime(now: now)
        if wait == 0, limit > 0 { recent.append(now) }
        return wait
    }

    private mutating func prune(now: Date) {
        let cutoff = now.addingTimeInterval(-window)
        if let keep = recent.firstIndex(where: { $0 > cutoff }) { recent.removeFirst(keep) } else { recent.removeAll() }
    }
}

/// One sliding window per provider (by provider id), each with its own limit.
public struct ProviderRateLimiters: Sendable {
    public var limits: [String: Int]
    public var defaultLimit: Int
    private var limiters: [String: SlidingWindowRateLimiter] = [:]

    /// `limits` by provider id ("openai"); others get `defaultLimit` (0: unlimited).
    public init(limits: [String: Int] = [:], defaultLimit: Int = 0) {
        self.limits = limits; self.defaultLimit = defaultLimit
    }

    public mutating func acquire(_ provider: String, now: Date) -> Double {
        var l = limiters[provider] ?? SlidingWindowRateLimiter(requestsPerMinute: limits[provider] ?? defaultLimit)
        let wait = l.acquire(now: now)
        limiters[provider] = l
        return wait
    }
}
