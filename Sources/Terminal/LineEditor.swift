import Core
/// What a key did to a `LineEditor`.
public enum EditorAction: Hashable, Sendable {
    /// Enter: the caller decides whether to send; `commit()` takes the text.
    case submit
    /// The text changed.
    case edited
    /// Only the cursor (or the shown history entry's position) moved.
    case moved
    /// An editor key that had nothing to do (Backspace at the start, say).
    case unchanged
}

/// A multi-line text input. Text is kept as graphemes so cursor moves never split one.
/// Ctrl-E is deliberately not bound (the app opens `$EDITOR` with it); Tab is not either.
public struct LineEditor: Sendable {
    private var chars: [Character]
    /// Cursor position in graphemes, 0...text.count.
    public var cursor: Int { didSet { cursor = min(max(0, cursor), chars.count) } }
    /// Earlier submissions, oldest first; Up on the first line walks back through them.
    public var history: [String]
    private var historyIndex: Int?
    private var draft = ""

    public init(text: String = "", history: [String] = []) {
        chars = Array(text)
        cursor = chars.count
        self.history = history
    }

    /// Setting the text puts the cursor at its end.
    public var text: String {
        get { String(chars) }
        set { chars = Array(newValue); cursor = chars.count }
    }

    public var isEmpty: Bool { chars.isEmpty }

    /// Returns the text, adds it to the history (unless empty or a repeat of the last
    /// entry) and empties the editor.
    public mutating func commit() -> String {
        let t = text
        if !t.isEmpty, history.last != t { history.append(t) }
        chars = []
        cursor = 0
        historyIndex = nil
        draft = ""
        return t
    }

    /// Inserts `s` (sanitized) at the cursor.
    public mutating func insert(_ s: String) {
        let new = Array(Sanitizer.clean(s))
        chars.insert(contentsOf: new, at: cursor)
        cursor += new.count
        recluster(cursor - new.count..<cursor)
    }

    /// Joins graphemes an edit split or made neighbours (an emoji's ZWJ, VS16 or skin tone typed
    /// after it, the two halves of a flag), so each is measured and moved over as one; the
    /// cursor stays after what it followed, or after the grapheme it now falls inside.
    private mutating func recluster(_ edited: Range<Int>) {
        let lo = max(0, edited.lowerBound - 1), hi = min(chars.count, edited.upperBound + 1)
        guard hi - lo > 1 else { return }
        let joined = Array(String(chars[lo..<hi]))
        guard joined.count != hi - lo else { return }
        let before = String(chars[lo..<min(max(cursor, lo), hi)]).utf8.count
        var offset = 0, inside = 0
        while inside < joined.count, offset < before { offset += joined[inside].utf8.count; inside += 1 }
        chars.replaceSubrange(lo..<hi, with: joined)
        if cursor >= lo { cursor = cursor >= hi ? cursor - (hi - lo - joined.count) : lo + inside }
    }

    /// Applies `key`; nil when it is not an editing key, so the caller can use it.
    public mutating func handle(_ key: Key) -> EditorAction? {
        switch key {
        case let .text(s), let .paste(s):
            insert(s)
            return .edited
        case .enter: return .submit
        case .altEnter: insert("\n"); return .edited
        case .backspace: return delete(from: cursor - 1, to: cursor)
        case .delete, .ctrl("d"): return delete(from: cursor, to: cursor + 1)
        case .ctrl("w"), .altBackspace: return delete(from: wordStart(before: cursor), to: cursor)
        case .ctrl("u"): return delete(from: lineStart(cursor), to: cursor)
        case .ctrl("k"): return delete(from: cursor, to: lineEnd(cursor))
        case .left, .ctrl("b"): return move(to: cursor - 1)
        case .right, .ctrl("f"): return move(to: cursor + 1)
        case .ctrlLeft, .altLeft, .alt("b"): return move(to: wordStart(before: cursor))
        case .ctrlRight, .altRight, .alt("f"): return move(to: wordEnd(after: cursor))
        case .home, .ctrl("a"): return move(to: lineStart(cursor))
        case .end: return move(to: lineEnd(cursor))
        case .ctrlHome: return move(to: 0)
        case .ctrlEnd: return move(to: chars.count)
        case .up: return lineStart(cursor) == 0 ? historyBack() : verticalMove(up: true)
        case .down: return lineEnd(cursor) == chars.count ? historyForward() : verticalMove(up: false)
        default: return nil
        }
    }

    // MARK: - Editing

    private mutating func delete(from a: Int, to b: Int) -> EditorAction {
        let a = max(0, a), b = min(chars.count, b)
        guard a < b else { return .unchanged }
        chars.removeSubrange(a..<b)
        cursor = a
        recluster(a..<a)
        return .edited
    }

    private mutating func move(to i: Int) -> EditorAction {
        let old = cursor
        cursor = i
        return cursor == old ? .unchanged : .moved
    }

    private func lineStart(_ i: Int) -> Int {
        var j = min(i, chars.count)
        while j > 0, chars[j - 1] != "\n" { j -= 1 }
        return j
    }

    private func lineEnd(_ i: Int) -> Int {
        var j = i
        while j < chars.count, chars[j] != "\n" { j += 1 }
        return j
    }

    private static func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    private func wordStart(before i: Int) -> Int {
        var j = i
        while j > 0, !Self.isWordChar(chars[j - 1]) { j -= 1 }
        while j > 0, Self.isWordChar(chars[j - 1]) { j -= 1 }
        return j
    }

    private func wordEnd(after i: Int) -> Int {
        var j = i
        while j < chars.count, !Self.isWordChar(chars[j]) { j += 1 }
        while j < chars.count, Self.isWordChar(chars[j]) { j += 1 }
        return j
    }

    /// Up/Down between lines of the text, keeping the display column where possible.
    private mutating func verticalMove(up: Bool) -> EditorAction {
        let start = lineStart(cursor)
        let column = TextWidth.of(String(chars[start..<cursor]))
        let target = up ? lineStart(start - 1) : lineEnd(cursor) + 1
        var j = target, used = 0
        while j < chars.count, chars[j] != "\n" {
            let w = TextWidth.of(chars[j])
            if used + w > column { break }
            used += w
            j += 1
        }
        return move(to: j)
    }

    // MARK: - History

    private mutating func historyBack() -> EditorAction {
        guard !history.isEmpty else { return .unchanged }
        let index: Int
        if let current = historyIndex {
            guard current > 0 else { return .unchanged }
            index = current - 1
        } else {
            draft = text
            index = history.count - 1
        }
        historyIndex = index
        text = history[index]
        return .edited
    }

    /// Nil when not browsing the history: Down on the last line is free for the caller.
    private mutating func historyForward() -> EditorAction? {
        guard let current = historyIndex else { return nil }
        if current + 1 < history.count {
            historyIndex = current + 1
            text = history[current + 1]
        } else {
            historyIndex = nil
            text = draft
            draft = ""
        }
        return .edited
    }

    // MARK: - Rendering

    /// Visual rows as grapheme ranges: word-wrapped at `width`, a row per `\n`.
    func rows(width: Int) -> [Range<Int>] {
        let width = max(1, width)
        var rows: [Range<Int>] = []
        var start = 0, column = 0, i = 0
        var lastSpace: Int?
        while i < chars.count {
            let c = chars[i]
            if c == "\n" {
                rows.append(start..<i)
                start = i + 1; column = 0; lastSpace = nil; i += 1
                continue
            }
            let w = TextWidth.of(c)
            if c == " ", column + w > width {
                // A space at the edge hangs past it (it is not drawn) and ends the row.
                rows.append(start..<(i + 1))
                start = i + 1; column = 0; lastSpace = nil; i += 1
                continue
            }
            if column + w > width, i > start {
                if let sp = lastSpace {
                    rows.append(start..<(sp + 1))  // the space stays at the end of its row
                    start = sp + 1
                    column = TextWidth.of(String(chars[start..<i]))
                    lastSpace = nil
                } else {
                    rows.append(start..<i)
                    start = i; column = 0
                }
                continue
            }
            if c == " " { lastSpace = i }
            column += w
            i += 1
        }
        rows.append(start..<chars.count)
        return rows
    }

    /// Rows the text needs at `width`, counting a row for a cursor pushed past a full row.
    public func visualRowCount(width: Int) -> Int {
        let rows = rows(width: width)
        return max(rows.count, layout(rows, width: width).cursorRow + 1)
    }

    /// The cursor's visual row and column; past a full row it moves to the next row.
    private func layout(_ rows: [Range<Int>], width: Int) -> (cursorRow: Int, cursorColumn: Int) {
        let r = rows.lastIndex { $0.lowerBound <= cursor } ?? 0
        let column = TextWidth.of(String(chars[rows[r].lowerBound..<cursor]))
        return column >= max(1, width) ? (r + 1, 0) : (r, column)
    }

    /// Draws the text wrapped to `rect`, scrolled so the cursor row is visible (the end of
    /// the text is preferred), and sets `canvas.cursor`. An empty editor shows `placeholder`.
    public func render(into canvas: inout Canvas, rect: Rect, style: Style,
                       placeholder: String? = nil, placeholderStyle: Style = .plain) {
        canvas.fill(rect, style: style)
        guard !rect.isEmpty else { return }
        if chars.isEmpty {
            if let placeholder {
                canvas.put(truncate(placeholder, toWidth: rect.width), in: rect, style: placeholderStyle)
            }
            canvas.cursor = Point(x: rect.x, y: rect.y)
            return
        }
        let rows = rows(width: rect.width)
        let (cursorRow, cursorColumn) = layout(rows, width: rect.width)
        let total = max(rows.count, cursorRow + 1)
        var top = min(max(0, total - rect.height), cursorRow)
        top = max(top, cursorRow - rect.height + 1)
        for line in 0..<rect.height where top + line < rows.count {
            canvas.put(String(chars[rows[top + line]]), in: rect, line: line, style: style)
        }
        canvas.cursor = Point(x: rect.x + cursorColumn, y: rect.y + cursorRow - top)
    }
}
