import XCTest
import Foundation
@testable import HTTP

final class DeliveryPacerTests: XCTestCase {
    private let t0 = ContinuousClock.now

    private func take(_ pacer: inout DeliveryPacer, _ count: Int, at ms: Int) -> Int? {
        let bytes = [UInt8](repeating: 0x61, count: count)
        return bytes.withUnsafeBytes { pacer.take($0, at: t0 + .milliseconds(ms)) }?.count
    }

    func testFirstBytesGoAtOnceThenWaitForTheIntervalOr32KB() {
        var pacer = DeliveryPacer(interval: .milliseconds(8))
        XCTAssertEqual(take(&pacer, 300, at: 0), 300, "the first bytes after a pause go at once")
        XCTAssertNil(take(&pacer, 300, at: 1))
        XCTAssertNil(take(&pacer, 300, at: 2))
        XCTAssertEqual(pacer.flushDeadline, t0 + .milliseconds(8))
        XCTAssertEqual(take(&pacer, 300, at: 9), 900, "held bytes go together once the interval passed")
        XCTAssertNil(pacer.flushDeadline)
        XCTAssertEqual(take(&pacer, 40_000, at: 10), 40_000, "32 KB waiting go at once")
        XCTAssertNil(take(&pacer, 10, at: 11))
        XCTAssertEqual(pacer.takePending(at: t0 + .milliseconds(12))?.count, 10)
        XCTAssertNil(pacer.takePending(at: t0 + .milliseconds(12)))
    }

    func testATrickleNapsUntilItsBytesAreDueAFastStreamOnlyBetweenSmallReads() {
        var slow = DeliveryPacer(interval: .milliseconds(8))
        XCTAssertNil(slow.napDeadline, "no rate measured yet: watch the socket")
        _ = take(&slow, 300, at: 0)
        for ms in 1...9 { _ = take(&slow, 300, at: ms) }
        slow.startRound(at: t0 + .milliseconds(10))   // 3 KB in 10 ms: 0.3 MB/s
        _ = take(&slow, 300, at: 10)
        XCTAssertEqual(slow.napDeadline, slow.flushDeadline, "a trickle sleeps until its held bytes are due")
        XCTAssertNotNil(slow.napDeadline)

        var fast = DeliveryPacer(interval: .milliseconds(8))
        _ = take(&fast, 300, at: 0)
        _ = take(&fast, 1_000_000, at: 5)
        fast.startRound(at: t0 + .milliseconds(10))   // 1 MB in 10 ms
        XCTAssertNil(fast.napDeadline, "nothing read yet this round")
        _ = take(&fast, 64 << 10, at: 10)
        XCTAssertNil(fast.napDeadline, "a full read: keep reading")
        fast.startRound(at: t0 + .milliseconds(11))
        XCTAssertNil(take(&fast, 600, at: 11), "held within the round")
        XCTAssertEqual(fast.flushDeadline, t0 + .milliseconds(10), "a fast stream's round goes out when the round ends")
        XCTAssertNotNil(fast.napDeadline, "a few segments: read the next batch a moment later")
        XCTAssertEqual(slow.flushDeadline.map { $0 > t0 + .milliseconds(10) }, true, "a trickle's bytes wait for the interval")
    }
}
