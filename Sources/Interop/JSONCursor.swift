import Foundation
import Core

/// A forward reader over JSON bytes for files whose shape is known (`ConversationJSONReader`):
/// values are built only as asked for, without Codable's containers. Every method returns nil
/// or false at the first thing it does not expect; the caller then reads the file again with
/// JSONDecoder, which says what and where.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
    }

    mutating func space() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        space()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// At the end, with only white space left.
    mutating func atEnd() -> Bool { space(); return at == bytes.count }

    /// Consumes `null` if it is next.
    mutating func null() -> Bool {
        space()
        guard at + 4 <= bytes.count, bytes[at] == UInt8(ascii: "n"), bytes[at + 1] == UInt8(ascii: "u"),
              bytes[at + 2] == UInt8(ascii: "l"), bytes[at + 3] == UInt8(ascii: "l") else { return false }
        at += 4
        return true
    }

    mutating func bool() -> Bool? {
        space()
        if bytes[at...].starts(with: "true".utf8) { at += 4; return true }
        if bytes[at...].starts(with: "false".utf8) { at += 5; return false }
        return nil
    }

    /// A string; nil for invalid UTF-8 or escapes, control characters, or no string.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        return JSONStringBytes.read(bytes, at: &at, invalid: .reject)
    }

    /// The text of a number, as JSON writes one.
    private mutating func numberText() -> Substring? {
        space()
        let start = at
        while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
        guard at > start else { return nil }
        return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
    }

    /// An integer written as one (no fraction or exponent).
    mutating func int64() -> Int64? {
        guard let text = numberText(), !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        return Int64(text)
    }

    mutating func double() -> Double? { numberText().flatMap { Double($0) } }

    /// Skips any value.
    mutating func skip(depth: Int = 0) -> Bool {
        space()
        guard at < bytes.count, depth < 64 else { return false }
        switch bytes[at] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return object { cursor, _ in cursor.skip(depth: depth + 1) }
        case UInt8(ascii: "["): return array { $0.skip(depth: depth + 1) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return null()
        default: return double() != nil
        }
    }

    /// An object: `member` reads the value of each key (and returns false to stop).
    mutating func object(_ member: (inout JSONCursor, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array: `element` reads each value (and returns false to stop).
    mutating func array(_ element: (inout JSONCursor) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }
}
