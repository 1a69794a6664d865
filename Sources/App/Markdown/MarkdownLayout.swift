import Core
import Markdown
import Terminal

/// A Markdown document laid out as styled lines for a width (docs/markdown.md, Layout).
/// Every line is at most `width` columns; all text is cleaned by `Sanitizer`. Time and size
/// stay linear in the document however deep it nests: indentation stops growing at
/// `maxIndent`, and containers deeper than `maxDepth` are shown flat.
enum MarkdownLayout {
    /// Container levels (lists, quotes) laid out as such; deeper content is shown in order,
    /// flat, at the deepest indent.
    static let maxDepth = 32

    /// The most columns indentation (list indents, quote bars) takes at `width`.
    static func maxIndent(_ width: Int) -> Int { min(24, width / 3) }

    /// `reuse`: paragraphs and code blocks laid out by the last layout of the same document, fewer tokens ago.
    /// `firstCodeBlock` numbers the document's code blocks on from those above it (a streamed
    /// answer laid out a block at a time).
    /// `numbered`: code blocks show their number (`[1]`), where keys choose them by it.
    static func lines(_ document: MarkdownDocument, width: Int, base: StyleName = .text, firstCodeBlock: Int = 0,
                      numbered: Bool = true, reuse: LayoutReuse? = nil) -> [MarkdownLine] {
        var writer = BlockWriter(width: max(1, width), base: [base], codeBlocks: firstCodeBlock, numbered: numbered, reuse: reuse)
        reuse?.begin()
        writer.blocks(document.blocks, tight: false, depth: 0)
        reuse?.end()
        return writer.out
    }
}

/// Writes blocks as lines under a prefix (list indents, quote bars) that nested blocks extend.
struct BlockWriter {
    let width: Int
    var out: [MarkdownLine] = []
    /// The prefix of every line but an item's first.
    private var rest: [MarkdownRun] = []
    private var restWidth = 0
    /// The prefix of the next line when it is a list item's first: the marker in place of indent.
    private var pendingFirst: [MarkdownRun]?
    /// A list item's marker past `maxIndent`: it starts the item's first line as text instead.
    private var pendingMarker: [MarkdownRun]?
    /// The styles text is in (inside a quote: `quoteText` too).
    private var base: [StyleName]
    /// The number of the next code block (`MarkdownLine.code`, the `[n]` on its label line).
    private var codeBlocks: Int
    /// Lists around the one being written: its bullet (•, ◦, ▪ by list depth, quotes aside).
    private var listDepth = 0
    private let reuse: LayoutReuse?

    private let numbered: Bool

    init(width: Int, base: [StyleName], codeBlocks: Int = 0, numbered: Bool = true, reuse: LayoutReuse? = nil) {
        self.width = width; self.base = base; self.codeBlocks = codeBlocks; self.numbered = numbered; self.reuse = reuse
    }

    /// The columns left for content after the prefix.
    var available: Int { max(1, width - restWidth) }

    mutating func blocks(_ blocks: [MarkdownBlock], tight: Bool, depth: Int) {
        for (i, block) in blocks.enumerated() {
            if i > 0 && !(tight && Self.isParagraphLike(blocks[i - 1])) { blank() }
            self.block(block, tight: tight, depth: depth)
        }
    }

    private static func isParagraphLike(_ b: MarkdownBlock) -> Bool {
        if case .paragraph = b { return true }
        if case .list = b { return true }
        return false
    }

    private mutating func block(_ block: MarkdownBlock, tight: Bool, depth: Int) {
        switch block {
        case .paragraph(let inlines):
            paragraph(InlineLayout.runs(inlines, base: base))
        case .heading(let level, let inlines):
            heading(level, inlines)
        case .list(let list):
            if depth >= MarkdownLayout.maxDepth { return flat([block]) }
            self.list(list, depth: depth)
        case .blockQuote(let inner):
            if depth >= MarkdownLayout.maxDepth { return flat(inner) }
            quote(inner, depth: depth)
        case .codeBlock(let language, let code):
            emitMarker()
            let lines = (numbered ? reuse : nil)?.codeBlock(language: language, code: code, width: available, number: codeBlocks)
                ?? CodeBlockLayout.lines(language: language, code: code, width: available, number: codeBlocks, numbered: numbered)
            codeBlocks += 1
            for line in lines { emit(line.runs, code: line.code) }
        case .thematicBreak:
            emitMarker()
            emit([MarkdownRun(String(repeating: "─", count: available), [.rule])])
        case .table(let table):
            emitMarker()
            for line in TableLayout.lines(table, width: available, base: base) { emit(line) }
        case .html(let html):
            var text = Sanitizer.clean(html)
            while text.hasSuffix("\n") { text.removeLast() }
            let runs = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { i, line in
                (i > 0 ? [MarkdownRun("\n", base)] : []) + [MarkdownRun(String(line), base)]
            }
            paragraph(runs)
        }
    }

    private mutating func paragraph(_ runs: [MarkdownRun]) {
        let runs = (pendingMarker ?? []) + runs
        pendingMarker = nil
        for line in reuse?.wrap(runs, width: available) ?? InlineLayout.wrap(runs, width: available) { emit(line) }
    }

    /// Level 1 underlined with `═`, level 2 with `─`, the others by style alone: levels show
    /// without colors, and no `#` is drawn.
    private mutating func heading(_ level: Int, _ inlines: [MarkdownInline]) {
        let style: StyleName = level <= 1 ? .heading1 : level == 2 ? .heading2 : .heading3
        let lines = InlineLayout.wrap((pendingMarker ?? []) + InlineLayout.runs(inlines, base: [style]), width: available)
        pendingMarker = nil
        for line in lines { emit(line) }
        guard level <= 2 else { return }
        let underline = min(available, lines.map { $0.reduce(0) { $0 + TextWidth.of($1.text) } }.max() ?? 0)
        emit([MarkdownRun(String(repeating: level == 1 ? "═" : "─", count: max(1, underline)), [style])])
    }

    private mutating func list(_ list: MarkdownList, depth: Int) {
        let numbers = list.items.indices.map { String(list.start &+ $0) + "." }
        let numberWidth = numbers.map(\.count).max() ?? 0
        let bullets = ["•", "◦", "▪"]
        for (i, item) in list.items.enumerated() {
            if i > 0 && !list.tight { blank() }
            var marker: [MarkdownRun] = []
            if list.ordered {
                marker.append(MarkdownRun(String(repeating: " ", count: numberWidth - numbers[i].count) + numbers[i] + " ", [.listMarker]))
            } else if item.checked == nil {
                marker.append(MarkdownRun(bullets[listDepth % bullets.count] + " ", [.listMarker]))
            }
            if let checked = item.checked { marker.append(MarkdownRun(checked ? "☑ " : "☐ ", [.taskBox])) }
            let markerWidth = marker.reduce(0) { $0 + TextWidth.of($1.text) }
            let saved = (rest, restWidth)
            if restWidth + markerWidth <= MarkdownLayout.maxIndent(width) {
                pendingFirst = (pendingFirst ?? rest) + marker
                rest.append(MarkdownRun(String(repeating: " ", count: markerWidth), base))
                restWidth += markerWidth
            } else if pendingMarker == nil {
                pendingMarker = marker   // at the indent cap: the marker leads the text instead
            }
            listDepth += 1
            blocks(item.blocks, tight: list.tight, depth: depth + 1)
            listDepth -= 1
            emitMarker()
            if pendingFirst != nil { emit([]) }  // an empty item
            (rest, restWidth) = saved
        }
    }

    private mutating func quote(_ inner: [MarkdownBlock], depth: Int) {
        let saved = (rest, restWidth, base)
        let bar = MarkdownRun("│ ", [.quoteBar])
        if restWidth + 2 <= MarkdownLayout.maxIndent(width) {
            pendingFirst = pendingFirst.map { $0 + [bar] }
            rest.append(bar)
            restWidth += 2
        }
        if !base.contains(.quoteText) { base.append(.quoteText) }
        blocks(inner, tight: false, depth: depth + 1)
        (rest, restWidth, base) = saved
    }

    /// Containers nested past `maxDepth`: their leaf blocks in order, without further
    /// indentation, walked with a stack of its own (no call depth, however deep).
    private mutating func flat(_ blocks: [MarkdownBlock]) {
        var stack: [ArraySlice<MarkdownBlock>] = [blocks[...]]
        var leaves: [MarkdownBlock] = []
        while var top = stack.popLast() {
            guard let b = top.popFirst() else { continue }
            stack.append(top)
            switch b {
            case .list(let l): stack.append(l.items.flatMap(\.blocks)[...])
            case .blockQuote(let inner): stack.append(inner[...])
            default: leaves.append(b)
            }
        }
        self.blocks(leaves, tight: true, depth: MarkdownLayout.maxDepth)
    }

    /// A list item's marker held for its text, written on a line of its own when the item
    /// starts with something else (a code block, a table) or is empty.
    private mutating func emitMarker() {
        guard let marker = pendingMarker else { return }
        pendingMarker = nil
        emit(marker)
    }

    private mutating func emit(_ runs: [MarkdownRun], code: (block: Int, line: String)? = nil) {
        let prefix = pendingFirst ?? rest
        pendingFirst = nil
        out.append(MarkdownLine(prefix + runs, code: code))
    }

    /// An empty line between blocks: only the quote bars of the prefix.
    private mutating func blank() {
        var prefix = pendingFirst ?? rest
        while let last = prefix.last, last.text.allSatisfy({ $0 == " " }) { prefix.removeLast() }
        if let last = prefix.last, last.text.hasSuffix(" ") {
            prefix[prefix.count - 1].text = String(last.text.dropLast(last.text.reversed().prefix { $0 == " " }.count))
        }
        out.append(MarkdownLine(prefix))
    }
}
