import Foundation

/// Byte-level string checks for text that grows at its end.
public enum UTF8Bytes {
    /// True when the UTF-8 bytes of `text` begin with those of `prefix` (one memcmp).
    public static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        var text = text, prefix = prefix
        let n = prefix.utf8.count
        guard text.utf8.count >= n else { return false }
        guard n > 0 else { return true }
        return text.withUTF8 { t in prefix.withUTF8 { p in memcmp(t.baseAddress!, p.baseAddress!, n) == 0 } }
    }
}
