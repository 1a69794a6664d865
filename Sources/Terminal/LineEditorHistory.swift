import Core

/// Ctrl-R's reverse incremental search through a `LineEditor`'s history, as readline's: each
/// key typed narrows it, from the entry shown back to the oldest; Ctrl-R again steps to an older
/// match; Enter keeps the match to edit or send, Esc or Ctrl-G puts back what was there.
public struct HistorySearch: Equatable, Sendable {
    /// What is searched for (matched ignoring ASCII case).
    public internal(set) var query = ""
    /// The history entry shown, nil before anything matched.
    public internal(set) var match: Int?
    /// Nothing (older) holds the query: the entry shown stays, the prompt says "failing".
    public internal(set) var failing = false
    /// The text and cursor before the search, and the history entry shown then.
    var before: LineEditor.Snapshot
    var beforeIndex: Int?
    var beforeDraft: String

    /// The newest entry at or before `start` holding `query`, skipping entries that read
    /// `skipping`; with the byte offset of the match in it. A byte search folding ASCII case:
    /// 100,000 entries are read in milliseconds (docs/performance.md).
    static func find(_ query: String, in history: [String], from start: Int, skipping: String? = nil) -> (index: Int, offset: Int)? {
        let needle = Array(query.utf8).map(fold)
        var i = min(start, history.count - 1)
        while i >= 0 {
            if history[i] != skipping, let offset = firstMatch(needle, in: history[i]) { return (i, offset) }
            i -= 1
        }
        return nil
    }

    private static func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    private static func firstMatch(_ needle: [UInt8], in line: String) -> Int? {
        var line = line
        return line.withUTF8 { hay -> Int? in
            let m = needle.count, n = hay.count
            guard m > 0 else { return 0 }
            guard m <= n else { return nil }
            let first = needle[0]
            var i = 0
            while i <= n - m {
                if fold(hay[i]) == first {
                    var j = 1
                    while j < m, fold(hay[i + j]) == needle[j] { j += 1 }
                    if j == m { return i }
                }
                i += 1
            }
            return nil
        }
    }
}

// A LineEditor's history: Up / Down walk it, Ctrl-R searches it.
extension LineEditor {
    mutating func historyBack() -> EditorAction {
        guard !history.isEmpty else { return .unchanged }
        let index: Int
        if let current = historyIndex {
            guard current > 0 else { return .unchanged }
            index = current - 1
        } else {
            draft = text
            checkpoint()
            index = history.count - 1
        }
        show(index)
        return .edited
    }

    /// Nil when not browsing the history: Down on the last line is free for the caller.
    mutating func historyForward() -> EditorAction? {
        guard let current = historyIndex else { return nil }
        if current + 1 < history.count {
            show(current + 1)
        } else {
            chars = Array(draft)
            cursor = chars.count
            historyIndex = nil
            draft = ""
        }
        return .edited
    }

    /// Shows history entry `index` (keeping the draft): Up, Down and the search. No undo step:
    /// Ctrl-_ goes back to what was typed before the walk, not through it.
    private mutating func show(_ index: Int, cursorAt offset: Int? = nil) {
        let entry = history[index]
        chars = Array(entry)
        cursor = chars.count
        historyIndex = index
        if let offset {
            let at = entry.utf8.index(entry.startIndex, offsetBy: offset)
            cursor = entry[..<at].count
        }
    }

    /// Ctrl-R: starts the search (nothing to do without a history).
    mutating func startSearch() -> EditorAction {
        guard !history.isEmpty else { return .unchanged }
        search = HistorySearch(before: Snapshot(chars: chars, cursor: cursor), beforeIndex: historyIndex, beforeDraft: draft)
        return .edited
    }

    /// A key while searching; nil after ending the search for a key it does not take.
    mutating func searchKey(_ key: Key) -> EditorAction? {
        guard var s = search else { return nil }
        switch key {
        case .text(let typed), .paste(let typed):
            let clean = Sanitizer.clean(typed).split(whereSeparator: \.isNewline).joined(separator: " ")
            guard !clean.isEmpty else { return .unchanged }
            s.query += clean
            seek(&s, from: s.match ?? history.count - 1, skipping: nil)
        case .backspace:
            guard !s.query.isEmpty else { return .unchanged }
            s.query.removeLast()
            if s.query.isEmpty {
                restore(s)
                s.match = nil
                s.failing = false
            } else {
                seek(&s, from: history.count - 1, skipping: nil)
            }
        case .ctrl("r"):
            if s.query.isEmpty, let previous = previousQuery { s.query = previous }
            guard !s.query.isEmpty else { return .unchanged }
            // Older than the match shown, and not the same words again.
            seek(&s, from: s.match.map { $0 - 1 } ?? history.count - 1, skipping: s.match.map { history[$0] })
        case .enter:
            end(keeping: s)
            return .edited
        case .escape, .ctrl("g"):
            restore(s)
            search = nil
            previousQuery = s.query.isEmpty ? previousQuery : s.query
            return .edited
        default:
            end(keeping: s)
            return nil
        }
        search = s
        return .edited
    }

    /// Ends the search on the match shown: Up and Down go on from it, Down past the newest
    /// brings back what was typed before the search.
    public mutating func endSearch() {
        guard let s = search else { return }
        end(keeping: s)
    }

    private mutating func end(keeping s: HistorySearch) {
        search = nil
        if !s.query.isEmpty { previousQuery = s.query }
        guard s.match != nil else { return }
        draft = s.beforeIndex == nil ? String(s.before.chars) : s.beforeDraft
        if s.before.chars != chars, undoStack.last != s.before { undoStack.append(s.before) }
    }

    private mutating func seek(_ s: inout HistorySearch, from start: Int, skipping: String?) {
        guard start >= 0, let found = HistorySearch.find(s.query, in: history, from: start, skipping: skipping) else {
            s.failing = true
            return
        }
        s.failing = false
        s.match = found.index
        show(found.index, cursorAt: found.offset)
    }

    private mutating func restore(_ s: HistorySearch) {
        chars = s.before.chars
        cursor = s.before.cursor
        historyIndex = s.beforeIndex
        draft = s.beforeDraft
    }
}
