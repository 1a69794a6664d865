import CCmarkGFM

/// Reads Markdown with cmark-gfm (CommonMark plus the GFM table, strikethrough, task list and
/// autolink extensions) into a `MarkdownDocument`. Raw HTML becomes `.html` text: nothing is
/// rendered as HTML, so no "unsafe" option matters.
public enum MarkdownParser {
    /// Deepest nesting kept as structure, counted separately for containers (block quotes and
    /// lists) and for inlines (emphasis, strong, strikethrough, links). cmark-gfm itself caps
    /// nothing (`- - - … x` nests 10,000 lists), and the Swift values are compared and freed
    /// recursively, so deeper content is kept but flattened into the level at the cap
    /// (see `MarkdownTreeReader`).
    public static let maxDepth = 32

    /// A text with a line holding more `|` than this is read without the table extension, and
    /// one with a line holding more `@` than this without the autolink extension: Debian's
    /// cmark-gfm (0.29.0.gfm.6) splits table rows in time quadratic in their cells (64,000
    /// cells: 6 s) and spends microseconds per `@` of a long run. 500-column tables still work.
    public static let maxMarksPerLine = 1_000

    public static func parse(_ text: String) -> MarkdownDocument {
        var text = text
        return text.withUTF8 { MarkdownDocument(blocks: parseBlocks($0[...])) }
    }

    /// The blocks of `bytes` (UTF-8), read as a document of its own.
    static func parseBlocks(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [MarkdownBlock] {
        withTree(bytes) { root in MarkdownTreeReader().blocks(ofChildren: root, depth: 0) }
    }

    /// Parses `bytes` and hands the document node to `body`; the tree and the parser are freed
    /// when `body` returns.
    static func withTree<T>(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ body: (OpaquePointer) -> T) -> T {
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT)!
        defer { cmark_parser_free(parser) }
        let marks = MarkdownLines.busiestLine(bytes)
        let extensions = Extensions.shared
        cmark_parser_attach_syntax_extension(parser, extensions.strikethrough)
        cmark_parser_attach_syntax_extension(parser, extensions.tasklist)
        if marks.pipes <= maxMarksPerLine { cmark_parser_attach_syntax_extension(parser, extensions.table) }
        if marks.ats <= maxMarksPerLine { cmark_parser_attach_syntax_extension(parser, extensions.autolink) }
        // Fed with a length, not as a C string: a NUL in the text does not cut it short.
        UnsafeBufferPointer(rebasing: bytes).withMemoryRebound(to: CChar.self) { chars in
            if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
        }
        let root = cmark_parser_finish(parser)!
        defer { cmark_node_free(root) }
        return body(root)
    }

    /// The GFM extensions, registered once per process.
    private struct Extensions: @unchecked Sendable {  // pointers to cmark's immutable static registry
        let table = find("table"), strikethrough = find("strikethrough"), tasklist = find("tasklist"), autolink = find("autolink")
        static let shared: Extensions = {
            cmark_gfm_core_extensions_ensure_registered()
            return Extensions()
        }()
        private static func find(_ name: String) -> OpaquePointer { name.withCString { cmark_find_syntax_extension($0)! } }
    }
}
