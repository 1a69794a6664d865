import Foundation

/// One content line of an iCalendar (RFC 5545 §3.1) or vCard (RFC 6350 §3.3) file, unfolded:
/// `NAME;PARAM=value,"quoted:value":VALUE`.
public struct ContentLine: Equatable, Sendable {
    public struct Parameter: Equatable, Sendable {
        public var name: String
        public var values: [String]
    }

    /// Upper-cased, without a vCard group prefix ("item1.EMAIL" → "EMAIL").
    public var name: String
    public var parameters: [Parameter]
    /// The value as written (still TEXT-escaped; see `ContentText`).
    public var value: String
    /// The unfolded line exactly as read, kept for properties written back verbatim.
    public var raw: String
    /// 1-based line number of the line's first physical line in the file (0: made here).
    public var line: Int

    public init(name: String, parameters: [Parameter] = [], value: String, line: Int = 0) {
        self.name = name; self.parameters = parameters; self.value = value; self.line = line
        raw = name + parameters.map { ";" + $0.name + "=" + $0.values.map(Self.quotedIfNeeded).joined(separator: ",") }.joined()
            + ":" + value
    }

    /// The first value of parameter `name` (case-insensitive), upper-cased names only.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// Parses an unfolded line. Throws when there is no ':' or the name is empty.
    public init(parsing text: String, line: Int) throws {
        var bytes = text  // its UTF-8 in place (native strings are): no copy into an array
        self = try bytes.withUTF8 { try Self(parsing: $0, text: text, line: line) }
    }

    private init(parsing utf8: UnsafeBufferPointer<UInt8>, text: String, line: Int) throws {
        var i = 0
        func isNameByte(_ b: UInt8) -> Bool { b != UInt8(ascii: ";") && b != UInt8(ascii: ":") }
        while i < utf8.count, isNameByte(utf8[i]) { i += 1 }
        var name = String(decoding: utf8[0..<i], as: UTF8.self).trimmedSpaces.uppercased()
        // A vCard group prefix ("item1.") is dropped; the bytes are searched first, as nearly no name has one.
        if utf8[0..<i].contains(UInt8(ascii: ".")), let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        guard i < utf8.count else {
            throw InteropError(line: line, "this line has no ':' between the property name and its value",
                               hint: "each line must look like NAME:value; a long value continues on lines that start with a space")
        }
        guard !name.isEmpty else {
            throw InteropError(line: line, "this line has no property name before ':'", hint: "each line must look like NAME:value")
        }
        var parameters: [Parameter] = []
        while utf8[i] == UInt8(ascii: ";") {
            i += 1
            let nameStart = i
            while i < utf8.count, utf8[i] != UInt8(ascii: "="), utf8[i] != UInt8(ascii: ":"), utf8[i] != UInt8(ascii: ";") { i += 1 }
            let parameterName = String(decoding: utf8[nameStart..<i], as: UTF8.self).uppercased()
            var values: [String] = []
            if i < utf8.count, utf8[i] == UInt8(ascii: "=") {
                repeat {
                    i += 1
                    if i < utf8.count, utf8[i] == UInt8(ascii: "\"") {
                        let start = i + 1
                        i = start
                        while i < utf8.count, utf8[i] != UInt8(ascii: "\"") { i += 1 }
                        guard i < utf8.count else {
                            throw InteropError(line: line, "a quoted parameter value of \(parameterName) has no closing '\"'",
                                               hint: "close the quote before the ':' that starts the value")
                        }
                        values.append(String(decoding: utf8[start..<i], as: UTF8.self))
                        i += 1
                    } else {
                        let start = i
                        while i < utf8.count, ![UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(utf8[i]) { i += 1 }
                        values.append(String(decoding: utf8[start..<i], as: UTF8.self))
                    }
                } while i < utf8.count && utf8[i] == UInt8(ascii: ",")
            }
            guard i < utf8.count else {
                throw InteropError(line: line, "this line has no ':' after its parameters",
                                   hint: "each line must look like NAME;PARAM=x:value")
            }
            parameters.append(Parameter(name: parameterName, values: values))
        }
        self.name = name
        self.parameters = parameters
        self.value = String(decoding: utf8[(i + 1)...], as: UTF8.self)
        self.raw = text
        self.line = line
    }

    static func quotedIfNeeded(_ value: String) -> String {
        value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(value)\"" : value
    }
}

/// TEXT values (RFC 5545 §3.3.11): `\\`, `\;`, `\,` and `\n` escapes, and comma-separated lists.
public enum ContentText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            case "\r": break
            default: out.append(c)
            }
        }
        return out
    }

    public static func unescape(_ text: String) -> String {
        // Bytes, not String.contains(String): that goes through Foundation's range(of:), 13% of mapping an event.
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        return unescapeBytes(text) ?? unescapeCharacters(text)
    }

    /// Unescapes byte by byte (a third of the time of going by Character); nil when a backslash
    /// or an escaped n is followed by a non-ASCII byte, which may join it into one Character.
    private static func unescapeBytes(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); i += 1; continue }
            guard i + 1 < bytes.count else { out.append(byte); break }
            let escaped = bytes[i + 1]
            if escaped >= 0x80 { return nil }
            if escaped == UInt8(ascii: "n") || escaped == UInt8(ascii: "N") {
                if i + 2 < bytes.count, bytes[i + 2] >= 0x80 { return nil }
                out.append(0x0A)
            } else {
                out.append(escaped)
            }
            i += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func unescapeCharacters(_ text: String) -> String {
        var out = ""
        var escaping = false
        for c in text {
            if escaping {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// Splits a list value at unescaped commas, then unescapes and trims each part; drops empty ones.
    public static func list(_ text: String) -> [String] {
        split(text, at: ",").map(\.trimmedSpaces).filter { !$0.isEmpty }
    }

    /// Splits at unescaped `separator` (';' for the parts of N, ORG, ADR), then unescapes each part.
    public static func split(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for c in text {
            if escaping { current.append("\\"); current.append(c); escaping = false }
            else if c == "\\" { escaping = true }
            else if c == separator { parts.append(current); current = "" }
            else { current.append(c) }
        }
        parts.append(current)
        return parts.map(unescape)
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, without the trip through NSString when there is
    /// nothing to trim (nearly every value of a file: half of reading a large .ics went there).
    var trimmedSpaces: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        // Every character of CharacterSet.whitespaces is White_Space; the others keep the exact call.
        func maybeSpace(_ s: Unicode.Scalar) -> Bool {
            s.isASCII ? s.value == 0x20 || (0x09...0x0D).contains(s.value) : s.properties.isWhitespace  // ASCII's White_Space
        }
        if !maybeSpace(first) && !maybeSpace(last) { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
