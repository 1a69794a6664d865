import Core

// A LineEditor's edits and moves: deleting and killing, yank, transpose, undo, word and line bounds.
extension LineEditor {
    /// Deletes `a..<b` (no kill: Backspace, Del, Ctrl-D).
    mutating func delete(from a: Int, to b: Int) -> EditorAction {
        let a = max(0, a), b = min(chars.count, b)
        guard a < b else { return .unchanged }
        checkpoint()
        remove(a..<b)
        return .edited
    }

    /// Deletes `a..<b` and keeps it for Ctrl-Y; right after another kill it adds to what that
    /// kept (before it when killing backwards), so Ctrl-W Ctrl-W yanks both words back.
    mutating func kill(from a: Int, to b: Int, after previous: LastKey) -> EditorAction {
        let a = max(0, a), b = min(chars.count, b)
        lastKey = .kill
        guard a < b else { return .unchanged }
        let text = String(chars[a..<b])
        let backwards = b == cursor && a < cursor
        if previous == .kill { killed = backwards ? text + killed : killed + text } else { killed = text }
        checkpoint()
        remove(a..<b)
        return .edited
    }

    private mutating func remove(_ range: Range<Int>) {
        chars.removeSubrange(range)
        cursor = range.lowerBound
        recluster(range.lowerBound..<range.lowerBound)
    }

    /// Ctrl-Y: what the last kill removed, at the cursor.
    mutating func yank() -> EditorAction {
        guard !killed.isEmpty else { return .unchanged }
        checkpoint()
        put(Array(killed))
        return .edited
    }

    /// Ctrl-T, as readline: the character before the cursor and the one under it change places
    /// and the cursor moves on; at the end of a line, the two before the cursor.
    mutating func transpose() -> EditorAction {
        let start = lineStart(cursor), end = lineEnd(cursor)
        let right = cursor == end ? cursor - 1 : cursor
        guard right - 1 >= start, right < chars.count, chars[right] != "\n" else { return .unchanged }
        checkpoint()
        chars.swapAt(right - 1, right)
        cursor = right + 1
        recluster(right - 1..<right + 1)
        return .edited
    }

    /// Ctrl-_: the text and cursor as they were before the last edit.
    mutating func undo() -> EditorAction {
        guard let last = undoStack.popLast() else { return .unchanged }
        chars = last.chars
        cursor = last.cursor
        historyIndex = nil
        draft = ""
        return .edited
    }

    /// Remembers the text before an edit, for Ctrl-_.
    mutating func checkpoint() {
        let now = Snapshot(chars: chars, cursor: cursor)
        guard undoStack.last?.chars != now.chars else { return }
        undoStack.append(now)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
    }

    /// The whole text replaced (a history entry, the app's `text =`), cursor at the end: one undo step.
    mutating func replace(with new: [Character]) {
        if new != chars { checkpoint() }
        chars = new
        cursor = chars.count
    }

    mutating func move(to i: Int) -> EditorAction {
        let old = cursor
        cursor = i
        return cursor == old ? .unchanged : .moved
    }

    func lineStart(_ i: Int) -> Int {
        var j = min(i, chars.count)
        while j > 0, chars[j - 1] != "\n" { j -= 1 }
        return j
    }

    func lineEnd(_ i: Int) -> Int {
        var j = i
        while j < chars.count, chars[j] != "\n" { j += 1 }
        return j
    }

    private static func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Alt-B, Alt-Backspace: the start of the word before `i` (letters, digits, `_`).
    func wordStart(before i: Int) -> Int {
        var j = i
        while j > 0, !Self.isWordChar(chars[j - 1]) { j -= 1 }
        while j > 0, Self.isWordChar(chars[j - 1]) { j -= 1 }
        return j
    }

    /// Alt-F, Alt-D: the end of the word after `i`.
    func wordEnd(after i: Int) -> Int {
        var j = i
        while j < chars.count, !Self.isWordChar(chars[j]) { j += 1 }
        while j < chars.count, Self.isWordChar(chars[j]) { j += 1 }
        return j
    }

    /// Ctrl-W, as readline's unix-word-rubout: back to the whitespace before the word, so
    /// `~/notes/today.md` goes at once where Alt-Backspace takes `md`.
    func spaceStart(before i: Int) -> Int {
        var j = i
        while j > 0, chars[j - 1].isWhitespace { j -= 1 }
        while j > 0, !chars[j - 1].isWhitespace { j -= 1 }
        return j
    }

    /// Up/Down between lines of the text, keeping the display column where possible.
    mutating func verticalMove(up: Bool) -> EditorAction {
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
}
