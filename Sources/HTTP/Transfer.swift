import CCurl
import Foundation

/// One request in flight: its curl easy handle and what has arrived so far.
///
/// `@unchecked Sendable` because it is created on the caller's thread and handed to the
/// engine thread once, through the engine's locked inbox; from then on only the engine thread
/// touches it (curl callbacks run inside `curl_multi_perform` on that thread). The
/// continuation it yields to is itself thread-safe.
final class Transfer: @unchecked Sendable {
    let request: HTTPRequest
    private let continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// curl writes its detailed error text here (CURLOPT_ERRORBUFFER).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var status = 0
    private var headerFields: [(name: String, value: String)] = []
    private var headDelivered = false
    private var finished = false
    /// When a byte last came in (or the transfer started), for the idle timeout.
    private(set) var lastActivity = ContinuousClock.now
    /// Body bytes held back until the delivery interval has passed (see `HTTPRequest.deliveryInterval`).
    private var pending = Data()
    private var lastDelivery = ContinuousClock.now - .seconds(3600)
    /// Body bytes per second over the last delivery interval or more; nil until one has passed.
    private var recentRate: Double?
    /// From the first body byte on: the wait for the answer to begin is not a slow stream.
    private var rateWindowStart: ContinuousClock.Instant?
    private var rateWindowBytes = 0
    /// Body bytes taken in during the engine's current round.
    private var roundBytes = 0

    init(request: HTTPRequest, continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation) {
        self.request = request
        self.continuation = continuation
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    /// The moment the idle timeout runs out unless more bytes come.
    var idleDeadline: ContinuousClock.Instant {
        lastActivity + .milliseconds(Int(request.idleTimeout * 1000))
    }

    /// Creates and configures the easy handle. The callbacks get this object unretained:
    /// the engine keeps it alive for as long as the handle is in the multi handle.
    func makeEasyHandle() throws(HTTPError) -> UnsafeMutableRawPointer {
        guard let easy = aih_curl_easy_init() else {
            throw HTTPError(kind: .other, message: "curl_easy_init failed")
        }
        self.easy = easy
        var setup = EasyHandleSetup(easy: easy)
        headerList = try setup.apply(request)
        let context = Unmanaged.passUnretained(self).toOpaque()
        var callbacks = [
            aih_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer),
            aih_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            aih_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
        ]
        callbacks.append(aih_curl_setopt_write(easy, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
            Transfer.from(context).receivedBody(UnsafeRawBufferPointer(start: bytes, count: size * count))
            return size * count
        })
        callbacks.append(aih_curl_setopt_write(easy, CURLOPT_HEADERFUNCTION) { bytes, size, count, context in
            Transfer.from(context).receivedHeaderLine(UnsafeRawBufferPointer(start: bytes, count: size * count))
            return size * count
        })
        if let failure = callbacks.first(where: { $0 != CURLE_OK }) {
            throw HTTPError(curlCode: failure, detail: "")
        }
        lastActivity = .now
        return easy
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> Transfer {
        Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    }

    private func receivedBody(_ bytes: UnsafeRawBufferPointer) {
        lastActivity = .now
        deliverHeadIfNeeded()
        guard !bytes.isEmpty else { return }
        if rateWindowStart == nil { rateWindowStart = lastActivity }
        rateWindowBytes += bytes.count
        roundBytes += bytes.count
        pending.append(bytes.assumingMemoryBound(to: UInt8.self))
        if pending.count >= Self.deliveryBytes || lastActivity - lastDelivery >= request.deliveryInterval {
            flushBody(at: lastActivity)
        }
    }

    /// Held-back bytes go out once this many wait, whatever the interval: at full speed the
    /// consumer parses a piece while the next arrives instead of a whole interval's worth after it.
    static let deliveryBytes = 32 << 10

    /// A stream that trickles (a model sending token by token, under `trickleRate`) and holds
    /// bytes not due yet: the engine need not wake for each of its packets, the socket keeps
    /// them until the bytes held are due. Nil when the transfer must be watched.
    var trickleDeadline: ContinuousClock.Instant? {
        guard let recentRate, recentRate < Self.trickleRate else { return nil }
        return flushDeadline
    }

    /// Bytes per second below which a stream trickles: 1,000 tokens a second of OpenAI chunks
    /// are 0.3 MB/s; a stream at full speed from a local server is tens of MB/s.
    static let trickleRate = 1_000_000.0

    /// A fast stream that arrives in small pieces (a server writing each token as its own TCP
    /// segment): read in batches a moment apart rather than a wake-up per segment, each of
    /// which took the CPU from the parser (hundreds to over a thousand per 5,000-token answer).
    var batchDeadline: ContinuousClock.Instant? {
        guard let recentRate, recentRate >= Self.trickleRate, roundBytes > 0, roundBytes < Self.batchBytes else { return nil }
        return .now + Self.batchWait
    }

    /// A round that read less than this from a fast stream read a few segments only.
    static let batchBytes = 16 << 10
    static let batchWait = Duration.microseconds(700)

    /// Measures the rate at the start of each engine round.
    func startRound(at now: ContinuousClock.Instant = .now) {
        roundBytes = 0
        guard let start = rateWindowStart, now - start >= request.deliveryInterval else { return }
        let elapsed = now - start
        recentRate = Double(rateWindowBytes) / (elapsed / .seconds(1))
        rateWindowStart = now
        rateWindowBytes = 0
    }

    /// When held-back bytes must go out, if any are waiting.
    var flushDeadline: ContinuousClock.Instant? {
        pending.isEmpty ? nil : lastDelivery + request.deliveryInterval
    }

    /// Hands over the held-back bytes (the engine calls it when `flushDeadline` passes).
    func flushBody(at now: ContinuousClock.Instant = .now) {
        guard !pending.isEmpty else { return }
        lastDelivery = now
        continuation.yield(.body(pending))
        pending = Data()
    }

    /// curl hands over one raw header line at a time, CRLF included.
    private func receivedHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        lastActivity = .now
        guard !headDelivered else { return } // trailers of a chunked body
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A status line starts a new response: a "100 Continue" may come before the real one.
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            headerFields = []
        } else if line.isEmpty {
            if !(100..<200).contains(status) { deliverHeadIfNeeded() }
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headerFields.append((name, value))
        }
    }

    private func deliverHeadIfNeeded() {
        guard !headDelivered else { return }
        headDelivered = true
        if status == 0, let easy {
            var code = 0
            _ = aih_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
            status = code
        }
        continuation.yield(.head(HTTPResponseHead(status: status, fields: headerFields)))
        headerFields = []
    }

    /// curl finished the transfer with `code`.
    func complete(with code: CURLcode) {
        guard code == CURLE_OK else {
            fail(HTTPError(curlCode: code, detail: String(cString: errorBuffer)).redacting(request.secrets))
            return
        }
        guard !finished else { return }
        deliverHeadIfNeeded()
        flushBody()
        finished = true
        continuation.yield(.end)
        continuation.finish()
        releaseHandle()
    }

    /// Ends the stream with `error`; a stream its consumer already left ignores it.
    func fail(_ error: HTTPError) {
        guard !finished else { return }
        flushBody() // what arrived before the failure is the caller's partial answer
        finished = true
        continuation.finish(throwing: error)
        releaseHandle()
    }

    /// Only after the handle has left the multi handle.
    private func releaseHandle() {
        if let easy { aih_curl_easy_cleanup(easy) }
        easy = nil
        aih_curl_slist_free_all(headerList)
        headerList = nil
    }
}
