/// JSON strings (RFC 8259) read straight from UTF-8 bytes, for the readers that skip
/// JSONDecoder for speed: provider stream chunks (`WireJSON`) and conversation files
/// (`JSONCursor`). One place for the escapes and the surrogate rules.
public enum JSONStringBytes {
    /// What to do with text JSON can carry that is not Unicode: invalid UTF-8 and a lone
    /// surrogate escape (`\ud800`). A stream chunk replaces it with U+FFFD and goes on; a file
    /// reader rejects it, so that JSONDecoder reads the file again and says where.
    public enum Invalid: Sendable { case reject, replace }

    /// The string whose opening quote is just before `at`; leaves `at` past its closing quote.
    /// nil for an unterminated string, a control character (`at` left on it), a bad escape, or
    /// (with `.reject`) text that is not Unicode.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int, invalid: Invalid) -> String? {
        let start = at
        at = plainRunEnd(bytes, from: at)
        guard at < bytes.count else { return nil }
        if bytes[at] == quote {
            at += 1
            return text(UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)]), invalid)
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<at]))
        while at < bytes.count {
            let runEnd = plainRunEnd(bytes, from: at)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<runEnd]))
            at = runEnd
            guard at < bytes.count else { return nil }
            let b = bytes[at]
            guard b == quote || b == backslash else { return nil }  // a control character: `at` names it
            at += 1
            if b == quote { return out.withUnsafeBufferPointer { text($0, invalid) } }
            guard at < bytes.count else { return nil }
            let escaped = bytes[at]
            at += 1
            switch escaped {
            case quote, backslash, UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = unicodeEscape(bytes, at: &at, invalid: invalid) else { return nil }
                UTF8.encode(scalar) { out.append($0) }
            default: return nil
            }
        }
        return nil
    }

    /// From `start`, the index of the first byte that ends a string's plain run: a quote, a
    /// backslash or a control character (`bytes.count` if none). Eight bytes at a time:
    /// skipping the members a parser does not read is mostly this.
    @inlinable
    public static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= bytes.count {
            let x = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let quote = x ^ (ones &* 0x22), backslash = x ^ (ones &* 0x5C)
            // A zero byte in `quote` or `backslash`, or a byte under 0x20 in `x`; the lowest
            // flagged byte is exact (false flags only appear above a true one).
            let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (x &- ones &* 0x20) & ~x) & highs
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < bytes.count, bytes[i] != 0x22, bytes[i] != 0x5C, bytes[i] >= 0x20 { i += 1 }
        return i
    }

    /// Four hex digits at `at` (after `\u`), moving past them.
    @inlinable
    public static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
            at += 1
        }
        return value
    }

    /// The scalar of a `\u` escape whose digits start at `at`: a high surrogate takes the low
    /// one of the next escape with it.
    private static func unicodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int, invalid: Invalid) -> Unicode.Scalar? {
        guard let unit = hex4(bytes, at: &at) else { return nil }
        let lone: Unicode.Scalar? = invalid == .replace ? "\u{FFFD}" : nil
        guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) ?? lone }  // nil: a lone low one
        let afterHigh = at
        if at + 2 <= bytes.count, bytes[at] == backslash, bytes[at + 1] == UInt8(ascii: "u") {
            at += 2
            if let low = hex4(bytes, at: &at), (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
        }
        at = afterHigh  // what follows is read as itself
        return lone
    }

    private static func text(_ utf8: UnsafeBufferPointer<UInt8>, _ invalid: Invalid) -> String? {
        switch invalid {
        case .reject: return String(validating: utf8, as: UTF8.self)
        case .replace: return String(decoding: utf8, as: UTF8.self)
        }
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
}
