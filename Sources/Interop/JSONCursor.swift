import Foundation

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
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 { at += 1 }
        guard at < bytes.count else { return nil }
        if bytes[at] == UInt8(ascii: "\"") {
            at += 1
            return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)]), as: UTF8.self)
        }
        guard bytes[at] == UInt8(ascii: "\\") else { return nil }
        var out = Array(bytes[start..<at])
        while at < bytes.count {
            let b = bytes[at]
            switch b {
            case UInt8(ascii: "\""):
                at += 1
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at + 1 < bytes.count else { return nil }
                let e = bytes[at + 1]
                at += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {  // a surrogate pair
                        guard bytes[at...].starts(with: #"\u"#.utf8) else { return nil }
                        at += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: String(Character(unicode)).utf8)
                default: return nil
                }
            default:
                guard b >= 0x20 else { return nil }
                out.append(b)
                at += 1
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value * 16 + UInt32(digit)
            at += 1
        }
        return value
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
