/// The last layout of a document that is still being written (a streaming answer's open
/// tail), kept so laying it out again after a token costs the new text, not the whole open
/// block again: a growing paragraph is wrapped again from its last line
/// (`WrappedRuns.extending`), a growing code block highlighted from its last line
/// (`GrowingCodeBlock`). Blocks are matched by their order in the layout; one that changed
/// otherwise is laid out whole.
final class LayoutReuse {
    private var paragraphs: [WrappedRuns] = []
    private var codeBlocks: [GrowingCodeBlock] = []
    private var nextParagraph = 0, nextCodeBlock = 0

    /// Called by the layout before its first block.
    func begin() { nextParagraph = 0; nextCodeBlock = 0 }

    /// Called by the layout after its last block: blocks no longer there are let go.
    func end() {
        if nextParagraph < paragraphs.count { paragraphs.removeSubrange(nextParagraph...) }
        if nextCodeBlock < codeBlocks.count { codeBlocks.removeSubrange(nextCodeBlock...) }
    }

    /// The next paragraph's runs wrapped at `width`.
    func wrap(_ runs: [MarkdownRun], width: Int) -> [[MarkdownRun]] {
        let old = nextParagraph < paragraphs.count ? paragraphs[nextParagraph] : nil
        let wrapped = WrappedRuns.extending(old, to: runs, width: width)
        Self.store(wrapped, at: &nextParagraph, in: &paragraphs)
        return wrapped.lines
    }

    /// The next code block's lines (`CodeBlockLayout.lines`).
    func codeBlock(language: String?, code: String, width: Int, number: Int) -> [MarkdownLine] {
        let old = nextCodeBlock < codeBlocks.count ? codeBlocks[nextCodeBlock] : nil
        var block = GrowingCodeBlock.extending(old, language: language, width: width, number: number)
        let lines = block.lines(code)
        Self.store(block, at: &nextCodeBlock, in: &codeBlocks)
        return lines
    }

    private static func store<T>(_ item: T, at next: inout Int, in items: inout [T]) {
        if next < items.count { items[next] = item } else { items.append(item) }
        next += 1
    }
}
