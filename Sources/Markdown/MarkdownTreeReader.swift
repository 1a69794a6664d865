import CCmarkGFM

/// Turns cmark-gfm's node tree into `MarkdownBlock`s and `MarkdownInline`s.
///
/// Recursion is bounded: past `MarkdownParser.maxDepth` nested block quotes and lists, the
/// leaf blocks inside are hoisted into the deepest kept container, and past as many nested
/// inline spans, the text inside is kept without the deeper styles. Both walks past the cap use a
/// heap stack, so 10,000 levels cost neither the C stack nor a deep Swift value.
struct MarkdownTreeReader {
    let maxDepth = MarkdownParser.maxDepth

    // MARK: Blocks

    /// The blocks inside `node`, `depth` containers deep. At the cap, a nested block quote or
    /// list gives way to the leaf blocks inside it.
    func blocks(ofChildren node: OpaquePointer, depth: Int) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        for child in children(of: node) {
            if depth >= maxDepth && isContainer(child) {
                result += leafBlocks(under: child)
            } else if let block = block(child, depth: depth) {
                result.append(block)
            }
        }
        return result
    }

    func block(_ node: OpaquePointer, depth: Int) -> MarkdownBlock? {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(inlines(ofChildren: node, depth: 0))
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(ofChildren: node, depth: 0))
        case CMARK_NODE_CODE_BLOCK:
            let info = string(cmark_node_get_fence_info(node))
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            return .codeBlock(language: language, code: droppingFinalNewline(string(cmark_node_get_literal(node))))
        case CMARK_NODE_HTML_BLOCK:
            return .html(droppingFinalNewline(string(cmark_node_get_literal(node))))
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote(blocks(ofChildren: node, depth: depth + 1))
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let items = children(of: node).map { item in
                MarkdownListItem(checked: taskState(item), blocks: blocks(ofChildren: item, depth: depth + 1))
            }
            return .list(MarkdownList(ordered: ordered,
                                      start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
                                      tight: cmark_node_get_list_tight(node) != 0, items: items))
        default:
            if typeName(node) == "table" { return .table(table(node)) }
            return nil  // nothing else reaches a document parsed with these extensions
        }
    }

    /// Every leaf block under `node`, depth first, without the containers around them.
    private func leafBlocks(under node: OpaquePointer) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        var stack = children(of: node).reversed() as [OpaquePointer]
        while let next = stack.popLast() {
            if isContainer(next) || cmark_node_get_type(next) == CMARK_NODE_ITEM {
                stack.append(contentsOf: children(of: next).reversed())
            } else if let leaf = block(next, depth: maxDepth) {
                result.append(leaf)
            }
        }
        return result
    }

    private func isContainer(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST
    }

    private func taskState(_ item: OpaquePointer) -> Bool? {
        typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
    }

    private func table(_ node: OpaquePointer) -> MarkdownTable {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments = [MarkdownTable.Alignment](repeating: .none, count: columns)
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for column in 0..<columns {
                switch UInt8(raw[column]) {
                case UInt8(ascii: "l"): alignments[column] = .left
                case UInt8(ascii: "c"): alignments[column] = .center
                case UInt8(ascii: "r"): alignments[column] = .right
                default: break
                }
            }
        }
        var header: [[MarkdownInline]] = []
        var rows: [[[MarkdownInline]]] = []
        for row in children(of: node) {
            let cells = children(of: row).map { inlines(ofChildren: $0, depth: 0) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 { header = cells } else { rows.append(cells) }
        }
        return MarkdownTable(alignments: alignments, header: header, rows: rows)
    }

    // MARK: Inlines

    func inlines(ofChildren node: OpaquePointer, depth: Int) -> [MarkdownInline] {
        guard depth < maxDepth else { return flatInlines(under: node) }
        var result = InlineCollector()
        for child in children(of: node) { if let inline = inline(child, depth: depth) { result.add(inline) } }
        return result.finish()
    }

    private func inline(_ node: OpaquePointer, depth: Int) -> MarkdownInline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .html(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_EMPH: return .emphasis(inlines(ofChildren: node, depth: depth + 1))
        case CMARK_NODE_STRONG: return .strong(inlines(ofChildren: node, depth: depth + 1))
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)), inlines(ofChildren: node, depth: depth + 1))
        case CMARK_NODE_IMAGE:
            return .image(source: string(cmark_node_get_url(node)), alt: plainText(under: node))
        default:
            if typeName(node) == "strikethrough" { return .strikethrough(inlines(ofChildren: node, depth: depth + 1)) }
            return nil
        }
    }

    /// The leaves under `node` without the spans around them (walked with a heap stack).
    private func flatInlines(under node: OpaquePointer) -> [MarkdownInline] {
        var result = InlineCollector()
        var stack = children(of: node).reversed() as [OpaquePointer]
        while let next = stack.popLast() {
            switch cmark_node_get_type(next) {
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK:
                stack.append(contentsOf: children(of: next).reversed())
            default:
                if typeName(next) == "strikethrough" {
                    stack.append(contentsOf: children(of: next).reversed())
                } else if let leaf = inline(next, depth: maxDepth) {
                    result.add(leaf)
                }
            }
        }
        return result.finish()
    }

    /// An image's description as plain text: the literal text of everything inside it.
    private func plainText(under node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: text += string(cmark_node_get_literal(current))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return text
    }

    // MARK: Helpers

    func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private func typeName(_ node: OpaquePointer) -> String { string(cmark_node_get_type_string(node)) }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    private func droppingFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

/// Inlines with adjacent text merged and empty text dropped (cmark-gfm leaves both behind:
/// around autolinks, at each unmatched delimiter), so equal text gives equal values. The text
/// is gathered in one buffer: merging into the last value would copy it each time.
private struct InlineCollector {
    private var inlines: [MarkdownInline] = []
    private var text = ""

    mutating func add(_ inline: MarkdownInline) {
        if case .text(let more) = inline { return text += more }
        flush()
        inlines.append(inline)
    }

    mutating func finish() -> [MarkdownInline] {
        flush()
        return inlines
    }

    private mutating func flush() {
        if !text.isEmpty { inlines.append(.text(text)) }
        text = ""
    }
}
