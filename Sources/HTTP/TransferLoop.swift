import CCurl
import Foundation
import Synchronization

/// The engine thread: one curl multi handle driving every transfer.
///
/// Other threads only put transfers into the locked inbox and call `curl_multi_wakeup`
/// (the one multi call curl allows from any thread). Everything else — easy handles, the
/// multi handle, the `active` table, the callbacks — lives on the engine thread alone.
final class TransferLoop: @unchecked Sendable {
    private struct Inbox {
        var added: [Transfer] = []
        var cancelled: [Transfer] = []
        var stopWhenIdle = false
        /// The multi handle is gone: nobody may wake it any more.
        var stopped = false
    }

    private static let globalInit: Void = {
        aih_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    /// Upper bound of one wait, so timeouts are checked even when nothing happens.
    private static let longestWait = Duration.milliseconds(1000)

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// Signalled with every `post`, so a nap (see `napUntil`) ends when work comes in.
    private let nap = DispatchSemaphore(value: 0)
    /// Transfers in the multi handle; written on the engine thread, read by tests.
    let activeCount = Atomic<Int>(0)
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]

    init() {
        _ = Self.globalInit
        guard let multi = aih_curl_multi_init() else { fatalError("curl_multi_init failed") }
        self.multi = multi
        let thread = Thread { [self] in run() }
        thread.name = "aihelper.http"
        thread.start()
    }

    func submit(_ transfer: Transfer) {
        let accepted = post { $0.added.append(transfer) }
        if !accepted { transfer.fail(HTTPError(kind: .cancelled, message: "The HTTP engine has shut down")) }
    }

    func cancel(_ transfer: Transfer) {
        post { $0.cancelled.append(transfer) }
    }

    /// The thread ends once the transfers already submitted are done.
    func stopWhenIdle() {
        post { $0.stopWhenIdle = true }
    }

    /// Changes the inbox and wakes the thread, under the lock so the multi handle cannot be
    /// cleaned up in between. False when the thread has already ended.
    @discardableResult
    private func post(_ change: (inout Inbox) -> Void) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.stopped else { return false }
            change(&inbox)
            aih_curl_multi_wakeup(multi)
            nap.signal()
            return true
        }
    }

    private func run() {
        while true {
            let (added, cancelled, stopWhenIdle) = inbox.withLock { inbox in
                defer { inbox.added = []; inbox.cancelled = [] }
                return (inbox.added, inbox.cancelled, inbox.stopWhenIdle)
            }
            added.forEach(start)
            for transfer in cancelled {
                remove(transfer)?.fail(.cancelled)
            }
            if stopWhenIdle, active.isEmpty, inbox.withLock({ inbox in
                inbox.stopped = inbox.added.isEmpty
                return inbox.stopped
            }) { break }
            var running: Int32 = 0
            active.values.forEach { $0.pacer.startRound() }
            aih_curl_multi_perform(multi, &running)
            collectFinished()
            failIdleTransfers()
            flushDueBodies()
            if let until = napUntil() {
                _ = nap.wait(timeout: .now() + .microseconds(Int((until - .now) / .microseconds(1))))
            } else {
                aih_curl_multi_poll(multi, Int32(waitMilliseconds()), nil)
            }
        }
        aih_curl_multi_cleanup(multi)
    }

    private func start(_ transfer: Transfer) {
        do throws(HTTPError) {
            let easy = try transfer.makeEasyHandle()
            let code = aih_curl_multi_add_handle(multi, easy)
            guard code == CURLM_OK else {
                throw HTTPError(kind: .other, message: String(cString: aih_curl_multi_strerror(code)))
            }
            active[easy] = transfer
            activeCount.store(active.count, ordering: .relaxed)
        } catch {
            transfer.fail(error)
        }
    }

    /// Takes the transfer out of the multi handle; nil when it already finished.
    private func remove(_ transfer: Transfer) -> Transfer? {
        guard let easy = transfer.easy, active.removeValue(forKey: easy) != nil else { return nil }
        aih_curl_multi_remove_handle(multi, easy)
        activeCount.store(active.count, ordering: .relaxed)
        return transfer
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = aih_curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // Read the result first: the message dies with the handle's removal.
            let result = message.pointee.data.result
            if let transfer = active[easy] {
                remove(transfer)?.complete(with: result)
            }
        }
    }

    private func failIdleTransfers() {
        let now = ContinuousClock.now
        for transfer in active.values where transfer.idleDeadline <= now {
            remove(transfer)?.fail(.idle(after: transfer.request.idleTimeout))
        }
    }

    private func flushDueBodies() {
        let now = ContinuousClock.now
        for transfer in active.values {
            if let due = transfer.pacer.flushDeadline, due <= now { transfer.flushBody(at: now) }
        }
    }

    /// When every transfer is a trickling stream holding bytes not yet due, or a fast one
    /// arriving in small pieces, the engine sleeps until the first of them is due instead of
    /// waking for each packet (at 1,000 tokens a second, a thousand wake-ups a second; at full
    /// speed, a wake-up per TCP segment); the socket buffers what comes meanwhile.
    private func napUntil() -> ContinuousClock.Instant? {
        var until: ContinuousClock.Instant?
        for transfer in active.values {
            guard let due = transfer.pacer.napDeadline else { return nil }
            until = min(until ?? due, due)
        }
        return until.flatMap { $0 > .now ? $0 : nil }
    }

    /// Until the nearest idle deadline or held-back body, at most `longestWait`; curl shortens
    /// it further when its own timers (connect, total, retries) are due sooner.
    private func waitMilliseconds() -> Int {
        let now = ContinuousClock.now
        let deadlines = active.values.flatMap { [$0.idleDeadline] + ($0.pacer.flushDeadline.map { [$0] } ?? []) }
        let nearest = deadlines.map { $0 - now }.min() ?? Self.longestWait
        let wait = max(.zero, min(nearest, Self.longestWait))
        return Int(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000) + 1
    }
}
