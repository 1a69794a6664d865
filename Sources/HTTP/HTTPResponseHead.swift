import Foundation

/// The status and headers of a response, delivered before its body.
public struct HTTPResponseHead: Sendable, Equatable {
    public var status: Int
    /// Header names are lowercased; a repeated header's values are joined with ", ".
    public var headers: [String: String]

    public init(status: Int, headers: [String: String] = [:]) {
        self.init(status: status, fields: headers.map { ($0.key, $0.value) })
    }

    /// Header fields in the order received; names may repeat.
    init(status: Int, fields: [(name: String, value: String)]) {
        self.status = status
        self.headers = Dictionary(fields.map { ($0.name.lowercased(), $0.value) }) { first, second in
            "\(first), \(second)"
        }
    }

    /// The header's value, looked up without regard to case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// How long the server asked us to wait (429, 503, 529), from `Retry-After`.
    public var retryAfter: TimeInterval? {
        retryAfter(now: Date())
    }

    /// `Retry-After` is either delay-seconds or an HTTP-date; a date in the past means now.
    public func retryAfter(now: Date) -> TimeInterval? {
        guard let value = header("retry-after")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return TimeInterval(value)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// HTTP-date parsing (RFC 9110 §5.6.7): the IMF-fixdate form and the two obsolete forms
/// recipients must still accept.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", // Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz", // Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy", // Sun Nov  6 08:49:37 1994
    ]

    static func parse(_ text: String) -> Date? {
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}
