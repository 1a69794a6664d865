/// Graphemes that ncurses cannot draw whole, written straight to the terminal after its frame.
///
/// Why: a cchar_t holds at most CCHARW_MAX (5) scalars, and `setcchar` stops at the first one
/// after the base that the C library's wcwidth calls spacing, so a ZWJ family came out as its
/// first person and a rainbow flag as a white flag plus a stray joiner; a VS16 emoji that
/// wcwidth calls narrow was drawn narrow. For such a cell ncurses gets two blank placeholder
/// cells (marked with an attribute no other cell uses, so whatever replaces them differs in its
/// copy of the screen and is drawn); after `doupdate` the grapheme is written whole at its
/// column, with the rest of its row after it, every cell after a grapheme placed by its column: a terminal that
/// draws the grapheme wider than two columns has what it covered drawn again, and autowrap is
/// off meanwhile, so nothing runs into the next row. The cursor and attributes ncurses left
/// are saved and restored around it (DECSC / DECRC).
enum DirectClusters {
    /// Whether ncurses can hold `cell` as it is, measured the way ncurses measures (`wcwidth`);
    /// never a sequence ending in a joiner (see `completed`).
    static func fitsCurses(_ cell: Cell, wcwidth: (UInt32) -> Int32) -> Bool {
        var count = 0
        if cell.text.unicodeScalars.last?.value == 0x200D { return false }
        for s in cell.text.unicodeScalars {
            let w = Int(wcwidth(s.value))
            if count == 0 ? w != Int(cell.width) : w != 0 { return false }
            count += 1
        }
        return count <= maxScalarsPerCell
    }

    /// CCHARW_MAX in ncurses' headers (a macro Swift does not import).
    static let maxScalarsPerCell = 5

    /// The bytes that draw `rows` (row → first column to draw from) of `canvas`, each cell by
    /// an absolute cursor move; `color` gives the SGR parameters of a style's colors.
    static func sequence(_ canvas: Canvas, rows: [Int: Int], color: (Style) -> String) -> String {
        var out = "\u{1B}7\u{1B}[?7l"
        var lastStyle: Style?
        for y in rows.keys.sorted() {
            var placed = false  // the cursor is where the next cell goes: after a plain ASCII cell
            for x in rows[y]!..<canvas.width {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                if !placed { out += "\u{1B}[\(y + 1);\(x + 1)H" }
                placed = cell.width == 1 && cell.text.utf8.count == 1
                if cell.style != lastStyle {
                    out += ANSIStyle.sgr(cell.style, colors: color(cell.style))
                    lastStyle = cell.style
                }
                out += isPrintable(cell.text) ? completed(cell.text) : String(repeating: " ", count: max(1, Int(cell.width)))
            }
        }
        return out + "\u{1B}[?7h\u{1B}8"
    }

    /// SGR color parameters for curses color numbers as `ColorPairs` makes them (-1 the
    /// terminal's own; over 255 only with direct color, a packed RGB value).
    static func colorParameters(foreground fg: Int32, background bg: Int32, directColor: Bool) -> String {
        func one(_ n: Int32, base: Int) -> String {
            switch n {
            case ..<0: return "\(base + 9)"
            case 0..<8: return "\(base + Int(n))"
            case 8..<16 where !directColor: return "\(base + 60 + Int(n) - 8)"
            case _ where !directColor: return "\(base + 8);5;\(n)"
            default: return "\(base + 8);2;\((n >> 16) & 255);\((n >> 8) & 255);\(n & 255)"
            }
        }
        return one(fg, base: 30) + ";" + one(bg, base: 40)
    }

    /// A sequence still being typed ends in a joiner; sent as it is, the terminal joins whatever
    /// it is sent next (a space, the next cell) to it. Drawn without it, it looks the same.
    static func completed(_ text: String) -> String {
        guard text.unicodeScalars.last?.value == 0x200D else { return text }
        var scalars = text.unicodeScalars
        while scalars.last?.value == 0x200D { scalars.removeLast() }
        return String(scalars)
    }

    /// Cells are drawn from sanitized text; a control character here would still not go out raw.
    private static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }
}
