import Glibc
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
            var c = Sanitizer.clean(s)
            let hasNewline = c.withUTF8 { $0.count > 0 && memchr($0.baseAddress!, 0x0A, $0.count) != nil }
            return hasNewline ? c.replacingOccurrences(of: "\n", with: " ") : c
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

    /// The runs wrapped at `width` columns (see `WrappedRuns`).
    static func wrap(_ runs: [MarkdownRun], width: Int) -> [[MarkdownRun]] {
        WrappedRuns(runs, width: width).lines
    }
}
