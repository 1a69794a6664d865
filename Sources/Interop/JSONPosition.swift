import Foundation

/// Where in a JSON text something is, for error messages: JSONDecoder names a field's path
/// ("messages[3].role") or only says the text is not JSON, never the line. This walks the text
/// again, only when reading failed: to the value at a path, or to the first byte that is not JSON.
enum JSONPosition {
    enum Step: Equatable { case key(String), index(Int) }

    /// 1-based line and column (in characters) of the value at `path`; nil when it is not there.
    static func place(of path: [Step], in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        var walker = Walker(bytes: bytes, target: path)
        _ = walker.value(depth: 0, path: [])
        return walker.found.map { lineAndColumn(of: $0, in: bytes) }
    }

    /// 1-based line and column of the first byte where `data` stops being JSON; nil when it is JSON.
    static func syntaxError(in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        var walker = Walker(bytes: bytes, target: nil)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { walker.at = 3 }
        if walker.value(depth: 0, path: []) {
            walker.skipSpace()
            if walker.at == bytes.count { return nil }
        }
        return lineAndColumn(of: min(walker.at, bytes.count), in: bytes)
    }

    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<offset] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// A recursive-descent walk that checks the syntax and notes where `target` starts.
    private struct Walker {
        let bytes: [UInt8]
        let target: [Step]?
        var at = 0
        var found: Int?

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        /// Walks one value; false at the first byte that is not JSON (`at` points there).
        mutating func value(depth: Int, path: [Step]) -> Bool {
            skipSpace()
            if path == target, found == nil { found = at }
            guard at < bytes.count, depth < 512 else { return false }
            switch bytes[at] {
            case UInt8(ascii: "{"): return object(depth: depth, path: path)
            case UInt8(ascii: "["): return array(depth: depth, path: path)
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        private mutating func object(depth: Int, path: [Step]) -> Bool {
            at += 1
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return true }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return false }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return false }
                at += 1
                guard value(depth: depth + 1, path: path + [.key(key)]) else { return false }
                skipSpace()
                guard at < bytes.count else { return false }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                guard bytes[at] == UInt8(ascii: "}") else { return false }
                at += 1
                return true
            }
        }

        private mutating func array(depth: Int, path: [Step]) -> Bool {
            at += 1
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return true }
            var index = 0
            while true {
                guard value(depth: depth + 1, path: path + [.index(index)]) else { return false }
                index += 1
                skipSpace()
                guard at < bytes.count else { return false }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                guard bytes[at] == UInt8(ascii: "]") else { return false }
                at += 1
                return true
            }
        }

        /// A string's text (escapes kept as written: keys the app writes have none).
        private mutating func string() -> String? {
            let start = at + 1
            at = start
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\""):
                    at += 1
                    return String(decoding: bytes[start..<(at - 1)], as: UTF8.self)
                case UInt8(ascii: "\\"): at += 2
                case 0..<0x20: return nil
                default: at += 1
                }
            }
            at = min(at, bytes.count)
            return nil
        }

        private mutating func literal(_ word: String) -> Bool {
            let expected = Array(word.utf8)
            guard bytes[at...].starts(with: expected) else { return false }
            at += expected.count
            return true
        }

        private mutating func number() -> Bool {
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            return at > start && Double(String(decoding: bytes[start..<at], as: UTF8.self)) != nil
        }
    }
}
