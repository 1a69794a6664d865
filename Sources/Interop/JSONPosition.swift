import Foundation

/// Where in a JSON text something is, for error messages: JSONDecoder names a field's path
/// ("messages[3].role") or only says the text is not JSON, never the line. This walks the text
/// again with `JSONCursor`, only when reading failed: to the value at a path, or to the first
/// byte that is not JSON.
enum JSONPosition {
    enum Step: Equatable { case key(String), index(Int) }

    /// 1-based line and column (in characters) of the value at `path`; nil when it is not there.
    static func place(of path: [Step], in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        let offset = bytes.withUnsafeBufferPointer { buffer -> Int? in
            var cursor = JSONCursor(buffer)
            var found: Int?
            _ = find(&cursor, path[...], &found)
            return found
        }
        return offset.map { lineAndColumn(of: $0, in: bytes) }
    }

    /// Walks to the value at `rest`; false once it is found (to stop the walk) or the text fails.
    private static func find(_ c: inout JSONCursor, _ rest: ArraySlice<Step>, _ found: inout Int?) -> Bool {
        guard let step = rest.first else {
            c.space()
            found = c.at
            return false
        }
        switch step {
        case .key(let name):
            return c.object { c, key in key == name ? find(&c, rest.dropFirst(), &found) : c.skip() }
        case .index(let n):
            var index = 0
            return c.array { c in
                defer { index += 1 }
                return index == n ? find(&c, rest.dropFirst(), &found) : c.skip()
            }
        }
    }

    /// 1-based line and column of the first byte where `data` stops being JSON; nil when it is JSON.
    static func syntaxError(in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        let offset = bytes.withUnsafeBufferPointer { buffer -> Int? in
            var cursor = JSONCursor(buffer)
            if cursor.skip(), cursor.atEnd() { return nil }
            return min(cursor.at, buffer.count)
        }
        return offset.map { lineAndColumn(of: $0, in: bytes) }
    }

    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<offset] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
