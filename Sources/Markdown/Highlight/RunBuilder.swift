/// Collects one line's runs as byte ranges of the code: neighbours of one kind merge, and
/// control characters (C0, DEL, C1) always come out as plain runs of their own bytes, so the
/// renderer, which neutralizes them, never sees one inside a styled run.
struct RunBuilder {
    private(set) var runs: [(kind: HighlightKind, end: Int)] = []
    private(set) var position: Int

    init(start: Int) { position = start }

    /// Adds `bytes[position..<end]` as `kind`.
    mutating func emit(_ kind: HighlightKind, to end: Int, in bytes: [UInt8]) {
        guard end > position else { return }
        guard kind != .plain else { return append(.plain, end) }
        var i = position
        while i < end {
            let width = Self.controlWidth(bytes, i, end)
            if width > 0 {
                if i > position { append(kind, i) }
                append(.plain, i + width)
                i += width
            } else {
                i += 1
            }
        }
        if end > position { append(kind, end) }
    }

    /// The runs as strings; every boundary sits next to an ASCII byte, so no scalar is cut.
    func tokens(in bytes: [UInt8], from start: Int) -> [HighlightToken] {
        var from = start
        return runs.map { run in
            defer { from = run.end }
            return HighlightToken(run.kind, String(decoding: bytes[from..<run.end], as: UTF8.self))
        }
    }

    private mutating func append(_ kind: HighlightKind, _ end: Int) {
        if let last = runs.last, last.kind == kind { runs[runs.count - 1].end = end } else { runs.append((kind, end)) }
        position = end
    }

    /// The length of the control character at `i` (1 for C0 and DEL, 2 for C1's UTF-8), else 0.
    private static func controlWidth(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Int {
        let b = bytes[i]
        if b < 0x20 || b == 0x7F { return 1 }
        if b == 0xC2, i + 1 < end, (0x80...0x9F).contains(bytes[i + 1]) { return 2 }
        return 0
    }
}
