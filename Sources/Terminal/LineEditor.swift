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

/// A multi-line text input with readline's keys (docs/keybindings.md, Editing text). Text is
/// kept as graphemes so cursor moves never split one. Not bound: Tab, Ctrl-G and Ctrl-X (the
/// app's: `$EDITOR`), Esc (the caller's, except to cancel Ctrl-R's search).
///
/// Kills (Ctrl-W, Alt-Backspace, Alt-D, Ctrl-U, Ctrl-K) keep what they removed for Ctrl-Y, kills
/// in a row adding up as in readline; Ctrl-_ undoes (typing a word at a time); Ctrl-R searches
/// the history backwards (`HistorySearch`, LineEditorHistory.swift). Editing: LineEditorEditing.swift;
/// drawing: LineEditorRendering.swift.
public struct LineEditor: Sendable, Equatable {
    var chars: [Character]
    /// Cursor position in graphemes, 0...text.count.
    public var cursor: Int { didSet { cursor = min(max(0, cursor), chars.count) } }
    /// Earlier submissions, oldest first; Up on the first line walks back through them, Ctrl-R
    /// searches them. Setting it ends a walk or a search through the old one.
    public var history: [String] {
        didSet { historyIndex = nil; draft = ""; search = nil }
    }
    /// The history entry shown (Up), nil while editing the draft.
    var historyIndex: Int?
    /// What was typed before Up showed a history entry; Down past the newest brings it back.
    var draft = ""
    /// Ctrl-R's search while it runs: the caller draws its prompt.
    public internal(set) var search: HistorySearch?
    /// The last query searched for: Ctrl-R on an empty search looks for it again, as in readline.
    var previousQuery: String?
    /// The text the last kill removed: Ctrl-Y puts it back (a kill ring of one).
    var killed = ""
    /// The last key's kind: kills in a row add up, typing in a row is one undo step per word.
    var lastKey = LastKey.other
    /// Earlier states of the text, newest last (Ctrl-_).
    var undoStack: [Snapshot] = []

    enum LastKey: Equatable, Sendable { case other, typing, kill }
    struct Snapshot: Equatable, Sendable {
        var chars: [Character]
        var cursor: Int
    }
    static let undoLimit = 200

    public init(text: String = "", history: [String] = []) {
        chars = Array(text)
        cursor = chars.count
        self.history = history
    }

    /// Setting the text puts the cursor at its end; Ctrl-_ can bring the old text back.
    public var text: String {
        get { String(chars) }
        set { replace(with: Array(newValue)) }
    }

    public var isEmpty: Bool { chars.isEmpty }

    /// The text before and after the cursor (a one-line field drawn with a cursor mark in it).
    public var textBeforeCursor: String { String(chars[..<cursor]) }
    public var textAfterCursor: String { String(chars[cursor...]) }

    /// A key for a one-line field (a filter, a search, a title): readline's keys, a paste's
    /// lines joined by spaces; nil for what it leaves to the caller: Enter, Alt-Enter, Up, Down.
    public mutating func handleOneLine(_ key: Key) -> EditorAction? {
        switch key {
        case .enter, .altEnter, .up, .down: return nil
        case .paste(let text) where text.contains(where: \.isNewline), .text(let text) where text.contains(where: \.isNewline):
            return handle(.paste(text.split(whereSeparator: \.isNewline).joined(separator: " ")))
        default: return handle(key)
        }
    }

    /// Returns the text, adds it to the history (unless `remember` is false, it is empty or a
    /// repeat of the last entry) and empties the editor. What was killed stays for Ctrl-Y.
    public mutating func commit(remember: Bool = true) -> String {
        let t = text
        search = nil
        if remember, !t.isEmpty, history.last != t { history.append(t) }
        chars = []
        cursor = 0
        historyIndex = nil
        draft = ""
        undoStack = []
        lastKey = .other
        return t
    }

    /// Inserts `s` (sanitized) at the cursor.
    public mutating func insert(_ s: String) {
        let new = Array(Sanitizer.clean(s))
        guard !new.isEmpty else { return }
        checkpoint()
        put(new)
    }

    /// Applies `key`; nil when it is not an editing key, so the caller can use it. While Ctrl-R
    /// searches, the search takes the keys it knows; another key ends it on the match found and
    /// then acts as usual.
    public mutating func handle(_ key: Key) -> EditorAction? {
        if search != nil, let action = searchKey(key) { return action }
        let previous = lastKey
        lastKey = .other
        switch key {
        case let .text(s): return type(s, after: previous)
        case let .paste(s): insert(s); return .edited
        case .enter: return .submit
        case .altEnter: insert("\n"); return .edited
        case .backspace: return delete(from: cursor - 1, to: cursor)
        case .delete, .ctrl("d"): return delete(from: cursor, to: cursor + 1)
        case .ctrl("w"): return kill(from: spaceStart(before: cursor), to: cursor, after: previous)
        case .altBackspace: return kill(from: wordStart(before: cursor), to: cursor, after: previous)
        case .alt("d"): return kill(from: cursor, to: wordEnd(after: cursor), after: previous)
        case .ctrl("u"): return kill(from: lineStart(cursor), to: cursor, after: previous)
        case .ctrl("k"): return kill(from: cursor, to: lineEnd(cursor), after: previous)
        case .ctrl("y"): return yank()
        case .ctrl("t"): return transpose()
        case .ctrl("_"): return undo()
        case .ctrl("r"): return startSearch()
        case .left, .ctrl("b"): return move(to: cursor - 1)
        case .right, .ctrl("f"): return move(to: cursor + 1)
        case .ctrlLeft, .altLeft, .alt("b"): return move(to: wordStart(before: cursor))
        case .ctrlRight, .altRight, .alt("f"): return move(to: wordEnd(after: cursor))
        case .home, .ctrl("a"): return move(to: lineStart(cursor))
        case .end, .ctrl("e"): return move(to: lineEnd(cursor))
        case .ctrlHome: return move(to: 0)
        case .ctrlEnd: return move(to: chars.count)
        case .up: return lineStart(cursor) == 0 ? historyBack() : verticalMove(up: true)
        case .down: return lineEnd(cursor) == chars.count ? historyForward() : verticalMove(up: false)
        default: return nil
        }
    }

    /// Typed text: a word typed (with the spaces after it) is one undo step.
    private mutating func type(_ s: String, after previous: LastKey) -> EditorAction {
        let new = Array(Sanitizer.clean(s))
        guard !new.isEmpty else { return .unchanged }
        let startsAWord = !new[0].isWhitespace && cursor > 0 && chars[cursor - 1].isWhitespace
        if previous != .typing || startsAWord { checkpoint() }
        put(new)
        lastKey = .typing
        return .edited
    }

    /// Inserts graphemes at the cursor (no undo step of its own).
    mutating func put(_ new: [Character]) {
        chars.insert(contentsOf: new, at: cursor)
        cursor += new.count
        recluster(cursor - new.count..<cursor)
    }

    /// Joins graphemes an edit split or made neighbours (an emoji's ZWJ, VS16 or skin tone typed
    /// after it, the two halves of a flag), so each is measured and moved over as one; the
    /// cursor stays after what it followed, or after the grapheme it now falls inside.
    mutating func recluster(_ edited: Range<Int>) {
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
}
