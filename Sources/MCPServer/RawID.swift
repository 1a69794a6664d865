import Foundation

/// The `id` of a JSON-RPC message exactly as written, found by one pass over the top-level
/// object: a number is kept as its text, so an id such as 1.5 or 18446744073709551616 goes
/// back to the client unchanged (the SDK holds only strings and Int ids).
struct RawID: Equatable {
    /// Where the id's value is in the message.
    let range: Range<Int>
    let text: String

    /// What an id may be here: MCP asks for a string or an integer, JSON-RPC 2.0 allows any
    /// number (and null, which MCP forbids).
    enum Kind: Equatable { case string, integer, otherNumber, null, invalid(String) }

    var kind: Kind {
        switch text.utf8.first ?? 0 {
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return text.wholeMatch(of: /-?(0|[1-9][0-9]*)/) != nil && Int(text) != nil ? .integer : .otherNumber
        case UInt8(ascii: "["): return .invalid("an array")
        case UInt8(ascii: "{"): return .invalid("an object")
        default: return .invalid("a boolean")
        }
    }

    /// Whether it can be sent back as the id of an answer: a string or a number.
    var isEchoable: Bool { kind == .string || kind == .integer || kind == .otherNumber }

    /// The id in one spelling, to match a request with its answer: a string by its value
    /// ("a\/b" and "a/b" are one id), anything else as written.
    var key: String {
        guard kind == .string else { return text }
        return "s:" + ((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String) ?? text)
    }

    /// The top-level `"id"` member of `data`, a JSON object; nil when it has none or is not one.
    static func find(in data: Data) -> RawID? {
        let bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        var found: RawID?
        while true {
            scanner.skipSpace()
            guard let keyRange = scanner.string() else { return found }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return found }
            scanner.skipSpace()
            let start = scanner.position
            guard scanner.value() else { return found }
            if key(bytes[keyRange]) == "id" {
                found = RawID(range: start..<scanner.position, text: String(decoding: bytes[start..<scanner.position], as: UTF8.self))
            }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ",")) else { return found }
        }
    }

    /// Where each element of `data`, a JSON array (a batch), is; nil when it is not an array.
    static func elements(in data: Data) -> [Range<Int>]? {
        var scanner = Scanner(bytes: [UInt8](data))
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "[")) else { return nil }
        var ranges: [Range<Int>] = []
        while true {
            scanner.skipSpace()
            let start = scanner.position
            guard scanner.value() else { return ranges }
            ranges.append(start..<scanner.position)
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ",")) else { return ranges }
        }
    }

    /// A member name, unescaped when it has escapes ("\u0069d" is "id").
    private static func key(_ quoted: ArraySlice<UInt8>) -> String? {
        guard quoted.contains(UInt8(ascii: "\\")) else { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
        return try? JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed) as? String
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// A string, quotes included.
        mutating func string() -> Range<Int>? {
            let start = position
            guard take(UInt8(ascii: "\"")) else { return nil }
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\\"): position += 2
                case UInt8(ascii: "\""): position += 1; return start..<position
                default: position += 1
                }
            }
            return nil
        }

        /// Skips one value: a string, or everything to the matching bracket, or a literal or number.
        mutating func value() -> Bool {
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "\""): guard string() != nil else { return false }; continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    position += 1
                    if depth == 0 { return true }
                }
                return false
            default:
                let start = position
                while position < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
                    .contains(bytes[position]) { position += 1 }
                return position > start
            }
        }
    }
}
