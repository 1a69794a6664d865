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
    /// credentials (Gemini takes `?key=`) and every header value (API keys travel there).
    var secrets: [String] {
        var secrets = headers.map(\.value)
        if let components = URLComponents(string: url) {
            secrets += [components.percentEncodedQuery, components.percentEncodedUser,
                        components.percentEncodedPassword, components.query].compactMap { $0 }
            secrets += (components.queryItems ?? []).compactMap(\.value)
        } else if let question = url.firstIndex(of: "?") {
            secrets.append(String(url[url.index(after: question)...]))
        }
        return secrets.filter { !$0.isEmpty }
    }

    private static func stripLineBreaks(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
    }
}
