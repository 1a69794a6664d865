/// One language's table for the shared tokenizer (`LineTokenizer`): everything that differs
/// between languages is data here, so no scanning code is written twice.
struct LanguageSpec: Sendable {
    struct StringRule: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        /// A backslash hides the next byte from the closing delimiter.
        var escapes = true
        /// Goes on across lines (an unterminated single-line string ends with its line).
        var multiline = false
        /// A character literal (`'a'`, `'\n'`): counts only when it closes right away, so a
        /// Rust lifetime (`'a`) or a lone quote stays punctuation.
        var charLiteral = false
    }

    struct BlockComment: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        var nests = false
    }

    enum RawStrings: Sendable {
        case none
        /// Swift: `#"…"#`, `##"…"##`, `#"""…"""#`.
        case swift
        /// Rust: `r"…"`, `r#"…"#`, `br#"…"#`, multi-line.
        case rust
    }

    /// Line handling around the tokenizer for formats that are read line by line.
    enum LineForm: Sendable { case code, yaml, toml, diff, console }

    var keywords: Set<String> = []
    var types: Set<String> = []
    /// Built-in functions and commands, shown as `.function`.
    var builtins: Set<String> = []
    var caseInsensitive = false
    var lineComments: [[UInt8]] = []
    /// `#` starts a comment only at the line's start or after a space (shell, YAML).
    var commentNeedsSpace = false
    var blockComments: [BlockComment] = []
    var strings: [StringRule] = []
    /// Words glued before a quote that belong to the string (`f"…"`, `b'…'`, `u8"…"`).
    var stringPrefixes: Set<String> = []
    var rawStrings = RawStrings.none
    /// A capitalized word with a lower-case letter is a type (`UserName`, not `MAX_SIZE`).
    var capitalizedAreTypes = false
    /// A word right before `(` is a function.
    var callsAreFunctions = true
    /// `@word` is a keyword (Swift attributes, Python and TypeScript decorators).
    var atWords = false
    /// `#word` is a keyword (C preprocessor, Swift `#if`); off where `#` starts comments.
    var hashWords = false
    /// `$name`, `${…}`, `$1` are variables (shell), shown as `.type`.
    var dollarVariables = false
    /// Bytes besides letters, digits, `_` and non-ASCII that continue a word (`$` in JS).
    var wordExtras: Set<UInt8> = []
    /// Bytes that also start a word (`$` in JS, `-` of a shell option).
    var wordStarts: Set<UInt8> = []
    /// A string followed by `:` is a key (JSON), shown as `.type`.
    var stringKeys = false
    var lineForm = LineForm.code

    /// Per byte: `startsWord`, `inWord`, `opens` (may begin a comment, string or marker), so
    /// the scanner skips its table lookups for the common bytes.
    private(set) var byteClass = [UInt8](repeating: 0, count: 256)
    static let startsWord: UInt8 = 1, inWord: UInt8 = 2, opens: UInt8 = 4
    /// Longer words are no keyword: they are not looked up (nor turned into strings).
    private(set) var longestWord = 0

    init(_ configure: (inout LanguageSpec) -> Void) {
        configure(&self)
        // Longest opener first, so `"""` wins over `"`.
        strings.sort { $0.open.count > $1.open.count }
        classifyBytes()
    }

    private mutating func classifyBytes() {
        byteClass = [UInt8](repeating: 0, count: 256)
        for byte in 0...255 {
            let c = UInt8(byte)
            if HighlightBytes.isUpper(c) || HighlightBytes.isLower(c) || c == UInt8(ascii: "_") || c >= 0x80 || wordStarts.contains(c) {
                byteClass[byte] |= Self.startsWord | Self.inWord
            }
            if HighlightBytes.isDigit(c) || wordExtras.contains(c) { byteClass[byte] |= Self.inWord }
        }
        for opener in blockComments.map(\.open) + lineComments + strings.map(\.open) {
            if let c = opener.first { byteClass[Int(c)] |= Self.opens }
        }
        for c in "#$@".utf8 { byteClass[Int(c)] |= Self.opens }  // raw strings, variables, attributes
        longestWord = (keywords.union(types).union(builtins).union(stringPrefixes).map(\.utf8.count).max() ?? 0)
    }
}

extension LanguageSpec.StringRule {
    init(_ open: String, _ close: String? = nil, escapes: Bool = true, multiline: Bool = false,
         charLiteral: Bool = false) {
        self.open = Array(open.utf8); self.close = Array((close ?? open).utf8)
        self.escapes = escapes; self.multiline = multiline; self.charLiteral = charLiteral
    }
}

extension LanguageSpec.BlockComment {
    init(_ open: String, _ close: String, nests: Bool = false) {
        self.open = Array(open.utf8); self.close = Array(close.utf8); self.nests = nests
    }
}
