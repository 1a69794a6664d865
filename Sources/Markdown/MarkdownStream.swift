import CCmarkGFM
import Glibc

/// A streamed answer split into finished top-level blocks (`stable`, parsed once) and the
/// still-open end (`tail`, parsed again on each update), so a renderer caches the former.
///
/// Give `update` the whole text so far after each token. A top-level block is finished once
/// another one has begun on a complete line: cmark-gfm never reopens a closed block, and a
/// block begun on a line still being typed could yet turn back into the one before it
/// (`***` becomes a lazy paragraph line with one more letter; a table's delimiter row stops
/// being one). So the split is read from the complete lines only, and the tail is then parsed
/// on its own, from a line where the whole document has nothing open: `stable + tail` is
/// what `MarkdownParser.parse` gives for the whole text (tested token by token).
///
/// Link reference definitions apply to the whole document, before and after them. While a
/// line that may be one (`[label]:` after any quote or list markers) is in sight, nothing is
/// split: `stable` is emptied once and everything stays in `tail`, parsed whole each time.
/// Models seldom write them; the cost is a whole parse per update for those answers only.
///
/// One line is held back: a last, incomplete line that is a lone `|` right under a line that
/// begins with one. It would end a table and show as a paragraph for a token, then become the
/// table's next row: the table would jump at every row. Held, it shows once it has a cell.
public struct MarkdownStream: Sendable {
    /// Finished blocks: they only grow, except that a reference definition empties them once.
    public private(set) var stable: [MarkdownBlock] = []
    /// The blocks after `stable`, the last of which may still change.
    public private(set) var tail: [MarkdownBlock] = []
    /// True once a possible reference definition stopped the split.
    public private(set) var holdsWholeText = false
    /// The bytes at the end of the text not parsed yet (a lone `|` under a table row), or 0.
    public private(set) var heldBack = 0
    /// The UTF-8 text the stable blocks came from, to notice a text that does not extend it.
    private var stableBytes: [UInt8] = []
    /// The end of the complete lines last split, relative to the whole text.
    private var splitEnd = 0

    public init() {}

    public var blocks: [MarkdownBlock] { stable + tail }

    /// Reads the text so far. A text that does not extend the previous one starts over.
    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if !extendsStableText(bytes) { self = MarkdownStream() }
            if !holdsWholeText && MarkdownLines.mayDefineReference(bytes[stableBytes.count...]) {
                holdsWholeText = true
                stable = []
                stableBytes = []
            }
            let complete = MarkdownLines.completeEnd(bytes)
            if !holdsWholeText && complete > splitEnd {
                split(bytes[stableBytes.count..<complete])
                splitEnd = complete
            }
            heldBack = MarkdownLines.startsTableRow(bytes, lastLineFrom: complete) ? bytes.count - complete : 0
            tail = MarkdownParser.parseBlocks(bytes[stableBytes.count..<(bytes.count - heldBack)])
        }
    }

    private func extendsStableText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= stableBytes.count else { return false }
        return stableBytes.withUnsafeBufferPointer { stable in
            stable.isEmpty || memcmp(stable.baseAddress!, bytes.baseAddress!, stable.count) == 0
        }
    }

    /// Moves every top-level block of `lines` but the last into `stable`.
    private mutating func split(_ lines: Slice<UnsafeBufferPointer<UInt8>>) {
        let (finished, lastStartLine) = MarkdownParser.withTree(lines) { root -> ([MarkdownBlock], Int) in
            let reader = MarkdownTreeReader()
            let children = reader.children(of: root)
            guard children.count >= 2, let last = children.last else { return ([], 0) }
            let finished = children.dropLast().compactMap { reader.block($0, depth: 0) }
            return (finished, Int(cmark_node_get_start_line(last)))
        }
        guard lastStartLine > 1 else { return }
        let boundary = MarkdownLines.offset(ofLine: lastStartLine, in: lines)
        stable += finished
        stableBytes += lines[lines.startIndex..<boundary]
    }
}
