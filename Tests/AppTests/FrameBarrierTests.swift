import XCTest
@testable import App

final class FrameBarrierTests: XCTestCase {
    /// The wait ends when the loop says the frame is drawn, then gives the terminal its time.
    func testWaitEndsAfterTheFrameIsDrawnPlusTheTerminalsTime() async {
        let barrier = FrameBarrier(timeout: .seconds(5), terminalTime: .milliseconds(20))
        barrier.reset()
        let start = ContinuousClock.now
        Task.detached {
            try? await Task.sleep(for: .milliseconds(100))
            barrier.frameDrawn()
        }
        await barrier.waitForFrame()
        let waited = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(120))
        XCTAssertLessThan(waited, .seconds(4), "ended by the frame, not by the timeout")
    }

    /// No frame (the loop is shutting down): the wait still ends, at the timeout.
    func testWaitEndsAtTheTimeoutWithoutAFrame() async {
        let barrier = FrameBarrier(timeout: .milliseconds(80), terminalTime: .zero)
        let start = ContinuousClock.now
        await barrier.waitForFrame()
        let waited = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(80))
        XCTAssertLessThan(waited, .seconds(3))
    }

    /// A frame drawn after an earlier wait gave up must not end the next wait early.
    func testResetForgetsAFrameNobodyWaitedFor() async {
        let barrier = FrameBarrier(timeout: .milliseconds(150), terminalTime: .zero)
        barrier.frameDrawn()
        barrier.reset()
        let start = ContinuousClock.now
        await barrier.waitForFrame()
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(150))
    }
}
