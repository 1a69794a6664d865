/// Syntax highlighting for fenced code blocks: small hand-written tokenizers, one table per
/// language (`Specs`) over one shared scanner (`LineTokenizer`). Hand-written because no
/// highlighting library resolves here (none among the Swift packages this project can reach;
/// Debian's GNU source-highlight is a C++ library with its own language files), and because the
/// transcript needs guarantees a library would not promise: linear time, no failure on any
/// input, and runs that join back to exactly the line.
public enum Highlighter {
    /// Per line of `code` (split at `\n`; a final `\n` adds no empty line), its runs. Joining a
    /// line's runs gives the line back. An unknown or nil language gives one plain run per line.
    public static func tokens(code: String, language: String?) -> [[HighlightToken]] {
        tokens(code: code, as: CodeLanguage(fenceName: language))
    }

    public static func tokens(code: String, as language: CodeLanguage?) -> [[HighlightToken]] {
        // Lines are cut at the `\n` byte: as Characters, "\r\n" would not match "\n".
        let bytes = Array(code.utf8)
        var result: [[HighlightToken]] = []
        var state = HighlightState.normal, start = 0
        while start < bytes.count || (start == bytes.count && (start == 0 || bytes[start - 1] != 0x0A)) {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let language {
                var tokenizer = LineTokenizer(spec: language.spec, bytes: bytes, start: start, end: end)
                state = tokenizer.line(state)
                result.append(tokenizer.out.tokens(in: bytes, from: start))
            } else {
                result.append(end > start ? [HighlightToken(.plain, String(decoding: bytes[start..<end], as: UTF8.self))] : [])
            }
            start = end + 1
        }
        return result
    }

    /// One line (without its `\n`), carrying `state` from the line before to the line after:
    /// for a renderer that highlights a growing block a line at a time.
    public static func tokens(line: String, as language: CodeLanguage?, state: inout HighlightState) -> [HighlightToken] {
        guard let language else { return line.isEmpty ? [] : [HighlightToken(.plain, line)] }
        let bytes = Array(line.utf8)
        var tokenizer = LineTokenizer(spec: language.spec, bytes: bytes, start: 0, end: bytes.count)
        state = tokenizer.line(state)
        return tokenizer.out.tokens(in: bytes, from: 0)
    }
}
