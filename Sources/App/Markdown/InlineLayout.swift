import Core
import Markdown
import Terminal

/// Inlines as styled runs, and styled runs wrapped at a width.
enum InlineLayout {
    /// Deeper inline nesting (emphasis in emphasis in …) adds no more styles.
    static let maxStyleDepth = 16

    /// The inlines as runs of clean text, styles nested inside `base`. A soft break is a
    /// space; a hard break is a run "\n" of its own. Links: the text, then " (url)" when the
    /// URL says something the text does not; images: "[image: alt](url)" (the word in the
    /// interface's language: a layout is for one language). Walked with a
    /// stack of its own, so deep nesting costs no call depth.
    static func runs(_ inlines: [MarkdownInline], base: [StyleName]) -> [MarkdownRun] {
        var out: [MarkdownRun] = []
        func add(_ text: String, _ styles: [StyleName]) {
            guard !text.isEmpty else { return }
            if text != "\n", let last = out.last, last.text != "\n", last.styles == styles { out[out.count - 1].text += text }
            else { out.append(MarkdownRun(text, styles)) }
        }
        func clean(_ s: String) -> String {
            // Inline text has no line breaks of its own (cmark gives them as breaks); raw HTML may.
            let c = Sanitizer.clean(s)
            return c.contains("\n") ? c.replacingOccurrences(of: "\n", with: " ") : c
        }
        struct Frame { var inlines: [MarkdownInline]; var next = 0; var styles: [StyleName]; var after: [MarkdownRun] = [] }
        var stack = [Frame(inlines: inlines, styles: base)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].inlines.count else {
                for run in stack.removeLast().after { add(run.text, run.styles) }
                continue
            }
            let inline = stack[top].inlines[stack[top].next]
            stack[top].next += 1
            let styles = stack[top].styles
            func nested(_ name: StyleName) -> [StyleName] { styles.count > maxStyleDepth ? styles : styles + [name] }
            switch inline {
            case .text(let s), .html(let s): add(clean(s), styles)
            case .code(let s): add(clean(s), nested(.inlineCode))
            case .softBreak: add(" ", styles)
            case .lineBreak: add("\n", styles)
            case .emphasis(let inner): stack.append(Frame(inlines: inner, styles: nested(.emphasis)))
            case .strong(let inner): stack.append(Frame(inlines: inner, styles: nested(.strong)))
            case .strikethrough(let inner): stack.append(Frame(inlines: inner, styles: nested(.strikethrough)))
            case .link(let destination, let inner):
                let url = clean(destination)
                let label = plainText(inner)
                let shown = url.isEmpty || url == label || url == "mailto:" + label
                let after = shown ? [] : [MarkdownRun(" (", base), MarkdownRun(url, base + [.linkUrl]), MarkdownRun(")", base)]
                stack.append(Frame(inlines: inner, styles: nested(.linkText), after: after))
            case .image(let source, let alt):
                add(tr.transcript.markdownImage(clean(alt)), nested(.linkText))
                let url = clean(source)
                if !url.isEmpty { add("(", styles); add(url, base + [.linkUrl]); add(")", styles) }
            }
        }
        return out
    }

    /// The text of inlines without styles (to compare a link's text with its URL).
    static func plainText(_ inlines: [MarkdownInline]) -> String {
        var out = ""
        var stack: [ArraySlice<MarkdownInline>] = [inlines[...]]
        while var top = stack.popLast() {
            guard let inline = top.popFirst() else { continue }
            stack.append(top)
            switch inline {
            case .text(let s), .code(let s), .html(let s): out += s
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let i), .strong(let i), .strikethrough(let i), .link(_, let i): stack.append(i[...])
            case .image(_, let alt): out += alt
            }
            if out.utf8.count > 4096 { break }  // enough to tell it from a URL
        }
        return Sanitizer.clean(out)
    }

    /// The runs wrapped at `width` columns, styles kept across breaks: breaks at spaces (the
    /// spaces at a break are dropped) and on either side of a wide character; a word wider
    /// than the line starts a fresh line and is cut between graphemes; "\n" runs start a new
    /// line. Linear in the text; printable ASCII is cut on bytes.
    static func wrap(_ runs: [MarkdownRun], width: Int) -> [[MarkdownRun]] {
        var w = LineBuilder(width: max(1, width))
        for run in runs {
            if run.text == "\n" { w.placeWord(); w.flush(); continue }
            if run.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                for (i, piece) in run.text.utf8.split(separator: 0x20, omittingEmptySubsequences: false).enumerated() {
                    if i > 0 { w.space(run.styles) }
                    if !piece.isEmpty { w.wordPart(String(Substring(piece)), width: piece.count, run.styles) }
                }
                continue
            }
            var narrow = "", narrowWidth = 0
            func endNarrow() { if !narrow.isEmpty { w.wordPart(narrow, width: narrowWidth, run.styles); narrow = ""; narrowWidth = 0 } }
            for c in run.text {
                if c == " " { endNarrow(); w.space(run.styles); continue }
                let cw = TextWidth.of(c)
                if cw == 2 {
                    // A wide character is a word of its own: a line may break on either side.
                    endNarrow(); w.placeWord(); w.wordPart(String(c), width: 2, run.styles); w.placeWord()
                } else {
                    narrow.append(c); narrowWidth += cw
                }
            }
            endNarrow()
        }
        w.placeWord()
        if !w.line.isEmpty || w.lines.isEmpty { w.flush() }
        return w.lines
    }
}

/// Greedy line filling for `InlineLayout.wrap`.
private struct LineBuilder {
    let width: Int
    var lines: [[MarkdownRun]] = []
    var line: [MarkdownRun] = []
    var lineWidth = 0
    var spaces: [MarkdownRun] = []
    var spacesWidth = 0
    var word: [MarkdownRun] = []
    var wordWidth = 0

    init(width: Int) { self.width = width }

    static func append(_ text: String, _ styles: [StyleName], to runs: inout [MarkdownRun]) {
        if let last = runs.last, last.styles == styles { runs[runs.count - 1].text += text } else { runs.append(MarkdownRun(text, styles)) }
    }

    mutating func flush() {
        lines.append(line)
        line = []; lineWidth = 0; spaces = []; spacesWidth = 0
    }

    mutating func space(_ styles: [StyleName]) {
        placeWord()
        guard lineWidth > 0 else { return }  // spaces at a line's start: dropped
        Self.append(" ", styles, to: &spaces)
        spacesWidth += 1
    }

    mutating func wordPart(_ text: String, width w: Int, _ styles: [StyleName]) {
        Self.append(text, styles, to: &word)
        wordWidth += w
    }

    mutating func placeWord() {
        guard !word.isEmpty else { return }
        defer { word = []; wordWidth = 0; spaces = []; spacesWidth = 0 }
        if lineWidth + spacesWidth + wordWidth <= width {
            for r in spaces + word { Self.append(r.text, r.styles, to: &line) }
            lineWidth += spacesWidth + wordWidth
            return
        }
        if lineWidth > 0 { flush() }
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
