import Foundation

/// The JSON value in a model's reply that was asked for JSON only: models wrap it in code
/// fences, put a sentence before or after it, and leave trailing commas. Takes the first
/// object or array whose brackets balance (strings and escapes respected), drops commas
/// before a closing bracket, and parses that.
public enum JSONExtraction {
    public static func firstValue(in reply: String) -> JSONValue? {
        let bytes = Array(reply.utf8)
        var start = 0
        while let open = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) {
            if let end = balancedEnd(bytes, from: open),
               let value = JSONValue(parsing: withoutTrailingCommas(bytes[open...end])) {
                return value
            }
            start = open + 1
        }
        return nil
    }

    /// The index of the bracket that closes the one at `open`, or nil when the text ends first.
    private static func balancedEnd(_ bytes: [UInt8], from open: Int) -> Int? {
        var depth = 0, inString = false, escaped = false
        for i in open..<bytes.count {
            let b = bytes[i]
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }

    /// `[1, 2,]` → `[1, 2]`: a comma followed (after white space) by a closing bracket, outside strings.
    private static func withoutTrailingCommas(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var inString = false, escaped = false
        let all = Array(bytes)
        for (i, b) in all.enumerated() {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                out.append(b)
                continue
            }
            if b == UInt8(ascii: "\"") { inString = true }
            if b == UInt8(ascii: ","),
               let next = all[(i + 1)...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
               next == UInt8(ascii: "}") || next == UInt8(ascii: "]") { continue }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
