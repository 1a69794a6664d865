import Foundation
import Core

/// Reads how long a server asks us to wait.
public enum RetryAfter {
    /// `Retry-After` as seconds ("120", "1.5") or an HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT",
    /// also the obsolete RFC 850 and asctime forms). A date in the past means 0. Nil when unreadable.
    public static func parse(_ value: String, now: Date = Date()) -> Double? {
        let v = value.trimmingCharacters(in: .whitespaces)
        guard !v.isEmpty else { return nil }
        if let seconds = Double(v) { return seconds.isFinite && seconds >= 0 ? seconds : nil }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "GMT")
            f.dateFormat = format
            if let date = f.date(from: v) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    /// The wait from response headers (names in any case): `retry-after-ms` (OpenAI) first, then `retry-after`.
    public static func from(headers: [String: String], now: Date = Date()) -> Double? {
        var lower: [String: String] = [:]
        for (k, v) in headers { lower[k.lowercased()] = v }
        if let ms = lower["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), ms >= 0 {
            return ms / 1000
        }
        return lower["retry-after"].flatMap { parse($0, now: now) }
    }

    /// Gemini's `google.rpc.RetryInfo` detail in an error body: `"retryDelay": "37s"`.
    static func fromGoogleDetails(_ error: JSONValue?) -> Double? {
        for detail in error?["details"]?.arrayValue ?? [] {
            guard let delay = detail["retryDelay"]?.stringValue, delay.hasSuffix("s") else { continue }
            if let s = Double(delay.dropLast()) { return s }
        }
        return nil
    }
}

/// Removes secrets from text that came back from a provider (OpenAI echoes a masked key in
/// its 401 message) before it reaches the screen, a log or the database.
public enum Redactor {
    private static let patterns: [NSRegularExpression] = [
        #"sk-[A-Za-z0-9_\-\*\.]{6,}"#,          // OpenAI, Anthropic (sk-ant-...), OpenRouter (sk-or-...)
        #"AIza[0-9A-Za-z_\-]{20,}"#,            // Google API keys
        #"(?i)bearer\s+[A-Za-z0-9_\-\.\*=]+"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    public static func redact(_ text: String, key: String? = nil) -> String {
        var out = text
        if let key, key.count >= 4 { out = out.replacingOccurrences(of: key, with: "[redacted]") }
        for p in patterns {
            out = p.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "[redacted]")
        }
        return out
    }
}
