import Foundation

/// When to try a failed model call again, and after how long. Pure: the caller sleeps.
///
/// Exponential backoff with jitter (about 2, 4, 8 s), at most `maxRetries` retries, only for
/// retryable kinds (rate limited, overloaded, server error, network, timeout) and only before
/// the first token: once output has been shown, a retry would duplicate it, so the answer is
/// kept as interrupted instead. A server's `Retry-After` wins over the backoff, unless it asks
/// for longer than `maxRetryAfter` (then waiting is pointless and the error is shown).
public struct RetryPolicy: Sendable, Equatable {
    public var maxRetries: Int
    public var baseDelay: Double
    public var maxDelay: Double
    /// ± this fraction of the delay, so clients that failed together do not retry together.
    public var jitter: Double
    public var maxRetryAfter: Double

    public init(maxRetries: Int = 3, baseDelay: Double = 2, maxDelay: Double = 30, jitter: Double = 0.2,
                maxRetryAfter: Double = 120) {
        self.maxRetries = maxRetries; self.baseDelay = baseDelay; self.maxDelay = maxDelay
        self.jitter = jitter; self.maxRetryAfter = maxRetryAfter
    }

    public static let standard = RetryPolicy()

    public enum Decision: Sendable, Equatable {
        case retry(after: Double)
        case giveUp
    }

    /// - Parameters:
    ///   - retriesSoFar: retries already made for this call (0 after the first failure).
    ///   - outputStarted: any text, reasoning or tool call of this call reached the user.
    ///   - random: a number in 0..<1 for the jitter (injectable for tests).
    public func decide(after error: ProviderError, retriesSoFar: Int, outputStarted: Bool,
                       random: Double = Double.random(in: 0..<1)) -> Decision {
        guard error.isRetryable, !outputStarted, retriesSoFar < maxRetries else { return .giveUp }
        if let wait = error.retryAfter {
            return wait <= maxRetryAfter ? .retry(after: max(0, wait)) : .giveUp
        }
        return .retry(after: backoff(retriesSoFar: retriesSoFar, random: random))
    }

    /// The backoff before retry number `retriesSoFar + 1`: base × 2^n, capped, with jitter.
    public func backoff(retriesSoFar: Int, random: Double) -> Double {
        let plain = min(maxDelay, baseDelay * pow(2, Double(max(0, retriesSoFar))))
        let factor = 1 + jitter * (2 * min(max(random, 0), 1) - 1)
        return plain * factor
    }
}

extension RetryPolicy {
    /// Runs `attempt` until it succeeds, fails in a way not worth retrying, or the retry budget
    /// is spent (then its failure, saying how many retries were made). `failure` words any error
    /// as a `ProviderError`; `waiting` is told each wait and why ("… Retry 1 of 3."). The
    /// attempt sets its `outputStarted` once output went on (a stream is not retried after that).
    func run<T>(failure: (Error) -> ProviderError, waiting: (Double, String) -> Void,
                _ attempt: (_ outputStarted: inout Bool) async throws -> T) async throws -> T {
        var retries = 0
        while true {
            var outputStarted = false
            do {
                return try await attempt(&outputStarted)
            } catch {
                if Task.isCancelled { throw ProviderErrorMapper.cancelled }
                let failure = (error as? ProviderError) ?? failure(error)
                guard case .retry(let wait) = decide(after: failure, retriesSoFar: retries, outputStarted: outputStarted)
                else { throw failure.afterRetries(retries) }
                retries += 1
                waiting(wait, "\(failure.message) Retry \(retries) of \(maxRetries).")
                try await Self.sleep(wait)
            }
        }
    }

    /// A wait that a cancel ends as `ProviderErrorMapper.cancelled`.
    static func sleep(_ seconds: Double) async throws {
        do { try await Task.sleep(for: .milliseconds(Int((seconds * 1000).rounded(.up)))) } catch {
            throw ProviderErrorMapper.cancelled
        }
    }
}
