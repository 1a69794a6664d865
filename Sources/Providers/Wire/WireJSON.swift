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

        mutating func hex4() -> UInt32? { JSONStringBytes.hex4(bytes, at: &at) }

        func plainRunEnd(from start: Int) -> Int { JSONStringBytes.plainRunEnd(bytes, from: start) }

        /// A string whose opening quote is at `at`.
        mutating func readString() -> String? {
            at += 1
            return JSONStringBytes.read(bytes, at: &at, invalid: .replace)
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
