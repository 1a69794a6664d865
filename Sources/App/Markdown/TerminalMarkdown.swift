import Core
import Markdown
import Terminal

/// Markdown as text for a terminal, styled with SGR sequences: what `aihelper ask` prints on
/// a tty (docs/markdown.md, In `aihelper ask`). Laid out by `MarkdownLayout` at the
/// terminal's width, so the text is cleaned there; the only escapes written are the
/// `ANSIStyle` sequences of the theme's styles.
public struct TerminalMarkdown: Sendable {
    /// A code line wider than the terminal is written whole (the terminal wraps it) up to
    /// this many columns; longer ones are cut, as in the chat.
    static let maxCodeWidth = 1024

    public let width: Int
    /// Brought down to the terminal's colors.
    let theme: Theme

    init(theme: Theme, width: Int) {
        self.theme = theme
        self.width = max(1, width)
    }

    /// The theme called `name` (nil: the default) at the terminal's color `depth`, and why the
    /// default is used instead when that theme does not load.
    public static func make(themeName: String?, themes: ThemeCatalog, depth: ColorDepth, width: Int)
        -> (markdown: TerminalMarkdown, warning: String?) {
        let (theme, warning) = themeName.map(themes.loadOrDefault) ?? (Theme.dark, nil)
        return (TerminalMarkdown(theme: theme.adapted(to: depth), width: width), warning)
    }

    /// Whether an answer is drawn rather than written as its source: on a terminal, unless
    /// `--raw`, `NO_COLOR` (any non-empty value) or a terminal that takes no escapes (`TERM`
    /// unset, empty or `dumb`). A pipe or a file always gets the source.
    public static func applies(toTerminal isTerminal: Bool, raw: Bool, environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return isTerminal && !raw && (environment["NO_COLOR"] ?? "").isEmpty && !term.isEmpty && term != "dumb"
    }

    /// The terminal's colors, from `COLORTERM` and the name in `TERM` (no terminfo is read:
    /// `xterm-direct` 24-bit, `…-256color`, kitty, alacritty, foot, wezterm, ghostty 256, `…-16color` 16, else 8).
    public static func colorDepth(environment: [String: String]) -> ColorDepth {
        let term = environment["TERM"] ?? ""
        let many = term.contains("256color") || TerminalType.hasManyColors(term)
        let colors = term.hasSuffix("-direct") ? 1 << 24 : many ? 256 : term.contains("16color") ? 16 : 8
        return ColorDepth.detect(environment: environment, colors: colors)
    }

    /// Top-level blocks, each line ending in a newline, a blank line between blocks: the same
    /// lines as one layout of the whole document, so blocks can be written as they finish.
    public func text(_ blocks: some Collection<MarkdownBlock>) -> String {
        var out = ""
        for (i, block) in blocks.enumerated() {
            if i > 0 { out += "\n" }
            for line in lines(block) {
                out += ANSIStyle.line(line.runs.map { ($0.text, style($0.styles)) }) + "\n"
            }
        }
        return out
    }

    /// A code block at the top level is laid out wide enough for its longest line (up to
    /// `maxCodeWidth`): a terminal cannot scroll sideways, so nothing of the code is cut.
    func lines(_ block: MarkdownBlock) -> [MarkdownLine] {
        var wide = width
        if case .codeBlock(_, let code) = block {
            let widest = code.split(separator: "\n").lazy.map { TextWidth.of(Sanitizer.clean(String($0.prefix(Self.maxCodeWidth)))) }.max() ?? 0
            wide = min(Self.maxCodeWidth, max(width, widest + 1))
        }
        // No `[n]` on code blocks: no keys choose them here.
        let lines = MarkdownLayout.lines(MarkdownDocument(blocks: [block]), width: wide, numbered: false)
        return wide == width ? lines : lines.map(fitted)
    }

    /// A line of a code block laid out wider than the terminal: its background padding cut
    /// back to the terminal's width, or left off where the code is wider.
    private func fitted(_ line: MarkdownLine) -> MarkdownLine {
        var line = line
        if let last = line.runs.last, last.styles == [.codeBlock], last.text.allSatisfy({ $0 == " " }) { line.runs.removeLast() }
        let used = line.width
        if used < width { line.runs.append(MarkdownRun(String(repeating: " ", count: width - used), [.codeBlock])) }
        return line
    }

    /// The theme's style for nested names, on the terminal's own colors: the `text` style's
    /// background is never painted, nor its foreground where no other background is.
    func style(_ names: [StyleName]) -> Style {
        var s = theme.style(nested: names)
        let base = theme[.text]
        if s.bg == base.bg { s.bg = .terminalDefault }
        if s.bg == .terminalDefault && s.fg == base.fg { s.fg = .terminalDefault }
        return s
    }
}

/// An answer written as it streams: each top-level block once it is finished
/// (`MarkdownStream.stable`), the rest when the answer ends. Together, what `append` and
/// `finish` return is `TerminalMarkdown.text` of the whole answer.
public struct StreamedMarkdown: Sendable {
    private let markdown: TerminalMarkdown
    private var stream = MarkdownStream()
    private var source = ""
    /// Top-level blocks written so far.
    private var written = 0

    public init(_ markdown: TerminalMarkdown) { self.markdown = markdown }

    /// Takes a piece of the answer; returns the blocks it finished, ready to write.
    public mutating func append(_ text: String) -> String {
        source += text
        // A block finishes only when a line is complete: no need to parse before a line ends.
        guard text.utf8.contains(where: { $0 == 10 || $0 == 13 }) else { return "" }
        stream.update(source)
        guard stream.stable.count > written else { return "" }
        return write(stream.stable[written...], total: stream.stable.count)
    }

    /// The answer ended: the blocks not yet written. A link reference definition may have
    /// stopped the split (`MarkdownStream.holdsWholeText`); blocks already written stay as they were.
    public mutating func finish() -> String {
        stream.update(source)
        let blocks = stream.blocks
        guard blocks.count > written else { return "" }
        return write(blocks[written...], total: blocks.count)
    }

    private mutating func write(_ blocks: ArraySlice<MarkdownBlock>, total: Int) -> String {
        let text = (written > 0 ? "\n" : "") + markdown.text(blocks)
        written = total
        return text
    }
}
