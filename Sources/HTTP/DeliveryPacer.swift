import Foundation

/// When a transfer's body bytes go to its consumer, and when the engine needs to read it again.
///
/// Bytes that arrive within `interval` of the last hand-over wait and go together
/// (`HTTPRequest.deliveryInterval`), unless 32 KB wait: a token per packet then costs no task
/// hand-off each. The rate of the last interval decides how the engine reads: a trickling
/// stream (under 1 MB/s) can wait in the socket until its held bytes are due; a fast one that
/// comes in small TCP segments is read in batches a moment apart rather than once per
/// segment, and each batch goes out when its round ends, so the answer is parsed while it
/// arrives and little is left to parse after its last byte.
struct DeliveryPacer {
    let interval: Duration
    private var pending = Data()
    private var lastDelivery = ContinuousClock.now - .seconds(3600)
    /// Body bytes per second over the last interval or more; nil until one has passed.
    private var recentRate: Double?
    /// From the first body byte on: the wait for the answer to begin is not a slow stream.
    private var rateWindowStart: ContinuousClock.Instant?
    private var rateWindowBytes = 0
    /// Body bytes taken in during the engine's current round.
    private var roundBytes = 0

    /// Held-back bytes go out once this many wait, whatever the interval.
    static let deliveryBytes = 32 << 10
    /// Bytes per second below which a stream trickles: 1,000 tokens a second of OpenAI chunks
    /// are 0.3 MB/s; a stream at full speed from a local server is tens of MB/s.
    static let trickleRate = 1_000_000.0
    /// A round that read less than this from a fast stream read a few segments only.
    static let batchBytes = 16 << 10
    static let batchWait = Duration.microseconds(250)

    init(interval: Duration) { self.interval = interval }

    /// Takes in body bytes; returns what is due to go out now.
    mutating func take(_ bytes: UnsafeRawBufferPointer, at now: ContinuousClock.Instant) -> Data? {
        if rateWindowStart == nil { rateWindowStart = now }
        rateWindowBytes += bytes.count
        roundBytes += bytes.count
        pending.append(bytes.assumingMemoryBound(to: UInt8.self))
        guard pending.count >= Self.deliveryBytes || now - lastDelivery >= interval else { return nil }
        return takePending(at: now)
    }

    /// Everything held back, if anything.
    mutating func takePending(at now: ContinuousClock.Instant) -> Data? {
        guard !pending.isEmpty else { return nil }
        lastDelivery = now
        defer { pending = Data() }
        return pending
    }

    /// When held-back bytes must go out, if any are waiting: a fast stream's at the end of
    /// the engine's round.
    var flushDeadline: ContinuousClock.Instant? {
        guard !pending.isEmpty else { return nil }
        return isFast ? lastDelivery : lastDelivery + interval
    }

    private var isFast: Bool { recentRate.map { $0 >= Self.trickleRate } ?? false }

    /// Until when the engine need not read this transfer: a trickling stream holding bytes not
    /// due yet, or a fast one whose last round read only a few segments. Nil: watch it.
    var napDeadline: ContinuousClock.Instant? {
        guard recentRate != nil else { return nil }
        if !isFast { return flushDeadline }
        return roundBytes > 0 && roundBytes < Self.batchBytes ? .now + Self.batchWait : nil
    }

    /// Measures the rate at the start of each engine round.
    mutating func startRound(at now: ContinuousClock.Instant = .now) {
        roundBytes = 0
        guard let start = rateWindowStart, now - start >= interval else { return }
        recentRate = Double(rateWindowBytes) / ((now - start) / .seconds(1))
        rateWindowStart = now
        rateWindowBytes = 0
    }
}
