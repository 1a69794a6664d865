import XCTest
@testable import Providers

final class RetryPolicyTests: XCTestCase {
    let policy = RetryPolicy.standard
    let overloaded = ProviderError(.overloaded, "o")

    func testBackoffIsAbout2_4_8WithJitterThenGivesUp() {
        XCTAssertEqual(policy.decide(after: overloaded, retriesSoFar: 0, outputStarted: false, random: 0.5), .retry(after: 2))
        XCTAssertEqual(policy.decide(after: overloaded, retriesSoFar: 1, outputStarted: false, random: 0.5), .retry(after: 4))
        XCTAssertEqual(policy.decide(after: overloaded, retriesSoFar: 2, outputStarted: false, random: 0.5), .retry(after: 8))
        XCTAssertEqual(policy.decide(after: overloaded, retriesSoFar: 3, outputStarted: false, random: 0.5), .giveUp)
        XCTAssertEqual(policy.backoff(retriesSoFar: 0, random: 0), 1.6, accuracy: 1e-9)
        XCTAssertEqual(policy.backoff(retriesSoFar: 2, random: 1), 9.6, accuracy: 1e-9)
        for _ in 0..<100 {
            guard case .retry(let d) = policy.decide(after: overloaded, retriesSoFar: 1, outputStarted: false) else { return XCTFail() }
            XCTAssertTrue((3.2...4.8).contains(d), "\(d)")
        }
        XCTAssertEqual(RetryPolicy(maxDelay: 5).backoff(retriesSoFar: 6, random: 0.5), 5)
    }

    func testOnlyRetryableKindsAndOnlyBeforeFirstToken() {
        for kind in [ProviderError.Kind.rateLimited, .overloaded, .serverError, .network, .timeout] {
            XCTAssertNotEqual(policy.decide(after: ProviderError(kind, ""), retriesSoFar: 0, outputStarted: false, random: 0.5), .giveUp, "\(kind)")
            XCTAssertEqual(policy.decide(after: ProviderError(kind, ""), retriesSoFar: 0, outputStarted: true, random: 0.5), .giveUp, "\(kind)")
        }
        for kind in [ProviderError.Kind.missingKey, .unauthorized, .forbidden, .badRequest, .cancelled, .malformedStream, .quotaExceeded] {
            XCTAssertEqual(policy.decide(after: ProviderError(kind, ""), retriesSoFar: 0, outputStarted: false, random: 0.5), .giveUp, "\(kind)")
        }
    }

    func testRetryAfterWinsUnlessTooLong() {
        let limited = ProviderError(.rateLimited, "", retryAfter: 20)
        XCTAssertEqual(policy.decide(after: limited, retriesSoFar: 0, outputStarted: false, random: 0), .retry(after: 20))
        XCTAssertEqual(policy.decide(after: ProviderError(.rateLimited, "", retryAfter: 0.3), retriesSoFar: 2, outputStarted: false, random: 0), .retry(after: 0.3))
        XCTAssertEqual(policy.decide(after: ProviderError(.rateLimited, "", retryAfter: 3600), retriesSoFar: 0, outputStarted: false, random: 0), .giveUp)
    }
}

final class RateLimiterTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_000_000)

    func testSlidingWindow() {
        var l = SlidingWindowRateLimiter(requestsPerMinute: 3)
        XCTAssertEqual(l.acquire(now: t0), 0)
        XCTAssertEqual(l.acquire(now: t0 + 10), 0)
        XCTAssertEqual(l.acquire(now: t0 + 20), 0)
        XCTAssertEqual(l.acquire(now: t0 + 30), 30, "the oldest leaves the window at t0+60")
        XCTAssertEqual(l.recent.count, 3, "a refused request is not recorded")
        XCTAssertEqual(l.waitTime(now: t0 + 59), 1)
        XCTAssertEqual(l.acquire(now: t0 + 60), 0)
        XCTAssertEqual(l.acquire(now: t0 + 61), 9, "now t0+10 is the oldest")
        XCTAssertEqual(l.acquire(now: t0 + 200), 0, "a quiet minute empties the window")
        XCTAssertEqual(l.recent, [t0 + 200])
    }

    func testUnlimitedAndPerProvider() {
        var free = SlidingWindowRateLimiter(requestsPerMinute: 0)
        for i in 0..<1000 { XCTAssertEqual(free.acquire(now: t0 + Double(i) * 0.001), 0) }
        var all = ProviderRateLimiters(limits: ["openai": 1, "anthropic": 2])
        XCTAssertEqual(all.acquire("openai", now: t0), 0)
        XCTAssertEqual(all.acquire("openai", now: t0 + 1), 59)
        XCTAssertEqual(all.acquire("anthropic", now: t0 + 1), 0)
        XCTAssertEqual(all.acquire("anthropic", now: t0 + 2), 0)
        XCTAssertEqual(all.acquire("anthropic", now: t0 + 3), 58)
        XCTAssertEqual(all.acquire("ollama", now: t0 + 3), 0, "no limit configured")
    }
}
