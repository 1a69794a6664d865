import Core
import Markdown

/// A code block still being written, laid out as `CodeBlockLayout.lines` does, but keeping
/// the lines that ended in "\n" and the highlighting state after them: the next layout, with
/// more code, highlights and lays out only the lines after those.
struct GrowingCodeBlock {
    let language: String?
    let width: Int
    let number: Int
    /// The label and the lines that ended in "\n".
    private var finished: [MarkdownLine]
    /// The clean code those lines came from, through its last "\n".
    private var finishedText = ""
    private var state = HighlightState.normal
    private let codeLanguage: CodeLanguage?

    private init(language: String?, width: Int, number: Int) {
        self.language = language
        self.width = width
        self.number = number
        codeLanguage = CodeLanguage(fenceName: language)
        finished = CodeBlockLayout.label(language: language, number: number, width: width).map { [MarkdownLine($0)] } ?? []
    }

    /// `old` when it is the same block at the same width, else a fresh one.
    static func extending(_ old: GrowingCodeBlock?, language: String?, width: Int, number: Int) -> GrowingCodeBlock {
        if let old, old.language == language, old.width == width, old.number == number { return old }
        return GrowingCodeBlock(language: language, width: width, number: number)
    }

    /// The block's lines for `code`, the same as `CodeBlockLayout.lines` gives; when `code`
    /// does not continue the code seen before, laid out afresh.
    mutating func lines(_ code: String) -> [MarkdownLine] {
        let text = Sanitizer.clean(code)
        if !UTF8Bytes.hasPrefix(text, finishedText) { self = GrowingCodeBlock(language: language, width: width, number: number) }
        let rest = text.utf8.dropFirst(finishedText.utf8.count)
        var pieces = rest.split(separator: 0x0A, omittingEmptySubsequences: false)
        let open = String(Substring(pieces.removeLast()))
        for piece in pieces {
            let line = String(Substring(piece))
            finished.append(layout(line, state: &state))
            finishedText += line + "\n"
        }
        // The line still open; a block with no line at all shows one empty line.
        guard !open.isEmpty || finishedText.isEmpty else { return finished }
        var openState = state
        return finished + [layout(open, state: &openState)]
    }

    private func layout(_ line: String, state: inout HighlightState) -> MarkdownLine {
        let tokens = Highlighter.tokens(line: line, as: codeLanguage, state: &state)
        return MarkdownLine(CodeBlockLayout.line(tokens, width: width), code: (number, line))
    }
}
