import Core
import Markdown

/// The assistant's answers (and the user's messages with pasted code) laid out as Markdown (docs/markdown.md, In the chat), cached so a
/// frame costs what is visible: a finished answer is parsed and laid out once per message,
/// width and language (the layout holds catalog words); the streaming answer keeps a
/// `MarkdownStream`, so only its open tail is parsed and laid out again per frame.
final class AnswerLayouts {
    private struct Key: Hashable { var id: Int64; var width: Int; var language: Language }
    private struct Entry { var content: String; var lines: [MarkdownLine] }
    /// The streaming answer: its stream and the layout of the stable blocks seen so far.
    private struct Streaming {
        var key: Key
        var stream = MarkdownStream()
        var laidOut = 0
        var lines: [MarkdownLine] = []
        var codeBlocks = 0
        var content: String?
        var tailLines: [MarkdownLine] = []
        /// The open tail as last laid out: a growing paragraph or code block is laid out again from its last line.
        let reuse = LayoutReuse()
    }
    private var finished: [Key: Entry] = [:]
    private var streaming: Streaming?
    /// Per message of the user's, its length and whether it holds a code fence.
    private var fenced: [Int64: (length: Int, fenced: Bool)] = [:]

    /// Whether the user's message has a code fence (``` or ~~~): pasted code, drawn as
    /// Markdown so it is highlighted and `c` / `o` act on it. Other messages of the user's stay
    /// plain: people type `*`, `_` and `#` without meaning Markdown. Checked once per message.
    func hasCodeFence(_ m: Message) -> Bool {
        let id = m.id ?? -1, length = m.content.utf8.count
        if let hit = fenced[id], hit.length == length { return hit.fenced }
        let found = m.content.contains("```") || m.content.contains("~~~")
        fenced[id] = (length, found)
        return found
    }

    /// The answer's lines at `width`, in style names (`line.styled(theme)` draws one).
    func lines(_ m: Message, streaming isStreaming: Bool, width: Int) -> [MarkdownLine] {
        let key = Key(id: m.id ?? -1, width: width, language: tr.language)
        if isStreaming { return streamed(m, key: key) }
        if let hit = finished[key], hit.content.utf8.count == m.content.utf8.count, hit.content == m.content { return hit.lines }
        let lines: [MarkdownLine]
        if let s = streaming, s.key == key, s.content == m.content, s.stream.heldBack == 0 {
            // The answer just finished: its streamed layout is the whole one (stable + tail).
            lines = s.tailLines
        } else {
            lines = Self.layout(MarkdownParser.parse(m.content).blocks, width: width, base: m.role == .user ? .userText : .assistantText)
        }
        finished[key] = Entry(content: m.content, lines: lines)
        if streaming?.key.id == key.id { streaming = nil }
        return lines
    }

    private func streamed(_ m: Message, key: Key) -> [MarkdownLine] {
        if streaming?.key != key { streaming = Streaming(key: key) }
        guard var s = streaming else { return [] }
        if s.content != m.content {
            s.content = m.content
            s.stream.update(m.content)
            if s.stream.stable.count < s.laidOut {
                // A link reference definition emptied the stable blocks (or the text restarted).
                (s.laidOut, s.lines, s.codeBlocks) = (0, [], 0)
            }
            if s.stream.stable.count > s.laidOut {
                let new = Array(s.stream.stable[s.laidOut...])
                Self.append(Self.layout(new, width: key.width, firstCodeBlock: s.codeBlocks), to: &s.lines, codeBlocks: &s.codeBlocks)
                s.laidOut = s.stream.stable.count
            }
            var all = s.lines, codeBlocks = s.codeBlocks
            Self.append(Self.layout(s.stream.tail, width: key.width, firstCodeBlock: codeBlocks, reuse: s.reuse), to: &all, codeBlocks: &codeBlocks)
            s.tailLines = all
        }
        streaming = s
        return s.tailLines
    }

    /// Lines of blocks laid out on their own (code blocks numbered on from `codeBlocks`) joined
    /// to those above: a blank line between, as between any two top-level blocks.
    private static func append(_ lines: [MarkdownLine], to out: inout [MarkdownLine], codeBlocks: inout Int) {
        guard !lines.isEmpty else { return }
        if !out.isEmpty { out.append(MarkdownLine([])) }
        out += lines
        // Every code block, nested ones too, has at least one line that carries its number.
        if let last = lines.lazy.compactMap({ $0.code?.block }).max() { codeBlocks = last + 1 }
    }

    private static func layout(_ blocks: [MarkdownBlock], width: Int, base: StyleName = .assistantText, firstCodeBlock: Int = 0,
                               reuse: LayoutReuse? = nil) -> [MarkdownLine] {
        MarkdownLayout.lines(MarkdownDocument(blocks: blocks), width: width, base: base, firstCodeBlock: firstCodeBlock, reuse: reuse)
    }
}
