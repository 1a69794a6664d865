/// A Markdown answer as the transcript draws it: CommonMark blocks and inlines with the GFM
/// extensions (tables, strikethrough, task lists, autolinks), read by cmark-gfm
/// (`MarkdownParser`). Raw HTML is kept as text: it is shown, never interpreted.
public struct MarkdownDocument: Equatable, Sendable {
    public var blocks: [MarkdownBlock]
    public init(blocks: [MarkdownBlock]) { self.blocks = blocks }
}

public indirect enum MarkdownBlock: Equatable, Sendable {
    case heading(level: Int, [MarkdownInline])
    case paragraph([MarkdownInline])
    case list(MarkdownList)
    case blockQuote([MarkdownBlock])
    /// A fenced or indented code block; `language` is the info string's first word.
    case codeBlock(language: String?, code: String)
    case thematicBreak
    case table(MarkdownTable)
    /// An HTML block, as text.
    case html(String)
}

public struct MarkdownList: Equatable, Sendable {
    public var ordered: Bool
    /// The first number of an ordered list.
    public var start: Int
    /// A tight list has no blank lines between its items.
    public var tight: Bool
    public var items: [MarkdownListItem]
    public init(ordered: Bool, start: Int = 1, tight: Bool = true, items: [MarkdownListItem]) {
        self.ordered = ordered; self.start = start; self.tight = tight; self.items = items
    }
}

public struct MarkdownListItem: Equatable, Sendable {
    /// A GFM task list item: `- [ ]` is false, `- [x]` true; nil for an ordinary item.
    public var checked: Bool?
    public var blocks: [MarkdownBlock]
    public init(checked: Bool? = nil, blocks: [MarkdownBlock]) { self.checked = checked; self.blocks = blocks }
}

public struct MarkdownTable: Equatable, Sendable {
    public enum Alignment: Equatable, Sendable { case none, left, center, right }
    public var alignments: [Alignment]
    public var header: [[MarkdownInline]]
    public var rows: [[[MarkdownInline]]]
    public init(alignments: [Alignment], header: [[MarkdownInline]], rows: [[[MarkdownInline]]]) {
        self.alignments = alignments; self.header = header; self.rows = rows
    }
}

public indirect enum MarkdownInline: Equatable, Sendable {
    case text(String)
    case code(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    case link(destination: String, [MarkdownInline])
    /// Drawn as `[image: alt](url)` text.
    case image(source: String, alt: String)
    case softBreak
    case lineBreak
    /// Inline HTML, as text.
    case html(String)
}
