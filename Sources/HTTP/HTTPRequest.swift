import Foundation

/// One HTTP request for `HTTPEngine`.
public struct HTTPRequest: Sendable {
    public var url: String
    /// "GET", "POST", ... Defaults to POST when there is a body, GET when there is none.
    public var method: String
    /// Sent in this order; a name may repeat. CR, LF and NUL are removed from names and
    /// values so untrusted text cannot add header lines.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// Seconds to wait for the TCP (and TLS) connection.
    public var connectTimeout: TimeInterval
    /// Seconds without a single byte from the server before the transfer fails with
    /// `.idleTimeout`. A stream may run for minutes as long as it keeps talking.
    public var idleTimeout: TimeInterval
    /// Seconds for the whole transfer, if limited; nil lets a live stream run as long as it talks.
    public var totalTimeout: TimeInterval?
    /// Body bytes that arrive within this interval of the last delivery are handed over together
    /// (the first bytes after a pause go at once; 32 KB waiting go at once too). A model streaming 1,000 tokens a second
    /// sends each in its own packet; passing each on alone cost a thread hand-off per token.
    /// Zero delivers every chunk as it comes.
    public var deliveryInterval: Duration = .milliseconds(8)
    /// A user and password that libcurl answers the server's challenge with (CalDAV/CardDAV);
    /// the password is one of `secrets`, so it never shows in an error.
    public var credentials: HTTPCredentials?

    public init(
        url: String,
        method: String? = nil,
        headers: [(name: String, value: String)] = [],
        body: Data? = nil,
        connectTimeout: TimeInterval = 15,
        idleTimeout: TimeInterval = 60,
        totalTimeout: TimeInterval? = nil
    ) {
        self.url = url
        self.method = method ?? (body == nil ? "GET" : "POST")
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
    }

    /// The headers as curl wants them: "Name: value" lines.
    var headerLines: [String] {
        headers.map { name, value in
            let name = Self.stripLineBreaks(name)
            let value = Self.stripLineBreaks(value)
            // "Name:" alone tells curl to drop the header; "Name;" sends it with an empty value.
            return value.isEmpty ? "\(name);" : "\(name): \(value)"
        }
    }

    /// Text that must never show in an error message or a log: the URL's query and
    /// credentials (Gemini takes `?key=`) and the header values (API keys travel there).
    /// Header and query values under 8 characters are left alone: no key is that short, and cutting "0" or
    /// "true" out of a message would garble it.
    var secrets: [String] {
        var candidates = headers.map(\.value)
        var whole: [String] = []
        if let components = URLComponents(string: url) {
            whole = [components.percentEncodedQuery, components.query,
                     components.percentEncodedUser, components.percentEncodedPassword].compactMap { $0 }
            candidates += (components.queryItems ?? []).compactMap(\.value)
        } else if let question = url.firstIndex(of: "?") {
            whole = [String(url[url.index(after: question)...])]
        }
        // A password is cut out whatever its length past 3 (shorter would garble every message).
        let password = credentials.map { [$0.password] }?.filter { $0.count >= 4 } ?? []
        return whole.filter { !$0.isEmpty } + candidates.filter { $0.count >= 8 } + password
    }

    private static func stripLineBreaks(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
    }
}

/// HTTP authentication done by libcurl (CURLOPT_HTTPAUTH, USERNAME, PASSWORD).
public struct HTTPCredentials: Sendable, Equatable {
    public enum Scheme: Sendable, Equatable {
        /// Sent with the first request (one round trip); only over HTTPS or to loopback.
        case basic
        case digest
        /// The request goes out once without credentials, and libcurl answers the server's
        /// 401 with whichever of Basic and Digest it offers (two round trips each time).
        case basicOrDigest
    }

    public var user: String
    public var password: String
    public var scheme: Scheme

    public init(user: String, password: String, scheme: Scheme = .basicOrDigest) {
        self.user = user; self.password = password; self.scheme = scheme
    }
}
