import Core

/// Reading a JSON object member by member, without building it.
///
/// A streamed chunk carries a dozen members a parser never looks at (`id`, `model`,
/// `created`, `logprobs`, …); building them all as `JSONValue` dictionaries was most of the
/// cost of a token at full speed (docs/performance.md). A scan hands each member's key and
/// the reader, at its value, to the caller, which reads what it wants (`string()`, `int()`,
/// `value()`, nested `members` / `elements`); what it leaves is skipped, still checked, so
/// a scan accepts exactly the texts `WireJSON.parse` accepts.
extension WireJSON {
    /// Scans `text`, which must be one JSON object. False when it is not valid JSON or not an object.
    static func scanObject(_ text: String, _ member: (Key, inout Reader) -> Void) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var reader = Reader(bytes: buffer)
            reader.skipSpace()
            guard reader.members(member) else { return false }
            reader.skipSpace()
            return reader.at == buffer.count
        }
    }

    /// An object member's key, compared against literals without making a String.
    struct Key {
        fileprivate let raw: UnsafeBufferPointer<UInt8>
        /// Set only when the key held escapes.
        fileprivate let decoded: String?

        static func ~= (pattern: StaticString, key: Key) -> Bool {
            let literal = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
            if let decoded = key.decoded { return decoded.utf8.elementsEqual(literal) }
            return key.raw.elementsEqual(literal)
        }
    }
}

extension WireJSON.Reader {
    private static let quote = UInt8(ascii: "\"")

    /// Visits the members of the object at the reader; false (nothing read) when no object is
    /// here, false with `failed` set when the object is not valid JSON.
    @discardableResult
    mutating func members(_ body: (WireJSON.Key, inout Self) -> Void) -> Bool {
        guard !failed, at < bytes.count, bytes[at] == UInt8(ascii: "{") else { return false }
        return container(close: UInt8(ascii: "}")) { reader in
            guard reader.at < reader.bytes.count, reader.bytes[reader.at] == Self.quote, let key = reader.key() else { return false }
            reader.skipSpace()
            guard reader.at < reader.bytes.count, reader.bytes[reader.at] == UInt8(ascii: ":") else { return false }
            reader.at += 1
            reader.skipSpace()
            return reader.visit { body(key, &$0) }
        }
    }

    /// Visits the elements of the array at the reader, like `members`.
    @discardableResult
    mutating func elements(_ body: (inout Self) -> Void) -> Bool {
        guard !failed, at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return false }
        return container(close: UInt8(ascii: "]")) { $0.visit(body) }
    }

    /// The string here, read; nil (nothing read) for any other value.
    mutating func string() -> String? {
        guard !failed, at < bytes.count, bytes[at] == Self.quote else { return nil }
        guard let s = readString() else { failed = true; return nil }
        return s
    }

    /// The number here as an Int, read; nil (nothing read) for any other value.
    mutating func int() -> Int? {
        guard !failed, at < bytes.count, bytes[at] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[at]) else { return nil }
        guard case .number(let n)? = number() else { failed = true; return nil }
        return Int(exactly: n.rounded(.towardZero))
    }

    /// The whole value here, built.
    mutating func value() -> JSONValue? {
        guard !failed else { return nil }
        guard let v = value(depth: level) else { failed = true; return nil }
        return v
    }

    /// `null` here.
    var isNull: Bool { !failed && at < bytes.count && bytes[at] == UInt8(ascii: "n") }

    // MARK: -

    /// The items of an object or array, `item` reading one and its separators handled here.
    private mutating func container(close: UInt8, item: (inout Self) -> Bool) -> Bool {
        guard level < 255 else { failed = true; return false }
        at += 1
        level += 1
        defer { level -= 1 }
        skipSpace()
        if at < bytes.count, bytes[at] == close { at += 1; return true }
        while true {
            skipSpace()
            guard item(&self), !failed else { failed = true; return false }
            skipSpace()
            guard at < bytes.count else { failed = true; return false }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == close { at += 1; return true }
            failed = true
            return false
        }
    }

    /// Lets `body` read the value here, then skips it if `body` left it.
    private mutating func visit(_ body: (inout Self) -> Void) -> Bool {
        let start = at
        body(&self)
        if failed { return false }
        return at != start || skip()
    }

    private mutating func key() -> WireJSON.Key? {
        let start = at + 1
        var i = start
        while i < bytes.count, bytes[i] != Self.quote, bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        if i < bytes.count, bytes[i] == Self.quote {
            at = i + 1
            return WireJSON.Key(raw: UnsafeBufferPointer(rebasing: bytes[start..<i]), decoded: nil)
        }
        guard let decoded = readString() else { return nil }
        return WireJSON.Key(raw: UnsafeBufferPointer(rebasing: bytes[start..<start]), decoded: decoded)
    }

    /// Steps over one value, checking it, building nothing.
    private mutating func skip() -> Bool {
        guard at < bytes.count else { return false }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            return container(close: UInt8(ascii: "}")) { reader in
                guard reader.at < reader.bytes.count, reader.bytes[reader.at] == Self.quote, reader.skipString() else { return false }
                reader.skipSpace()
                guard reader.at < reader.bytes.count, reader.bytes[reader.at] == UInt8(ascii: ":") else { return false }
                reader.at += 1
                reader.skipSpace()
                return reader.skip()
            }
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]")) { $0.skip() }
        case Self.quote: return skipString()
        case UInt8(ascii: "t"): return literal("true", .null) != nil
        case UInt8(ascii: "f"): return literal("false", .null) != nil
        case UInt8(ascii: "n"): return literal("null", .null) != nil
        default: return scanNumber()
        }
    }

    private mutating func skipString() -> Bool {
        at += 1
        while at < bytes.count {
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
