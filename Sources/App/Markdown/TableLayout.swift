import Markdown
import Terminal

/// A GFM table drawn with box characters in `width` columns: columns sized to their content,
/// shrunk fairly to fit (cells wrap), alignment honored. Columns that cannot get two columns
/// of room each are left out, and a last column of `…` says so.
enum TableLayout {
    /// A cell's content is measured up to this width: a 1 MB cell costs no more to size.
    static let maxNatural = 1 << 16

    static func lines(_ table: MarkdownTable, width: Int, base: [StyleName]) -> [[MarkdownRun]] {
        let count = max(table.header.count, table.alignments.count, table.rows.map(\.count).max() ?? 0)
        guard count > 0 else { return [] }
        // Each column costs its content (two columns at least: a wide character), a space
        // either side and a border; one border more.
        let fitting = max(1, (width - 1) / 5)
        let shown = count <= fitting ? count : max(1, fitting - 1)
        let more = shown < count

        func cells(_ row: [[MarkdownInline]], header: Bool) -> [[MarkdownRun]] {
            (0..<shown).map { i in
                i < row.count ? InlineLayout.runs(row[i], base: header ? base + [.tableHeader] : base) : []
            }
        }
        let header = cells(table.header, header: true)
        let rows = table.rows.map { cells($0, header: false) }

        var natural = [Int](repeating: 1, count: shown)
        for row in [header] + rows {
            for (i, cell) in row.enumerated() {
                let w = InlineLayout.wrap(cell, width: maxNatural).map(lineWidth).max() ?? 0
                natural[i] = max(natural[i], w)
            }
        }
        let room = max(2 * shown, width - 1 - 3 * shown - (more ? 4 : 0))
        let widths = fairShares(natural, room: room)
        let alignments = (0..<shown).map { $0 < table.alignments.count ? table.alignments[$0] : .none }

        func border(_ left: String, _ mid: String, _ right: String) -> [MarkdownRun] {
            var parts = widths.map { String(repeating: "─", count: $0 + 2) }
            if more { parts.append("───") }
            return [MarkdownRun(left + parts.joined(separator: mid) + right, [.tableBorder])]
        }
        var out: [[MarkdownRun]] = [border("┌", "┬", "┐")]
        func add(_ row: [[MarkdownRun]]) {
            let wrapped = row.enumerated().map { i, cell in InlineLayout.wrap(cell, width: widths[i]) }
            let height = wrapped.map(\.count).max() ?? 1
            for l in 0..<height {
                var line = [MarkdownRun("│", [.tableBorder])]
                for (i, cellLines) in wrapped.enumerated() {
                    let content = l < cellLines.count ? cellLines[l] : []
                    line += aligned(content, width: widths[i], alignments[i], base: base)
                    line.append(MarkdownRun("│", [.tableBorder]))
                }
                if more {
                    line.append(MarkdownRun(l == 0 ? " … " : "   ", base))
                    line.append(MarkdownRun("│", [.tableBorder]))
                }
                out.append(line)
            }
        }
        add(header)
        out.append(border("├", "┼", "┤"))
        for row in rows { add(row) }
        out.append(border("└", "┴", "┘"))
        let total = 1 + widths.reduce(0) { $0 + $1 + 3 } + (more ? 4 : 0)
        return total > width ? out.map { clip($0, width: width) } : out  // only in a handful of columns
    }

    /// A line cut to `width` (a table in fewer columns than its narrowest form needs).
    static func clip(_ runs: [MarkdownRun], width: Int) -> [MarkdownRun] {
        var left = width
        var out: [MarkdownRun] = []
        for run in runs where left > 0 {
            let text = truncate(run.text, toWidth: left, ellipsis: false)
            left -= TextWidth.of(text)
            out.append(MarkdownRun(text, run.styles))
        }
        return out
    }

    /// Widths for columns wanting `natural` in `room` columns: all of it when it fits, else
    /// the narrow ones whole and the rest an even share (never under two columns).
    static func fairShares(_ natural: [Int], room: Int) -> [Int] {
        if natural.reduce(0, +) <= room { return natural }
        var widths = natural
        var left = room
        var columnsLeft = natural.count
        for i in natural.indices.sorted(by: { natural[$0] < natural[$1] }) {
            let share = max(2, left / columnsLeft)
            widths[i] = min(natural[i], share)
            left -= widths[i]
            columnsLeft -= 1
        }
        return widths
    }

    static func lineWidth(_ runs: [MarkdownRun]) -> Int { runs.reduce(0) { $0 + TextWidth.of($1.text) } }

    /// A cell line padded to `width` with a space either side, as the column is aligned.
    static func aligned(_ content: [MarkdownRun], width: Int, _ alignment: MarkdownTable.Alignment, base: [StyleName]) -> [MarkdownRun] {
        let free = max(0, width - lineWidth(content))
        let before: Int
        switch alignment {
        case .right: before = free
        case .center: before = free / 2
        case .none, .left: before = 0
        }
        return [MarkdownRun(String(repeating: " ", count: 1 + before), base)] + content
            + [MarkdownRun(String(repeating: " ", count: 1 + free - before), base)]
    }
}
