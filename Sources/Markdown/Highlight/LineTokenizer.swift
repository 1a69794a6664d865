/// The one scanner all languages share, driven by a `LanguageSpec`. It reads one line's bytes
/// once, left to right (each construct is matched where it starts and never scanned again, so
/// the time is linear in the line), and never fails: anything it does not know is punctuation
/// or plain text, and an unterminated string or comment just runs to the end of the line (or
/// on into the next lines, through the returned state, when the language allows that).
struct LineTokenizer {
    let spec: LanguageSpec
    let bytes: [UInt8]
    /// The end of the line (exclusive; the `\n` is not part of it).
    let end: Int
    let lineStart: Int
    var out: RunBuilder

    init(spec: LanguageSpec, bytes: [UInt8], start: Int, end: Int) {
        self.spec = spec; self.bytes = bytes; self.end = end; lineStart = start
        out = RunBuilder(start: start)
    }

    var position: Int { out.position }

    mutating func emit(_ kind: HighlightKind, to index: Int) { out.emit(kind, to: min(index, end), in: bytes) }

    /// Tokenizes from the current position to the end of the line.
    mutating func run(_ state: HighlightState) -> HighlightState {
        var state = resume(state)
        while state == .normal, position < end { state = step() }
        return state
    }

    /// Continues what the previous line left open.
    private mutating func resume(_ state: HighlightState) -> HighlightState {
        switch state {
        case .normal, .continued, .yamlBlock: .normal
        case let .blockComment(index, depth): blockComment(index, depth: depth, from: position)
        case let .string(index):
            spec.strings.indices.contains(index) ? string(spec.strings[index], index, from: position) : .normal
        case let .rawString(hashes, triple): rawString(hashes: hashes, triple: triple, from: position)
        }
    }

    /// One token at the current position.
    private mutating func step() -> HighlightState {
        let i = position, c = bytes[i], byteClass = spec.byteClass[Int(c)]
        if byteClass & LanguageSpec.opens != 0, let state = opening(at: i) { return state }
        if byteClass & LanguageSpec.startsWord != 0 { return word(at: i) }
        if HighlightBytes.isDigit(c) { number(at: i); return .normal }
        if c == 0x20 || c == 0x09 {
            var j = i + 1
            while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            emit(.plain, to: j)
        } else {
            emit(.punctuation, to: i + 1)
        }
        return .normal
    }

    // MARK: Comments and strings

    /// A comment, string, raw string, variable or `@`/`#` word starting at `i`.
    private mutating func opening(at i: Int) -> HighlightState? {
        let c = bytes[i]
        for (index, comment) in spec.blockComments.enumerated() where matches(comment.open, at: i) {
            return blockComment(index, depth: 1, from: i + comment.open.count)
        }
        for marker in spec.lineComments where matches(marker, at: i) {
            if !spec.commentNeedsSpace || i == lineStart || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 {
                emit(.comment, to: end)
                return .normal
            }
        }
        if spec.rawStrings == .swift, c == UInt8(ascii: "#"), let state = swiftRawString(at: i) { return state }
        if let state = quoted(at: i) { return state }
        if c == UInt8(ascii: "$"), spec.dollarVariables { variable(at: i); return .normal }
        if (c == UInt8(ascii: "@") && spec.atWords) || (c == UInt8(ascii: "#") && spec.hashWords),
           i + 1 < end, spec.byteClass[Int(bytes[i + 1])] & LanguageSpec.startsWord != 0 {
            emit(.keyword, to: wordEnd(from: i + 1))
            return .normal
        }
        return nil
    }

    private mutating func blockComment(_ index: Int, depth: Int, from start: Int) -> HighlightState {
        guard spec.blockComments.indices.contains(index) else { return .normal }
        let comment = spec.blockComments[index]
        var depth = depth, j = start
        while j < end {
            if comment.nests, matches(comment.open, at: j) {
                depth += 1; j += comment.open.count
            } else if matches(comment.close, at: j) {
                depth -= 1; j += comment.close.count
                if depth == 0 { emit(.comment, to: j); return .normal }
            } else {
                j += 1
            }
        }
        emit(.comment, to: end)
        return .blockComment(index: index, depth: depth)
    }

    /// A string opening at `i` (with a prefix word already counted from the run's start).
    private mutating func quoted(at i: Int) -> HighlightState? {
        for (index, rule) in spec.strings.enumerated() where matches(rule.open, at: i) {
            if rule.charLiteral && !closesAsCharacter(rule, at: i + rule.open.count) { return nil }
            return string(rule, index, from: i + rule.open.count)
        }
        return nil
    }

    private mutating func string(_ rule: LanguageSpec.StringRule, _ index: Int, from start: Int) -> HighlightState {
        var j = start
        while j < end {
            if rule.escapes && bytes[j] == UInt8(ascii: "\\") { j += 2; continue }
            if matches(rule.close, at: j) {
                j += rule.close.count
                emit(spec.stringKeys && isKey(after: j) ? .type : .string, to: j)
                return .normal
            }
            j += 1
        }
        emit(.string, to: end)
        return rule.multiline ? .string(index: index) : .normal
    }

    /// `'a'` or `'\n'`: a character literal closes after one scalar or a short escape.
    private func closesAsCharacter(_ rule: LanguageSpec.StringRule, at j: Int) -> Bool {
        guard j < end, !matches(rule.close, at: j) else { return false }
        if bytes[j] == UInt8(ascii: "\\") {
            var k = j + 2
            while k < min(end, j + 12) { if matches(rule.close, at: k) { return true }; k += 1 }
            return false
        }
        let lead = bytes[j]
        let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return matches(rule.close, at: j + width)
    }

    /// Swift `#"…"#` (one line) and `#"""…"""#` (many); the `#`s count.
    private mutating func swiftRawString(at i: Int) -> HighlightState? {
        var j = i
        while j < end, bytes[j] == UInt8(ascii: "#") { j += 1 }
        guard j < end, bytes[j] == UInt8(ascii: "\"") else { return nil }
        let triple = matches(Array("\"\"\"".utf8), at: j)
        let state = rawString(hashes: j - i, triple: triple, from: j + (triple ? 3 : 1))
        return triple ? state : .normal
    }

    /// Rust `r"…"`, `r#"…"#` after the prefix word ending at `j`.
    private mutating func rustRawString(at j: Int) -> HighlightState? {
        var k = j
        while k < end, bytes[k] == UInt8(ascii: "#") { k += 1 }
        guard k < end, bytes[k] == UInt8(ascii: "\"") else { return nil }
        return rawString(hashes: k - j, triple: false, from: k + 1)
    }

    private mutating func rawString(hashes: Int, triple: Bool, from start: Int) -> HighlightState {
        let close = Array(repeating: UInt8(ascii: "\""), count: triple ? 3 : 1) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        var j = start
        while j < end {
            if matches(close, at: j) { emit(.string, to: j + close.count); return .normal }
            j += 1
        }
        emit(.string, to: end)
        return .rawString(hashes: hashes, triple: triple)
    }

    // MARK: Words, numbers, variables

    private mutating func word(at i: Int) -> HighlightState {
        let j = wordEnd(from: i)
        let text = j - i <= spec.longestWord ? String(decoding: bytes[i..<j], as: UTF8.self) : ""
        if spec.stringPrefixes.contains(text) {
            // The prefix joins the string: the run starts at the word.
            if let state = quoted(at: j) { return state }
        }
        if spec.rawStrings == .rust, text == "r" || text == "br", let state = rustRawString(at: j) { return state }
        let key = spec.caseInsensitive ? text.lowercased() : text
        let kind: HighlightKind
        if spec.keywords.contains(key) { kind = .keyword }
        else if spec.types.contains(key) { kind = .type }
        else if spec.builtins.contains(key) { kind = .function }
        else if spec.capitalizedAreTypes, HighlightBytes.isUpper(bytes[i]), bytes[i..<j].contains(where: HighlightBytes.isLower) { kind = .type }
        else if spec.callsAreFunctions, j < end, bytes[j] == UInt8(ascii: "(") { kind = .function }
        else { kind = .plain }
        emit(kind, to: j)
        return .normal
    }

    /// Digits, `0x…`, `1_000`, `1.5e-3`, suffixes (`10u32`, `2.0f`, `10n`).
    private mutating func number(at i: Int) {
        var j = i + 1, sawDot = false
        let hex = bytes[i] == UInt8(ascii: "0") && j < end && (bytes[j] | 0x20) == UInt8(ascii: "x")
        while j < end {
            let c = bytes[j]
            if HighlightBytes.isASCIIWord(c) {
                j += 1
            } else if c == UInt8(ascii: "."), !sawDot, j + 1 < end, HighlightBytes.isDigit(bytes[j + 1]) {
                sawDot = true; j += 1
            } else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")), !hex, (bytes[j - 1] | 0x20) == UInt8(ascii: "e") {
                j += 1
            } else {
                break
            }
        }
        emit(.number, to: j)
    }

    /// `$name`, `${…}`, `$1`, `$?`; `$(` and `$'…'` leave the `$` as punctuation.
    private mutating func variable(at i: Int) {
        guard i + 1 < end else { return emit(.punctuation, to: i + 1) }
        let c = bytes[i + 1]
        if c == UInt8(ascii: "{") {
            var j = i + 2
            while j < end, bytes[j] != UInt8(ascii: "}") { j += 1 }
            emit(.type, to: j + 1)
        } else if spec.byteClass[Int(c)] & LanguageSpec.startsWord != 0 || HighlightBytes.isDigit(c) {
            var j = i + 1
            while j < end, HighlightBytes.isASCIIWord(bytes[j]) || bytes[j] >= 0x80 { j += 1 }
            emit(.type, to: j)
        } else if "@*#?$!-".utf8.contains(c) {
            emit(.type, to: i + 2)
        } else {
            emit(.punctuation, to: i + 1)
        }
    }

    // MARK: Bytes

    func matches(_ pattern: [UInt8], at i: Int) -> Bool {
        guard i + pattern.count <= end else { return false }
        var k = 0
        while k < pattern.count { if bytes[i + k] != pattern[k] { return false }; k += 1 }
        return true
    }

    /// A string is a key when `:` follows it (after spaces).
    private func isKey(after j: Int) -> Bool {
        var k = j
        while k < end, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        return k < end && bytes[k] == UInt8(ascii: ":")
    }

    func wordEnd(from i: Int) -> Int {
        let byteClass = spec.byteClass
        var j = i
        while j < end, byteClass[Int(bytes[j])] & LanguageSpec.inWord != 0 { j += 1 }
        return j
    }
}

/// Byte tests, in a namespace so the Markdown module's other files keep these names free.
enum HighlightBytes {
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    static func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    static func isASCIIWord(_ c: UInt8) -> Bool { isDigit(c) || isUpper(c) || isLower(c) || c == UInt8(ascii: "_") }
}
