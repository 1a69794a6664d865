import Core
#if canImport(Glibc)
import Glibc
#endif

/// Word wrapping by display width.
///
/// - Breaks at spaces; the spaces at a break are dropped, and so are spaces at the end of
///   a paragraph. Leading spaces (indentation) are kept.
/// - A wide character (CJK) is a break opportunity on either side, like UAX #14's ID class.
/// - A word wider than the line starts on a fresh line and is cut between graphemes.
/// - `\n` starts a new line; empty lines are kept. `""` gives `[""]` (one empty line), and
///   `"a\n"` gives `["a", ""]`.
/// - `width < 1` is treated as 1. The only line that can exceed `width` is a single wide
///   character at width 1.
/// Runs in time linear in the text.
public enum Wrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var result: [String] = []
        var text = text
        let bytewise: Bool = text.withUTF8 { bytes in
            // LF is a grapheme of its own except in CR LF: without CR LF, paragraphs can be cut on bytes.
            guard !containsCRLF(bytes) else { return false }
            var start = 0
            while start <= bytes.count {
                let end = index(of: 0x0A, in: bytes, from: start)
                let paragraph = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if PrintableASCII.isAll(paragraph) {
                    wrapASCIIParagraph(paragraph, width: width, into: &result)
                } else {
                    wrapParagraph(Substring(String(decoding: paragraph, as: UTF8.self)), width: width, into: &result)
                }
                start = end + 1
            }
            return true
        }
        if bytewise { return result }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            wrapParagraph(paragraph, width: width, into: &result)
        }
        return result
    }

    /// `wrapParagraph` for printable ASCII, where a byte is a character of width 1: every line
    /// is a run of the source, found by looking at the byte `width` after the line's start and
    /// back to the last space, not by walking every word (a streaming answer at full speed is
    /// wrapped as fast as it arrives).
    static func wrapASCIIParagraph(_ p: UnsafeBufferPointer<UInt8>, width: Int, into result: inout [String]) {
        let space: UInt8 = 0x20
        func emit(_ run: Range<Int>) { result.append(String(decoding: UnsafeBufferPointer(rebasing: p[run]), as: UTF8.self)) }
        func skipSpaces(_ i: Int) -> Int {
            var i = i
            while i < p.count, p[i] == space { i += 1 }
            return i
        }
        func trimSpaces(_ end: Int, after start: Int) -> Int {
            var end = end
            while end > start, p[end - 1] == space { end -= 1 }
            return end
        }
        // Leading spaces stay as indentation when the first word fits after them.
        var start = 0
        while true {
            let limit = start + width
            if limit >= p.count {
                // The rest fits; trailing spaces are dropped. A paragraph of spaces is one empty line.
                let end = trimSpaces(p.count, after: start)
                emit(start..<max(start, end))
                return
            }
            var end = limit
            if p[limit] != space {
                // The word across the limit moves to the next line, unless it is the line's first.
                while end > start, p[end - 1] != space { end -= 1 }
            }
            end = trimSpaces(end, after: start)
            if end == start {
                if p[start] == space {
                    start = skipSpaces(start)   // indentation and a word too wide for it: the word starts the line
                    continue
                }
                end = limit                     // a word wider than the line is cut every `width` characters
                emit(start..<end)
                start = end
                continue
            }
            emit(start..<end)
            start = skipSpaces(end)
            if start == p.count { return }
        }
    }

    private static func containsCRLF(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            i = index(of: 0x0D, in: bytes, from: i)
            if i + 1 < bytes.count, bytes[i + 1] == 0x0A { return true }
            i += 1
        }
        return false
    }

    /// The first `byte` at or after `start` (memchr), or `bytes.count`.
    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The lines of `text`, given `lines` = `Wrap.lines(previous, width:)` of a prefix of it:
    /// for text that grows at its end (a streaming answer) only the last line is wrapped again,
    /// so a frame costs the same at token 10 and token 10,000. Greedy wrapping starts afresh at
    /// each line start, so every line before the last stays as it was. Falls back to wrapping
    /// everything when `text` does not start with `previous`.
    public static func extending(_ lines: [String], of previous: String, to text: String, width: Int) -> [String] {
        guard let last = lines.last, UTF8Bytes.hasPrefix(text, previous) else {
            return Self.lines(text, width: width)
        }
        // Where the last line starts in `previous`: it is a contiguous run of the source that
        // ends before the trailing spaces (pending, not placed), or the start of an empty paragraph.
        // Read in place from the end: copying the whole answer each frame cost more than wrapping.
        var previous = previous
        let start: Int? = previous.withUTF8 { bytes -> Int? in
            if last.isEmpty {
                return (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            }
            var end = bytes.count
            while end > 0 && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            let start = end - last.utf8.count
            guard start >= 0, bytes[start..<end].elementsEqual(last.utf8) else { return nil }
            return start
        }
        guard let start else { return Self.lines(text, width: width) }
        let rest = String(decoding: text.utf8.dropFirst(start), as: UTF8.self)
        return Array(lines.dropLast()) + Self.lines(rest, width: width)
    }

    static func wrapParagraph(_ p: Substring, width: Int, into result: inout [String]) {
        var line = ""
        var lineWidth = 0
        var spaces = ""        // spaces seen since the last word, placed only if a word follows
        var word = ""
        var wordWidth = 0

        func flushLine() {
            result.append(line)
            line = ""
            lineWidth = 0
        }
        func placeWord() {
            guard !word.isEmpty else { return }
            let spacesWidth = spaces.count
            if lineWidth + spacesWidth + wordWidth <= width {
                line += spaces
                line += word
                lineWidth += spacesWidth + wordWidth
            } else if wordWidth <= width {
                if !line.isEmpty || lineWidth > 0 { flushLine() }
                line = word
                lineWidth = wordWidth
            } else {
                if lineWidth > 0 { flushLine() }
                hardBreak()
            }
            spaces = ""
            word = ""
            wordWidth = 0
        }
        func hardBreak() {
            for c in word {
                let w = TextWidth.of(c)
                if lineWidth + w > width && lineWidth > 0 { flushLine() }
                line.append(c)
                lineWidth += w
            }
        }

        for c in p {
            if c == " " {
                placeWord()
                // Leading spaces of the paragraph count as indentation and stay.
                spaces.append(" ")
                continue
            }
            let w = TextWidth.of(c)
            if w == 2 {
                placeWord()
                word = String(c)
                wordWidth = 2
                placeWord()
                continue
            }
            word.append(c)
            wordWidth += w
        }
        placeWord()
        result.append(line)
    }
}
