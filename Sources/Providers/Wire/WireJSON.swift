import Foundation
import Core

/// A small, strict JSON reader for streamed provider chunks.
///
/// `JSONValue(parsing:)` goes through `JSONDecoder` and a cascade of failed decodes per node,
/// which costs tens of microseconds per chunk; a stream of thousands of chunks a second needs
/// less. This reads UTF-8 bytes once. It accepts exactly RFC 8259 JSON (one value, surrounded
/// by optional whitespace) and returns nil for anything else.
public enum WireJSON {
    public static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { buffer in
            var reader = Reader(bytes: buffer)
            reader.skipSpace()
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            // (An explicit Optional: a bare `nil` here would become JSONValue.null.)
            return reader.at == buffer.count ? Optional(value) : Optional<JSONValue>.none
        }
    }

    /// Compact JSON text for a request body (keys sorted, so bodies are stable for tests).
    public static func text(_ value: JSONValue) -> String { value.jsonText }

    /// Reads RFC 8259 JSON from UTF-8 bytes; `WireJSONScanner.swift` adds walking it member
    /// by member without building it.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        /// How deep a walk is (objects and arrays entered by `beginObject` / `beginArray`).
        var level = 0
        /// An object or array was just entered: no separator before its first item.
        var justOpened = false
        /// A walk met text that is not JSON; everything read after that is void.
        var failed = false

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        @inline(__always)
        mutating func skipSpace() {
            // Nearly always zero or one byte (a space after ":" or ","): the loop stays inline.
            while at < bytes.count {
                let b = bytes[at]
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { at += 1 } else { break }
            }
        }

        mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
            skipLiteral(word) ? value : nil
        }

        mutating func skipLiteral(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count, memcmp(bytes.baseAddress! + at, word.utf8Start, count) == 0 else { return false }
            at += count
            return true
        }

        /// From `at`, the index of the first byte that ends a string's plain run: a quote, a
        /// backslash or a control character (`bytes.count` if none). Eight bytes at a time:
        /// skipping the members a parser does not read is mostly this.
        @inline(__always)
        func plainRunEnd(from start: Int) -> Int {
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

        mutating func value(depth: Int) -> JSONValue? {
            guard depth < 256, at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return readString().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func object(depth: Int) -> JSONValue? {
            at += 1
            var result: [String: JSONValue] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(result) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = readString() else { return nil }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                skipSpace()
                guard let v = value(depth: depth + 1) else { return nil }
                result[key] = v
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(result) }
                return nil
            }
        }

        mutating func array(depth: Int) -> JSONValue? {
            at += 1
            var result: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(result) }
            while true {
                skipSpace()
                guard let v = value(depth: depth + 1) else { return nil }
                result.append(v)
                skipSpace()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(result) }
                return nil
            }
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[at]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: return nil
                }
                v = v << 4 | d
                at += 1
            }
            return v
        }

        mutating func readString() -> String? {
            at += 1
            let start = at
            at = plainRunEnd(from: at)
            // Fast path: no escapes.
            while at < bytes.count {
                let b = bytes[at]
                if b == UInt8(ascii: "\"") {
                    let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
                    at += 1
                    return s
                }
                if b == UInt8(ascii: "\\") { break }
                if b < 0x20 { return nil }
                at += 1
            }
            var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<at]))
            while at < bytes.count {
                let b = bytes[at]
                if b == UInt8(ascii: "\"") {
                    at += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if b < 0x20 { return nil }
                if b != UInt8(ascii: "\\") { out.append(b); at += 1; continue }
                at += 1
                guard at < bytes.count else { return nil }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by \u and a low one; a lone one becomes U+FFFD.
                        if at + 6 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                            let save = at
                            at += 2
                            if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            } else { at = save; scalar = 0xFFFD }
                        } else { scalar = 0xFFFD }
                    } else if (0xDC00...0xDFFF).contains(scalar) { scalar = 0xFFFD }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: return nil
                }
            }
            return nil
        }

        mutating func number() -> JSONValue? {
            let start = at
            guard scanNumber() else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
            return Double(text).map(JSONValue.number)
        }

        /// Steps over a number, checking its grammar.
        mutating func scanNumber() -> Bool {
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            let firstDigit = at
            var digits = 0
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1; digits += 1 }
            guard digits > 0, !(digits > 1 && bytes[firstDigit] == UInt8(ascii: "0")) else { return false }   // no leading zeros
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                var frac = 0
                while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1; frac += 1 }
                guard frac > 0 else { return false }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                var exp = 0
                while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1; exp += 1 }
                guard exp > 0 else { return false }
            }
            return true
        }
    }
}

extension JSONValue {
    /// A string, or nil for a missing value, JSON null or any other type.
    var nonNullString: String? { stringValue }
    /// A non-empty string, or nil.
    var nonEmptyString: String? {
        guard let s = stringValue, !s.isEmpty else { return nil }
        return s
    }
    var isNull: Bool { if case .null = self { return true }; return false }
}
