import Foundation
import HTTP

/// How often and how long a DAV request is tried again after 429, 503 or another 5xx.
public struct DAVRetryPolicy: Sendable {
    /// Tries in all, the first included.
    public var attempts: Int
    /// The longest wait between tries, whatever Retry-After says.
    public var maxWait: TimeInterval
    /// The wait when the server gives no Retry-After (doubled at each try, up to `maxWait`).
    public var baseWait: TimeInterval

    public init(attempts: Int = 3, maxWait: TimeInterval = 30, baseWait: TimeInterval = 1) {
        self.attempts = attempts; self.maxWait = maxWait; self.baseWait = baseWait
    }

    public static let standard = DAVRetryPolicy()
}

/// One answer from the server, after redirects and retries.
public struct DAVAnswer: Sendable {
    public var status: Int
    public var head: HTTPResponseHead
    public var body: Data
    /// The URL that answered (another than asked after a redirect).
    public var url: String
}

/// Sends DAV requests through the libcurl engine: credentials, the redirect rule (the same
/// scheme, host and port, or a host the user allowed), bounded retries on 429/5xx.
struct DAVTransport: Sendable {
    let credentials: HTTPCredentials
    /// The scheme in use when the caller left it to us (see `AuthScheme`).
    let scheme: AuthScheme
    let allowedRedirectHosts: Set<String>
    let retry: DAVRetryPolicy
    let engine: HTTPEngine
    static let maxRedirects = 5

    /// `noRetry`: statuses handed back at once although 5xx (a status the caller has a use for).
    func send(_ method: String, _ url: String, headers: [(name: String, value: String)] = [], body: Data? = nil,
              noRetry: Set<Int> = [], maxBytes: Int = 128 << 20) async throws -> DAVAnswer {
        var target = url
        for _ in 0...Self.maxRedirects {
            let answer = try await sendWithRetries(method, target, headers: headers, body: body, noRetry: noRetry, maxBytes: maxBytes)
            guard [301, 302, 303, 307, 308].contains(answer.status) else { return answer }
            target = try redirectTarget(from: target, answer.head)
        }
        throw SyncError.unreachable("\(Self.display(url)) redirects too many times")
    }

    private func sendWithRetries(_ method: String, _ url: String, headers: [(name: String, value: String)], body: Data?,
                                 noRetry: Set<Int>, maxBytes: Int) async throws -> DAVAnswer {
        // A server builds a listing whole before its first byte: Radicale takes over 60 s for
        // 50,000 items it has not read yet (docs/sync.md, Tested against).
        let idle: Double = method == "REPORT" || method == "PROPFIND" ? 600 : 60
        var request = HTTPRequest(url: url, method: method, headers: headers, body: body, connectTimeout: 15, idleTimeout: idle)
        request.deliveryInterval = .zero
        var attempt = 1
        while true {
            let scheme = scheme.current
            request.credentials = HTTPCredentials(user: credentials.user, password: credentials.password, scheme: scheme)
            let head: HTTPResponseHead
            let data: Data
            do {
                (head, data) = try await engine.data(request, maxBytes: maxBytes)
            } catch let error as HTTPError {
                if error.kind == .cancelled { throw CancellationError() }
                throw SyncError.unreachable("\(Self.display(url)): \(error.message)")
            }
            if head.status == 401, self.scheme.fallBack(from: scheme) { continue }  // not an attempt: the same request, negotiated
            let retryable = !noRetry.contains(head.status) && (head.status == 429 || (500..<600).contains(head.status) && head.status != 501)
            guard retryable, attempt < retry.attempts else {
                if retryable {
                    throw SyncError.unreachable("\(Self.display(url)) answered HTTP \(head.status) \(retry.attempts) times")
                }
                return DAVAnswer(status: head.status, head: head, body: data, url: url)
            }
            let asked = head.retryAfter ?? retry.baseWait * Double(1 << (attempt - 1))
            try await Task.sleep(for: .seconds(min(max(0, asked), retry.maxWait)))
            attempt += 1
        }
    }

    /// Where a redirect points: the same origin, http → https on the same host, or a host the
    /// user allowed (the password goes along).
    private func redirectTarget(from url: String, _ head: HTTPResponseHead) throws -> String {
        switch HTTPRedirect.verdict(head, from: url, allowUpgrade: true, allowedHosts: allowedRedirectHosts) {
        case .follow(let target):
            return target
        case .noLocation:
            throw SyncError.malformed(href: nil, "\(Self.display(url)) answered HTTP \(head.status) without a usable Location")
        case .otherHost(let target):
            throw SyncError.redirectRefused("\(Self.display(url)) redirects to another host (\(Self.display(target))); "
                + "refused so the password is not sent there. Add that host to allow_redirect_hosts if you trust it")
        }
    }

    /// A URL as shown in messages: scheme, host, port and path, never a user or password.
    static func display(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "the server" }
        components.user = nil
        components.password = nil
        components.query = nil
        return components.string ?? "the server"
    }
}

/// Which authentication scheme requests go with. Left to us, the password goes with the first
/// request (Basic: one round trip instead of two) where that is safe — HTTPS or loopback —
/// and after a 401 to that, libcurl negotiates Basic or Digest from the server's challenge for
/// the rest of the client's life. Over plain HTTP to another host it always negotiates.
final class AuthScheme: @unchecked Sendable {
    private let lock = NSLock()
    private var scheme: HTTPCredentials.Scheme
    private let adapts: Bool

    init(chosen: HTTPCredentials.Scheme?, url: String) {
        let components = URLComponents(string: url)
        let host = components?.host?.lowercased() ?? ""
        let safe = components?.scheme?.lowercased() == "https" || ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        scheme = chosen ?? (safe ? .basic : .basicOrDigest)
        adapts = chosen == nil && safe
    }

    var current: HTTPCredentials.Scheme { lock.withLock { scheme } }

    /// After a 401 to preemptive Basic: negotiate from now on; true when that changed anything.
    func fallBack(from used: HTTPCredentials.Scheme) -> Bool {
        lock.withLock {
            guard adapts, used == .basic, scheme == .basic else { return false }
            scheme = .basicOrDigest
            return true
        }
    }
}
