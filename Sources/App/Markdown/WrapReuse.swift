/// The wrapped paragraphs of the last layout of a document that is still being written (a
/// streaming answer's open tail), so laying it out again after a token costs the new text's
/// last lines, not the whole paragraph again (`WrappedRuns.extending`). Paragraphs are
/// matched by their order in the layout; one that changed otherwise is wrapped whole.
final class WrapReuse {
    private var paragraphs: [WrappedRuns] = []
    private var next = 0

    /// Called by the layout before its first paragraph.
    func begin() { next = 0 }

    /// Called by the layout after its last paragraph: paragraphs no longer there are let go.
    func end() { if next < paragraphs.count { paragraphs.removeSubrange(next...) } }

    /// The next paragraph's runs wrapped at `width`.
    func wrap(_ runs: [MarkdownRun], width: Int) -> [[MarkdownRun]] {
        let wrapped = WrappedRuns.extending(next < paragraphs.count ? paragraphs[next] : nil, to: runs, width: width)
        if next < paragraphs.count { paragraphs[next] = wrapped } else { paragraphs.append(wrapped) }
        next += 1
        return wrapped.lines
    }
}
