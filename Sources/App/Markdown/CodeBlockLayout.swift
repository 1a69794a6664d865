import Core
import Terminal

/// A code block's lines: the `codeBlock` background across the width, the language on a
/// label line above, and no wrapping: a line wider than the room is cut, ending in `→`, and
/// kept whole in `MarkdownLine.code` for scrolling, copying or opening it.
enum CodeBlockLayout {
    /// The mark at the end of a cut line.
    static let cutMark = "→"

    static func lines(language: String?, code: String, width: Int, number: Int) -> [MarkdownLine] {
        var out: [MarkdownLine] = []
        let label = Sanitizer.clean(language ?? "").split(separator: "\n").first.map(String.init) ?? ""
        if !label.isEmpty {
            let shown = truncate(" " + label, toWidth: width)
            out.append(MarkdownLine([MarkdownRun(shown, [.codeBlock, .codeLanguage]), pad(width - TextWidth.of(shown))]))
        }
        var text = Sanitizer.clean(code)
        if text.hasSuffix("\n") { text.removeLast() }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let whole = String(line)
            out.append(MarkdownLine(self.line(whole, width: width), code: (number, whole)))
        }
        return out
    }

    /// One code line in `width` columns: a space of margin, the code, the background after it.
    static func line(_ code: String, width: Int) -> [MarkdownRun] {
        let room = width - 1
        guard room > 0 else { return [pad(width)] }
        // The width of a long line is only measured as far as the room: a 1 MB line costs its cut.
        if code.prefix(room + 1).count <= room && TextWidth.of(code) <= room {
            let shown = " " + code
            return [MarkdownRun(shown, [.codeBlock]), pad(width - TextWidth.of(shown))].filter { !$0.text.isEmpty }
        }
        let cut = truncate(String(code.prefix(room)), toWidth: room - 1, ellipsis: false)
        let used = 1 + TextWidth.of(cut)
        return [MarkdownRun(" " + cut, [.codeBlock]), pad(width - used - 1), MarkdownRun(cutMark, [.codeBlock, .codeLanguage])]
            .filter { !$0.text.isEmpty }
    }

    static func pad(_ n: Int) -> MarkdownRun { MarkdownRun(String(repeating: " ", count: max(0, n)), [.codeBlock]) }
}
