import Core
#if canImport(Glibc)
import Glibc
#endif

/// Reading JSON member by member, without building it.
///
/// A streamed chunk carries a dozen members a parser never looks at (`id`, `model`,
/// `created`, `logprobs`, …); building them all as `JSONValue` dictionaries was most of the
/// cost of a token at full speed (docs/performance.md). The reader walks the text instead:
///
///     guard reader.beginObject() else { … }
///     while let key = reader.nextKey() {
///         switch key {
///         case "content": content = reader.string()
///         default: reader.skipValue()
///         }
///     }
///
/// Every key must be followed by exactly one read of its value (`string`, `int`, `value`,
/// `skipValue`, or a nested `beginObject` / `beginArray` walked to its end). What is skipped is
/// still checked, so a walk accepts exactly the texts `WireJSON.parse` accepts; a failure
/// sets `failed`, after which every read returns nil.
extension WireJSON {
    /// Walks `text` with a reader, then checks that nothing but white space follows what was read.
    /// Nil when the walk failed or left the text unfinished.
    static func walk<T>(_ text: String, _ body: (inout Reader) -> T) -> T? {
        var text = text
        return text.withUTF8 { walk($0, body) }
    }

    /// `walk` over UTF-8 bytes.
    static func walk<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout Reader) -> T) -> T? {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let result = body(&reader)
        return reader.isAtEnd ? result : nil
    }

    /// An object member's key, compared against literals without making a String.
    struct Key {
        fileprivate let raw: UnsafeBufferPointer<UInt8>
        /// Set only when the key held escapes.
        fileprivate let decoded: String?

        static func ~= (pattern: StaticString, key: Key) -> Bool {
            let literal = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
            if let decoded = key.decoded { return decoded.utf8.elementsEqual(literal) }
            return key.raw.count == literal.count && (literal.isEmpty || memcmp(key.raw.baseAddress!, literal.baseAddress!, literal.count) == 0)
        }
    }
}

extension WireJSON.Reader {
    private static let quote = UInt8(ascii: "\"")

    @inline(__always)
    private var current: UInt8? { !failed && at < bytes.count ? bytes[at] : nil }

    /// Enters the object here. False, reading nothing, when the value here is not an object.
    mutating func beginObject() -> Bool { begin(UInt8(ascii: "{")) }

    /// Enters the array here. False, reading nothing, when the value here is not an array.
    mutating func beginArray() -> Bool { begin(UInt8(ascii: "[")) }

    /// The next member's key, with the reader at its value; nil at the end of the object.
    mutating func nextKey() -> WireJSON.Key? {
        guard next(close: UInt8(ascii: "}")) else { return nil }
        guard current == Self.quote, let key = key() else { return fail() }
        skipSpace()
        guard current == UInt8(ascii: ":") else { return fail() }
        at += 1
        skipSpace()
        return key
    }

    /// Moves to the next element of the array; false at its end.
    mutating func nextElement() -> Bool { next(close: UInt8(ascii: "]")) }

    /// The string here, or nil (the value skipped) for any other value.
    mutating func string() -> String? {
        guard current == Self.quote else { skipValue(); return nil }
        guard let s = readString() else { return fail() }
        return s
    }

    /// The number here as an Int (truncated), or nil (the value skipped) for any other value.
    mutating func int() -> Int? {
        guard let c = current, c == UInt8(ascii: "-") || (0x30...0x39).contains(c) else { skipValue(); return nil }
        let start = at
        guard scanNumber() else { return fail() }
        // Plain integers (nearly all of them) without making a String and calling strtod.
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? start + 1 : start)..<at])
        if digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }) {
            let magnitude = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        return Double(text).flatMap { Int(exactly: $0.rounded(.towardZero)) }
    }

    /// The whole value here, built.
    mutating func value() -> JSONValue? {
        guard !failed else { return nil }
        guard let v = value(depth: level) else { return fail() }
        return v
    }

    /// Nothing but white space is left, and nothing failed.
    var isAtEnd: Bool {
        mutating get {
            skipSpace()
            return !failed && at == bytes.count
        }
    }

    /// The value here is `null` (not read).
    var isNull: Bool { current == UInt8(ascii: "n") }

    /// Steps over the value here, checking it, building nothing.
    mutating func skipValue() {
        switch current {
        case UInt8(ascii: "{")?:
            _ = beginObject()
            while nextKey() != nil { skipValue() }
        case UInt8(ascii: "[")?:
            _ = beginArray()
            while nextElement() { skipValue() }
        case Self.quote?: if !skipString() { failed = true }
        case UInt8(ascii: "t")?: if !skipLiteral("true") { failed = true }
        case UInt8(ascii: "f")?: if !skipLiteral("false") { failed = true }
        case UInt8(ascii: "n")?: if !skipLiteral("null") { failed = true }
        case .some: if !scanNumber() { failed = true }
        case nil: failed = true
        }
    }

    // MARK: -

    private mutating func fail<T>() -> T? {
        failed = true
        return nil
    }

    private mutating func begin(_ open: UInt8) -> Bool {
        guard current == open else { return false }
        guard level < 255 else { failed = true; return false }
        at += 1
        level += 1
        justOpened = true
        skipSpace()
        return true
    }

    /// Past the separator before the next item, or past `close` (false).
    @inline(__always)
    private mutating func next(close: UInt8) -> Bool {
        guard !failed else { return false }
        skipSpace()
        let first = justOpened
        justOpened = false
        guard let c = current else { failed = true; return false }
        if c == close { at += 1; level -= 1; return false }
        if !first {
            guard c == UInt8(ascii: ",") else { failed = true; return false }
            at += 1
            skipSpace()
        }
        if current == nil || current == close { failed = true; return false }
        return true
    }

    @inline(__always)
    private mutating func key() -> WireJSON.Key? {
        let start = at + 1
        let i = plainRunEnd(from: start)
        if i < bytes.count, bytes[i] == Self.quote {
            at = i + 1
            return WireJSON.Key(raw: UnsafeBufferPointer(rebasing: bytes[start..<i]), decoded: nil)
        }
        guard let decoded = readString() else { return nil }
        return WireJSON.Key(raw: UnsafeBufferPointer(rebasing: bytes[start..<start]), decoded: decoded)
    }

    private mutating func skipString() -> Bool {
        at += 1
        while at < bytes.count {
            at = plainRunEnd(from: at)
            guard at < bytes.count else { return false }
            let b = bytes[at]
            at += 1
            if b == Self.quote { return true }
            if b < 0x20 { return false }
            guard b == UInt8(ascii: "\\") else { continue }
            guard at < bytes.count else { return false }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): continue
            case UInt8(ascii: "u"): guard hex4() != nil else { return false }
            default: return false
            }
        }
        return false
    }
}
