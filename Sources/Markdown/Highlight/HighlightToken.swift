/// What a run of code is, for the theme to pick a style. Data formats reuse the code kinds: a
/// key in JSON, YAML or TOML and a shell variable are `.type`, a TOML table header is
/// `.keyword` (the full list is in docs/markdown.md, "Code highlighting").
public enum HighlightKind: String, Sendable, CaseIterable {
    case plain, keyword, type, string, number, comment, function, punctuation
    /// Diff lines: `+` added, `-` removed, `@@` hunk headers.
    case inserted, deleted, hunk
}

/// A run of one line of code with its kind. A line's runs, joined, are exactly the line.
public struct HighlightToken: Equatable, Sendable {
    public var kind: HighlightKind
    public var text: String
    public init(_ kind: HighlightKind, _ text: String) { self.kind = kind; self.text = text }
}

/// What a line leaves open for the next one: a block comment, a multi-line string, a YAML
/// block scalar, a console command continued with `\`. Start a block with `.normal`.
public enum HighlightState: Hashable, Sendable {
    case normal
    /// Inside the language's block comment number `index`, nested `depth` deep.
    case blockComment(index: Int, depth: Int)
    /// Inside the language's multi-line string rule number `index`.
    case string(index: Int)
    /// Inside a raw string closed by `"` (or `"""` when `triple`) and `hashes` × `#`.
    case rawString(hashes: Int, triple: Bool)
    /// Inside a YAML `|` or `>` block scalar whose parent sits at column `indent`.
    case yamlBlock(indent: Int)
    /// A console command line ended with `\`: the next line is more of the command.
    case continued
}
