/// Which rows of a list are on screen.
public enum ListWindow {
    /// The first visible row: `previousTop` when the selection is still visible, otherwise
    /// scrolled just enough to show it; never past the end, so the window stays full.
    public static func top(count: Int, selected: Int, height: Int, previousTop: Int) -> Int {
        guard count > 0, height > 0 else { return 0 }
        let selected = min(max(0, selected), count - 1)
        var top = min(max(0, previousTop), max(0, count - height))
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        return top
    }
}

/// Scroll position of a bottom-anchored view (a chat): it follows new lines while at the
/// bottom, and stays put on the same lines once the user has scrolled up (sticky scroll).
public struct ScrollState: Hashable, Sendable {
    /// First visible line when scrolled up; nil while following the bottom.
    public private(set) var anchoredTop: Int?

    public init() {}

    public var isFollowing: Bool { anchoredTop == nil }

    /// The lines to draw.
    public func visibleRange(totalLines: Int, height: Int) -> Range<Int> {
        let maxTop = max(0, totalLines - height)
        let top = min(anchoredTop ?? maxTop, maxTop)
        return top..<min(totalLines, top + max(0, height))
    }

    /// Scrolls by `delta` lines (negative is up); reaching the bottom resumes following.
    public mutating func scroll(by delta: Int, totalLines: Int, height: Int) {
        let maxTop = max(0, totalLines - height)
        let current = visibleRange(totalLines: totalLines, height: height).lowerBound
        let top = min(max(0, current + delta), maxTop)
        anchoredTop = top >= maxTop ? nil : top
    }

    public mutating func page(up: Bool, totalLines: Int, height: Int) {
        scroll(by: (up ? -1 : 1) * max(1, height - 1), totalLines: totalLines, height: height)
    }

    public mutating func scrollToTop(totalLines: Int, height: Int) {
        anchoredTop = totalLines > height ? 0 : nil
    }

    public mutating func scrollToBottom() { anchoredTop = nil }
}
