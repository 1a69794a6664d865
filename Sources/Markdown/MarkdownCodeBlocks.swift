/// A code block of a document, for copying or opening it: the fence's language name and the
/// code as written (without the final newline).
public struct MarkdownCodeBlock: Equatable, Sendable {
    public var language: String?
    public var code: String
    public init(language: String?, code: String) { self.language = language; self.code = code }

    /// The extension of a file holding this code, so an editor or pager highlights it: the
    /// highlighter's language's, else the fence name itself when it reads as one (`html`, `rb`,
    /// `kotlin`: up to 10 ASCII letters and digits), else `txt`. Never a path or a dot.
    public var fileExtension: String {
        if let known = CodeLanguage(fenceName: language) { return known.fileExtension }
        guard let word = language?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first,
              (1...10).contains(word.count), word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return "txt" }
        return word.lowercased()
    }
}

extension MarkdownDocument {
    /// Every code block, nested ones too, in reading order: the order the layout numbers them
    /// (`[1]`, `[2]`, …). Walked with a stack of its own, so depth costs no call depth.
    public var codeBlocks: [MarkdownCodeBlock] {
        var out: [MarkdownCodeBlock] = []
        var stack: [ArraySlice<MarkdownBlock>] = [blocks[...]]
        while var top = stack.popLast() {
            guard let block = top.popFirst() else { continue }
            stack.append(top)
            switch block {
            case .codeBlock(let language, let code): out.append(MarkdownCodeBlock(language: language, code: code))
            case .list(let list): stack.append(list.items.flatMap(\.blocks)[...])
            case .blockQuote(let inner): stack.append(inner[...])
            default: break
            }
        }
        return out
    }
}
