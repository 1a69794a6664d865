/// Line arithmetic on UTF-8 text as cmark-gfm counts lines (`\n`, `\r\n` or `\r` ends one).
enum MarkdownLines {
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// The index just past the last line ending, or the start when no line is complete.
    /// A final `\r` does not count: a `\n` may follow and make it one `\r\n`.
    static func completeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = bytes.count
        if index > 0, bytes[index - 1] == carriageReturn { index -= 1 }
        while index > 0, bytes[index - 1] != newline, bytes[index - 1] != carriageReturn { index -= 1 }
        return index
    }

    /// Whether the incomplete last line (from `start`) is a lone `|` (spaces and tabs aside)
    /// under a complete line that begins with `|`: a table row just begun.
    static func startsTableRow(_ bytes: UnsafeBufferPointer<UInt8>, lastLineFrom start: Int) -> Bool {
        guard start > 0, start < bytes.count else { return false }
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        guard bytes[start...].filter({ !isBlank($0) }) == [UInt8(ascii: "|")] else { return false }
        var lineStart = start - 1  // at the previous line's ending
        if bytes[lineStart] == newline, lineStart > 0, bytes[lineStart - 1] == carriageReturn { lineStart -= 1 }
        while lineStart > 0, bytes[lineStart - 1] != newline, bytes[lineStart - 1] != carriageReturn { lineStart -= 1 }
        let first = bytes[lineStart..<start].first(where: { !isBlank($0) })
        return first == UInt8(ascii: "|")
    }

    /// The most `|` and the most `@` on any one line (see `MarkdownParser.maxMarksPerLine`).
    static func busiestLine(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> (pipes: Int, ats: Int) {
        var pipes = 0, ats = 0, linePipes = 0, lineAts = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "|"): linePipes += 1
            case UInt8(ascii: "@"): lineAts += 1
            case newline, carriageReturn:
                pipes = max(pipes, linePipes); ats = max(ats, lineAts); linePipes = 0; lineAts = 0
            default: break
            }
        }
        return (max(pipes, linePipes), max(ats, lineAts))
    }

    /// The index where 1-based line `line` begins in `bytes`.
    static func offset(ofLine line: Int, in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var current = 1
        var index = bytes.startIndex
        while current < line, index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == newline || (byte == carriageReturn && (index == bytes.endIndex || bytes[index] != newline)) {
                current += 1
            }
        }
        return index
    }

    /// Whether a line may begin a link reference definition: `[` after any quote and list
    /// markers, with `]:` somewhere after it (a label may span lines). Errs towards yes.
    static func mayDefineReference(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let content = skippingContainerMarkers(bytes, from: lineStart)
            if content < bytes.endIndex, bytes[content] == UInt8(ascii: "[") {
                return containsLabelEnd(bytes[content...])
            }
            guard let end = bytes[lineStart...].firstIndex(where: { $0 == newline || $0 == carriageReturn }) else { break }
            lineStart = end + 1
        }
        return false
    }

    private static func containsLabelEnd(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: ":") { return true }
            index += 1
        }
        return false
    }

    /// Past the spaces, `>` quote markers and list markers (`-`, `+`, `*`, `1.`, `1)`) that
    /// open a line.
    private static func skippingContainerMarkers(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, from start: Int) -> Int {
        var index = start
        func isBlank(_ at: Int) -> Bool { at >= bytes.endIndex || bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") {
                index += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*")) && isBlank(index + 1) {
                index += 1
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index
                while end < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                guard end < bytes.endIndex, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"), isBlank(end + 1) else { return index }
                index = end + 1
            } else {
                return index
            }
        }
        return index
    }
}
