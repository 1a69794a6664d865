import Foundation

/// Keeps the agent from storing an answer until its last words are on the screen.
///
/// Storing a finished answer takes a few milliseconds of CPU, most of it the full-text index
/// of its words. Started at once, it ran beside the frame with the answer's last words and,
/// on a two-core machine, beside the terminal reading that frame: they showed up to 5 ms later
/// (docs/performance.md). So the agent waits until the loop has drawn the end of the model
/// call (at most `timeout`: the loop may be shutting down), then one frame interval more for
/// the terminal to show it. A crash in between loses no more than one mid-stream: the last
/// checkpoint is kept and the answer is marked interrupted at the next start.
final class FrameBarrier: Sendable {
    private let drawn = DispatchSemaphore(value: 0)
    let timeout: DispatchTimeInterval
    let terminalTime: Duration

    init(timeout: DispatchTimeInterval = .milliseconds(50), terminalTime: Duration = .milliseconds(16)) {
        self.timeout = timeout
        self.terminalTime = terminalTime
    }

    /// Before posting the end of a model call: forgets a frame drawn after an earlier wait
    /// timed out, so this wait is for this frame.
    func reset() {
        while drawn.wait(timeout: .now()) == .success {}
    }

    /// On the agent's task, after posting the end of a model call. The semaphore is waited on
    /// by a dispatch thread, not by the task's own (cooperative) thread.
    func waitForFrame() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [drawn, timeout] in
                _ = drawn.wait(timeout: .now() + timeout)
                done.resume()
            }
        }
        try? await Task.sleep(for: terminalTime)
    }

    /// On the loop, once a frame with the end of a model call is on the screen.
    func frameDrawn() { drawn.signal() }
}
