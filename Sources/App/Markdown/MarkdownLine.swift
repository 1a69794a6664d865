import Terminal

/// A piece of a laid-out Markdown line: clean text (passed through `Sanitizer`) and the
/// styles it is in, outermost first (`[.text, .linkText, .strong]` for bold link text).
/// Names, not colors: the layout is cached per width and stays right across theme switches.
struct MarkdownRun: Equatable {
    var text: String
    var styles: [StyleName]
    init(_ text: String, _ styles: [StyleName]) { self.text = text; self.styles = styles }
    /// The innermost style: the one a test or a reader names the run by.
    var style: StyleName { styles.last ?? .text }
}

/// One screen line of a Markdown document, at most the layout's width wide.
struct MarkdownLine: Equatable {
    var runs: [MarkdownRun]
    /// On a code block's lines: the block's number in the document (0, 1, …) and the whole
    /// line, clean but not cut, for scrolling, copying or opening it.
    var code: (block: Int, line: String)?

    init(_ runs: [MarkdownRun], code: (block: Int, line: String)? = nil) { self.runs = runs; self.code = code }

    var text: String { runs.map(\.text).joined() }
    var width: Int { runs.reduce(0) { $0 + TextWidth.of($1.text) } }

    static func == (a: MarkdownLine, b: MarkdownLine) -> Bool {
        a.runs == b.runs && a.code?.block == b.code?.block && a.code?.line == b.code?.line
    }

    /// The line in `theme`'s colors, for the canvas.
    func styled(_ theme: Theme) -> StyledLine {
        StyledLine(runs.map { ($0.text, theme.style(nested: $0.styles)) })
    }
}

extension Theme {
    /// Styles worn one inside the other (strong inside a link, a keyword inside a code block):
    /// attributes add up; each color comes from the innermost style that sets one other than
    /// the `text` style's (theme files leave a color out by giving it the text's), so bold
    /// link text keeps the link's color and a keyword keeps the code block's background.
    func style(nested names: [StyleName]) -> Style {
        guard let first = names.first else { return self[.text] }
        if names.count == 1 { return self[first] }
        let base = self[.text]
        var out = self[first]
        for name in names.dropFirst() {
            let s = self[name]
            if s.fg != base.fg { out.fg = s.fg }
            if s.bg != base.bg { out.bg = s.bg }
            out.bold = out.bold || s.bold
            out.dim = out.dim || s.dim
            out.italic = out.italic || s.italic
            out.underline = out.underline || s.underline
            out.reverse = out.reverse || s.reverse
        }
        // Never text in its own background's color (a token color on a code background at 8 colors).
        if out.fg == out.bg, out.fg != .terminalDefault { out.fg = self[first].fg == out.bg ? base.fg : self[first].fg }
        return out
    }
}
