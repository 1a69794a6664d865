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
    /// A 401 that libcurl answers itself with the credentials (`HTTPRequest.credentials`): its
    /// head and body are not the response; the next status line starts the real one.
    private var challengeSeen = false
    private var inChallenge = false
    private var finished = false
    /// When a byte last came in (or the transfer started), for the idle timeout.
    private(set) var lastActivity = ContinuousClock.now
    /// When body bytes go out and when the engine must read again.
    var pacer: DeliveryPacer

    init(request: HTTPRequest, continuation: AsyncThrowingStream<HTTPEvent, Error>.Continuation) {
        self.request = request
        self.continuation = continuation
        pacer = DeliveryPacer(interval: request.deliveryInterval)
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
        if inChallenge { return }
        deliverHeadIfNeeded()
        guard !bytes.isEmpty, let piece = pacer.take(bytes, at: lastActivity) else { return }
        continuation.yield(.body(piece))
    }

    /// Hands over the held-back bytes (the engine calls it when `pacer.flushDeadline` passes).
    func flushBody(at now: ContinuousClock.Instant = .now) {
        if let piece = pacer.takePending(at: now) { continuation.yield(.body(piece)) }
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
            inChallenge = false
        } else if line.isEmpty {
            if status == 401, request.credentials != nil, !challengeSeen {
                // The first 401 of a transfer with credentials: libcurl sends the request
                // again with them (Basic/Digest negotiation). If it does not, `complete`
                // delivers this head.
                challengeSeen = true
                inChallenge = true
            } else if !(100..<200).contains(status) {
                deliverHeadIfNeeded()
            }
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
