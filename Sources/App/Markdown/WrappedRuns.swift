import Core
import Terminal

/// A place in a list of runs: the run's index and a UTF-8 offset in its text.
struct RunPosition: Equatable {
    var run: Int
    var offset: Int
}

/// Runs wrapped at a width, styles kept across breaks: breaks at spaces (the spaces at a break
/// are dropped) and on either side of a wide character; a word wider than the line starts a
/// fresh line and is cut between graphemes; "\n" runs start a new line. Linear in the text;
/// printable ASCII is cut on bytes.
///
/// A streaming paragraph only grows at its end, so its wrapping is kept: `extending` wraps the
/// same runs with text added again only from the start of the last line that began with a
/// word (greedy filling never moves an earlier break when text is added after it).
struct WrappedRuns {
    private(set) var runs: [MarkdownRun]
    let width: Int
    private(set) var lines: [[MarkdownRun]]
    /// Where each line began in `runs` when it began with a whole word or after a "\n" (a
    /// place wrapping can start again from), nil for a line that continues a cut word.
    private var starts: [RunPosition?]

    init(_ runs: [MarkdownRun], width: Int) {
        self.init(runs, width: width, from: RunPosition(run: 0, offset: 0), keeping: nil)
    }

    /// `runs` wrapped at `width`, reusing `old`'s lines when `runs` extends `old.runs` (the
    /// same runs, the last one's text continued, more runs after it).
    static func extending(_ old: WrappedRuns?, to runs: [MarkdownRun], width: Int) -> WrappedRuns {
        guard let old, old.width == width, old.runs.count <= runs.count, !old.runs.isEmpty,
              let k = old.starts.lastIndex(where: { $0 != nil }), k > 0, let from = old.starts[k] else {
            return WrappedRuns(runs, width: width)
        }
        let last = old.runs.count - 1
        if runs.count == old.runs.count, runs[last] == old.runs[last], runs[..<last].elementsEqual(old.runs[..<last]) { return old }
        guard runs[last].styles == old.runs[last].styles, UTF8Bytes.hasPrefix(runs[last].text, old.runs[last].text),
              runs[..<last].elementsEqual(old.runs[..<last]) else { return WrappedRuns(runs, width: width) }
        return WrappedRuns(runs, width: width, from: from, keeping: (old.lines[..<k], old.starts[..<k]))
    }

    private init(_ runs: [MarkdownRun], width: Int, from: RunPosition,
                 keeping kept: (lines: ArraySlice<[MarkdownRun]>, starts: ArraySlice<RunPosition?>)?) {
        self.runs = runs
        self.width = max(1, width)
        var w = LineBuilder(width: self.width, start: from)
        for r in from.run..<runs.count {
            let run = runs[r]
            if run.text == "\n" { w.placeWord(); w.flush(); w.lineStart = RunPosition(run: r + 1, offset: 0); continue }
            let skip = r == from.run ? from.offset : 0
            let text = skip == 0 ? Substring(run.text) : Substring(run.text.utf8.dropFirst(skip))
            Self.feed(text, run: r, offset: skip, styles: run.styles, into: &w)
        }
        w.placeWord()
        if !w.line.isEmpty || (w.lines.isEmpty && (kept?.lines.isEmpty ?? true)) { w.flush() }
        lines = (kept.map { Array($0.lines) } ?? []) + w.lines
        starts = (kept.map { Array($0.starts) } ?? []) + w.starts
    }

    /// One run's text (from `offset` in it) given to the line builder word by word.
    private static func feed(_ text: Substring, run r: Int, offset: Int, styles: [StyleName], into w: inout LineBuilder) {
        var bytes = text
        if bytes.withUTF8(PrintableASCII.isAll) {
            var at = offset
            for (i, piece) in text.utf8.split(separator: 0x20, omittingEmptySubsequences: false).enumerated() {
                if i > 0 { w.space(styles); at += 1 }
                if !piece.isEmpty { w.wordPart(String(Substring(piece)), width: piece.count, styles, at: RunPosition(run: r, offset: at)) }
                at += piece.count
            }
            return
        }
        var narrow = "", narrowWidth = 0, narrowStart = offset, at = offset
        func endNarrow() {
            if !narrow.isEmpty { w.wordPart(narrow, width: narrowWidth, styles, at: RunPosition(run: r, offset: narrowStart)) }
            narrow = ""; narrowWidth = 0
        }
        for c in text {
            defer { at += c.utf8.count }
            if c == " " { endNarrow(); w.space(styles); continue }
            let cw = TextWidth.of(c)
            if cw == 2 {
                // A wide character is a word of its own: a line may break on either side.
                endNarrow(); w.placeWord(); w.wordPart(String(c), width: 2, styles, at: RunPosition(run: r, offset: at)); w.placeWord()
            } else {
                if narrow.isEmpty { narrowStart = at }
                narrow.append(c); narrowWidth += cw
            }
        }
        endNarrow()
    }
}

/// Greedy line filling for `WrappedRuns`.
private struct LineBuilder {
    let width: Int
    var lines: [[MarkdownRun]] = []
    var starts: [RunPosition?] = []
    var line: [MarkdownRun] = []
    var lineWidth = 0
    /// Where the line being filled began (see `WrappedRuns.starts`).
    var lineStart: RunPosition?
    var spaces: [MarkdownRun] = []
    var spacesWidth = 0
    var word: [MarkdownRun] = []
    var wordWidth = 0
    var wordStart: RunPosition?

    init(width: Int, start: RunPosition) { self.width = width; lineStart = start }

    static func append(_ text: String, _ styles: [StyleName], to runs: inout [MarkdownRun]) {
        if let last = runs.last, last.styles == styles { runs[runs.count - 1].text += text } else { runs.append(MarkdownRun(text, styles)) }
    }

    mutating func flush() {
        lines.append(line)
        starts.append(lineStart)
        line = []; lineWidth = 0; lineStart = nil
        spaces.removeAll(keepingCapacity: true); spacesWidth = 0
    }

    mutating func space(_ styles: [StyleName]) {
        placeWord()
        guard lineWidth > 0 else { return }  // spaces at a line's start: dropped
        Self.append(" ", styles, to: &spaces)
        spacesWidth += 1
    }

    mutating func wordPart(_ text: String, width w: Int, _ styles: [StyleName], at position: RunPosition) {
        if word.isEmpty { wordStart = position }
        Self.append(text, styles, to: &word)
        wordWidth += w
    }

    mutating func placeWord() {
        guard !word.isEmpty else { return }
        defer { word.removeAll(keepingCapacity: true); wordWidth = 0; spaces.removeAll(keepingCapacity: true); spacesWidth = 0 }
        if lineWidth + spacesWidth + wordWidth <= width {
            if lineWidth == 0 && line.isEmpty && lineStart == nil { lineStart = wordStart }
            for r in spaces { Self.append(r.text, r.styles, to: &line) }
            for r in word { Self.append(r.text, r.styles, to: &line) }
            lineWidth += spacesWidth + wordWidth
            return
        }
        if lineWidth > 0 { flush() }
        if lineStart == nil { lineStart = wordStart }
        if wordWidth <= width {
            line = word; lineWidth = wordWidth
            return
        }
        for run in word { cut(run) }
    }

    /// A word wider than the line, placed a line's width at a time.
    private mutating func cut(_ run: MarkdownRun) {
        if run.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var rest = Substring(run.text)
            while !rest.isEmpty {
                if lineWidth >= width { flush() }
                let take = min(width - lineWidth, rest.utf8.count)
                let end = rest.utf8.index(rest.startIndex, offsetBy: take)
                Self.append(String(rest[..<end]), run.styles, to: &line)
                lineWidth += take
                rest = rest[end...]
            }
            return
        }
        for c in run.text {
            let cw = TextWidth.of(c)
            if lineWidth + cw > width && lineWidth > 0 { flush() }
            Self.append(String(c), run.styles, to: &line)
            lineWidth += cw
        }
    }
}
