import Core
/// One terminal cell: a grapheme cluster and its style. A wide character occupies its
/// own cell (width 2) and a continuation cell to its right (`text == ""`, width 0).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: UInt8
    public var style: Style

    public init(text: String, width: UInt8, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }
    public var isContinuation: Bool { width == 0 && text.isEmpty }
}

/// A grid of cells that panes draw into; backends copy it to the screen.
/// Invariant kept by every mutation: a width-2 cell is always followed by its
/// continuation, and a continuation always follows a width-2 cell.
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor is shown; nil hides it.
    public var cursor: Point?
    /// Left by whoever drew the last frame into this canvas, so it can tell next time that
    /// the canvas still holds that frame. Not part of equality.
    public var drawStamp = 0

    public static func == (a: Canvas, b: Canvas) -> Bool {
        a.width == b.width && a.height == b.height && a.cursor == b.cursor && a.cells == b.cells
    }

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    public init(size: Size, style: Style = .plain) { self.init(width: size.width, height: size.height, style: style) }

    public var size: Size { Size(width: width, height: height) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Draws `text` (sanitized) on row `y` from column `x`, clipped at the canvas edges and
    /// after `maxWidth` columns. Returns the columns used. A newline is drawn as a space;
    /// zero-width graphemes are skipped; a wide character that does not fit entirely is
    /// replaced by a space.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        if x >= 0, let used = putPrintableASCII(text, x: x, y: y, style: style, limit: limit) { return used }
        var col = x
        for c in Sanitizer.clean(text) {
            if col >= limit { break }
            let isNewline = c == "\n"
            let w = isNewline ? 1 : TextWidth.of(c)
            if w == 0 { continue }
            if col < 0 {
                // Left-clipped: the visible half of a wide character becomes a space.
                for cx in max(0, col)..<max(0, min(col + w, limit)) { set(cx, y, .blank(style)) }
                col += w
                continue
            }
            if col + w > limit {
                set(col, y, .blank(style))
                col += 1
                break
            }
            if isNewline {
                set(col, y, .blank(style))
            } else if w == 2 {
                setWide(col, y, Cell(text: String(c), width: 2, style: style))
            } else {
                set(col, y, Cell(text: String(c), width: 1, style: style))
            }
            col += w
        }
        return max(0, col - max(0, x))
    }

    /// `put` for text that is all printable ASCII (most of a transcript): a byte is a cell of
    /// width 1 and needs no cleaning, no grapheme breaking and no width lookup. Nil otherwise.
    private mutating func putPrintableASCII(_ text: String, x: Int, y: Int, style: Style, limit: Int) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            var col = x
            for b in bytes {
                if col >= limit { break }
                set(col, y, Cell(text: Self.asciiText[Int(b)], width: 1, style: style))
                col += 1
            }
            return max(0, col - x)
        }
    }

    /// One-character strings for the bytes under 0x80 (small strings: no allocation to share).
    private static let asciiText: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Draws `text` on line `line` of `rect`, starting `column` columns in, clipped to `rect`.
    @discardableResult
    public mutating func put(_ text: String, in rect: Rect, line: Int = 0, column: Int = 0, style: Style) -> Int {
        guard line >= 0, line < rect.height, column < rect.width else { return 0 }
        return put(text, x: rect.x + column, y: rect.y + line, style: style, maxWidth: rect.width - column)
    }

    /// Fills `r` (clipped) with `char`, which must be one column wide (else a space is used).
    public mutating func fill(_ r: Rect, style: Style, char: Character = " ") {
        let r = r.intersection(bounds)
        guard !r.isEmpty else { return }
        let fillChar = TextWidth.of(char) == 1 ? char : " "
        let cell = Cell(text: String(fillChar), width: 1, style: style)
        for y in r.y..<r.maxY {
            // Only the edge cells can split a wide character that reaches outside `r`; the
            // ones between are overwritten whole, halves and all.
            set(r.x, y, cell)
            guard r.width > 1 else { continue }
            set(r.maxX - 1, y, cell)
            let row = y * width
            for x in (r.x + 1)..<(r.maxX - 1) { cells[row + x] = cell }
        }
    }

    /// Copies the cells at `indexes` (and the continuation after each wide one) from `other`,
    /// which has the same size: how a backend brings its copy of the screen up to date
    /// without copying the whole grid.
    mutating func copyCells(from other: Canvas, at indexes: [Int]) {
        for i in indexes {
            let cell = other.cells[i]
            cells[i] = cell
            if cell.width == 2, i + 1 < cells.count { cells[i + 1] = other.cells[i + 1] }
        }
        cursor = other.cursor
    }

    /// Every cell blank in `style`; the cursor is hidden.
    public mutating func clear(style: Style = .plain) {
        cells = Array(repeating: .blank(style), count: width * height)
        cursor = nil
    }

    /// A single-line box around the edge of `r`, with an optional title in the top border:
    /// `┌─ Title ───┐`. Boxes smaller than 2×2 are not drawn; the title needs 7 columns.
    public mutating func box(_ r: Rect, title: String? = nil, style: Style, titleStyle: Style) {
        guard r.width >= 2, r.height >= 2 else { return }
        // Drawn every frame for every pane: cells are set directly, not measured as text.
        func edge(_ x: Int, _ y: Int, _ glyph: String) {
            if x >= 0, x < width, y >= 0, y < height { set(x, y, Cell(text: glyph, width: 1, style: style)) }
        }
        for x in (r.x + 1)..<(r.maxX - 1) { edge(x, r.y, "─"); edge(x, r.maxY - 1, "─") }
        for y in (r.y + 1)..<(r.maxY - 1) { edge(r.x, y, "│"); edge(r.maxX - 1, y, "│") }
        edge(r.x, r.y, "┌"); edge(r.maxX - 1, r.y, "┐"); edge(r.x, r.maxY - 1, "└"); edge(r.maxX - 1, r.maxY - 1, "┘")
        if let title, !title.isEmpty, r.width >= 7 {
            let shown = " " + truncate(title, toWidth: r.width - 6) + " "
            put(shown, x: r.x + 2, y: r.y, style: titleStyle, maxWidth: r.width - 4)
        }
    }

    /// Row `y` as text, continuation cells contributing nothing; not trimmed.
    public func row(_ y: Int) -> String {
        var s = ""
        for x in 0..<width { s += cells[y * width + x].text }
        return s
    }

    /// All rows with trailing spaces trimmed, joined by `\n`: the form snapshot tests compare.
    public func text() -> String {
        (0..<height).map { y -> String in
            var r = row(y)
            while r.last == " " { r.removeLast() }
            return r
        }.joined(separator: "\n")
    }

    // MARK: - Cell writes that keep wide characters whole

    /// Before `(x, y)` changes, a wide character it belongs to loses its other half.
    private mutating func detach(_ x: Int, _ y: Int) {
        let i = y * width + x
        let old = cells[i]
        if old.isContinuation, x > 0 {
            cells[i - 1] = .blank(cells[i - 1].style)
        } else if old.width == 2, x + 1 < width {
            cells[i + 1] = .blank(cells[i + 1].style)
        }
    }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        detach(x, y)
        cells[y * width + x] = cell
    }

    private mutating func setWide(_ x: Int, _ y: Int, _ cell: Cell) {
        detach(x, y)
        detach(x + 1, y)
        cells[y * width + x] = cell
        cells[y * width + x + 1] = Cell(text: "", width: 0, style: cell.style)
    }
}
