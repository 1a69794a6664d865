import Core
import Markdown
import Terminal

/// A code block's lines: the `codeBlock` background across the width, a label line above
/// with the language and the block's number (`[1]`, what `c` and `o` choose by), and no
/// wrapping: a line wider than the room is cut, ending in `→`, and kept whole in
/// `MarkdownLine.code` for scrolling, copying or opening it.
enum CodeBlockLayout {
    /// The mark at the end of a cut line.
    static let cutMark = "→"

    /// `number` counts from 0; the label shows it from 1 when `numbered` (where keys act on it).
    static func lines(language: String?, code: String, width: Int, number: Int, numbered: Bool = true) -> [MarkdownLine] {
        var out = label(language: language, number: numbered ? number : nil, width: width).map { [MarkdownLine($0)] } ?? []
        var text = Sanitizer.clean(code)
        if text.hasSuffix("\n") { text.removeLast() }
        let highlighted = Highlighter.tokens(code: text, language: language)
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let whole = String(line)
            let tokens = i < highlighted.count ? highlighted[i] : [HighlightToken(.plain, whole)]
            out.append(MarkdownLine(self.line(tokens, width: width), code: (number, whole)))
        }
        return out
    }

    /// ` python          [1] `: the language at the left, the number at the right with a space
    /// of margin on each side; the language is cut first when the width is short. Without a
    /// number, nil when there is no language either.
    static func label(language: String?, number: Int?, width: Int) -> [MarkdownRun]? {
        let name = Sanitizer.clean(language ?? "").split(separator: "\n").first.map { " " + $0 } ?? ""
        guard number != nil || !name.isEmpty else { return nil }
        let tag = number.map { truncate("[\($0 + 1)] ", toWidth: width, ellipsis: false) } ?? ""
        let room = width - TextWidth.of(tag)
        let shown = truncate(name, toWidth: max(0, room))
        return [MarkdownRun(shown, [.codeBlock, .codeLanguage]), pad(room - TextWidth.of(shown)),
                MarkdownRun(tag, [.codeBlock, .codeLanguage])].filter { !$0.text.isEmpty }
    }

    /// One code line in `width` columns: a space of margin, the code's runs in their token
    /// styles, the background after it; a line wider than the room is cut and ends in `cutMark`.
    static func line(_ tokens: [HighlightToken], width: Int) -> [MarkdownRun] {
        let room = width - 1
        guard room > 0 else { return [pad(width)] }
        let cut = !fitsWhole(tokens, room: room)
        let limit = cut ? room - 1 : room  // a cut line keeps a column for the mark
        var runs = [MarkdownRun(" ", [.codeBlock])], used = 0
        for token in tokens where used < limit {
            let shown = truncate(String(token.text.prefix(limit - used)), toWidth: limit - used, ellipsis: false)
            runs.append(MarkdownRun(shown, style(token.kind).map { [.codeBlock, $0] } ?? [.codeBlock]))
            used += TextWidth.of(shown)
        }
        runs.append(pad(limit - used))
        if cut { runs.append(MarkdownRun(cutMark, [.codeBlock, .codeLanguage])) }
        return runs.filter { !$0.text.isEmpty }
    }

    /// Whether the runs fit in `room` columns, measured only as far as the room: a 1 MB line
    /// costs its cut.
    private static func fitsWhole(_ tokens: [HighlightToken], room: Int) -> Bool {
        var used = 0
        for token in tokens {
            guard token.text.prefix(room - used + 1).count <= room - used else { return false }
            used += TextWidth.of(token.text)
            if used > room { return false }
        }
        return true
    }

    /// The style a highlighted token wears over the block's background; nil for plain code.
    static func style(_ kind: HighlightKind) -> StyleName? {
        switch kind {
        case .plain: return nil
        case .keyword: return .codeKeyword
        case .type: return .codeType
        case .string: return .codeString
        case .number: return .codeNumber
        case .comment: return .codeComment
        case .function: return .codeFunction
        case .punctuation: return .codePunctuation
        case .inserted: return .codeInserted
        case .deleted: return .codeDeleted
        case .hunk: return .codeMeta
        }
    }

    static func pad(_ n: Int) -> MarkdownRun { MarkdownRun(String(repeating: " ", count: max(0, n)), [.codeBlock]) }
}
