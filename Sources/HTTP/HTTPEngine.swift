import CCurl
import Foundation

/// What a streaming transfer delivers, in order: one `head`, any number of `body` chunks
/// exactly as they came off the socket, then `end` — or an `HTTPError` in their place.
public enum HTTPEvent: Sendable, Equatable {
    case head(HTTPResponseHead)
    case body(Data)
    case end
}

/// Runs HTTP transfers on one background thread (a libcurl multi handle), many at once,
/// without ever blocking the caller.
///
/// Proxies: libcurl reads `http_proxy`, `https_proxy` (or `HTTPS_PROXY`), `all_proxy` and
/// `no_proxy` by itself (the uppercase `HTTP_PROXY` is ignored on purpose: CGI "httpoxy");
/// loopback addresses never go through a proxy, so local model servers always work.
/// Certificates come from the system store, or from `CURL_CA_BUNDLE` / `SSL_CERT_FILE`.
/// Redirects are not followed. Compression is not asked for, so chunks are never held back.
public final class HTTPEngine: Sendable {
    /// One engine is enough for the whole app.
    public static let shared = HTTPEngine()

    /// nil when libcurl could not be loaded; `unavailable` then says why.
    private let loop: TransferLoop?
    private let unavailable: String?

    /// Loads libcurl (see CCurl.h); without it every transfer fails with a message saying
    /// what to install, and the app goes on.
    public init() {
        if let problem = aih_curl_load() {
            unavailable = String(cString: problem)
            loop = nil
        } else {
            unavailable = nil
            loop = TransferLoop()
        }
    }

    /// A released engine lets its running transfers finish, then its thread ends.
    deinit {
        loop?.stopWhenIdle()
    }

    /// Starts `request` and streams its response. Ending the iteration early (cancelling the
    /// consuming task, or `break`) aborts the transfer and closes its connection.
    public func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPEvent, Error> {
        AsyncThrowingStream { continuation in
            guard let loop else {
                continuation.finish(throwing: HTTPError(kind: .other, message: unavailable ?? "libcurl is not available"))
                return
            }
            let transfer = Transfer(request: request, continuation: continuation)
            continuation.onTermination = { [loop] termination in
                if case .cancelled = termination { loop.cancel(transfer) }
            }
            loop.submit(transfer)
        }
    }

    /// The whole response at once, for short calls (key checks, model lists). Throws
    /// `.other` when the body grows past `maxBytes`, `.cancelled` when the task is cancelled.
    public func data(_ request: HTTPRequest, maxBytes: Int = 32 << 20) async throws -> (HTTPResponseHead, Data) {
        var head: HTTPResponseHead?
        var body = Data()
        for try await event in stream(request) {
            switch event {
            case .head(let received):
                head = received
            case .body(let chunk):
                body.append(chunk)
                if body.count > maxBytes {
                    throw HTTPError(kind: .other, message: "The response is larger than \(maxBytes) bytes")
                }
            case .end:
                if let head { return (head, body) }
            }
        }
        // The stream stops without `.end` (and without an error) only when this task was cancelled.
        throw HTTPError.cancelled
    }

    /// Transfers currently in the multi handle (for tests of cancellation).
    var activeTransferCount: Int {
        loop?.activeCount.load(ordering: .relaxed) ?? 0
    }
}
