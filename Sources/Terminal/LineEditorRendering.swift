import Core

// Drawing a LineEditor: its text wrapped into rows, the cursor kept in view.
extension LineEditor {
    /// Visual rows as grapheme ranges: word-wrapped at `width`, a row per `\n`.
    func rows(width: Int) -> [Range<Int>] {
        let width = max(1, width)
        var rows: [Range<Int>] = []
        var start = 0, column = 0, i = 0
        var lastSpace: Int?
        while i < chars.count {
            let c = chars[i]
            if c == "\n" {
                rows.append(start..<i)
                start = i + 1; column = 0; lastSpace = nil; i += 1
                continue
            }
            let w = TextWidth.of(c)
            if c == " ", column + w > width {
                // A space at the edge hangs past it (it is not drawn) and ends the row.
                rows.append(start..<(i + 1))
                start = i + 1; column = 0; lastSpace = nil; i += 1
                continue
            }
            if column + w > width, i > start {
                if let sp = lastSpace {
                    rows.append(start..<(sp + 1))  // the space stays at the end of its row
                    start = sp + 1
                    column = TextWidth.of(String(chars[start..<i]))
                    lastSpace = nil
                } else {
                    rows.append(start..<i)
                    start = i; column = 0
                }
                continue
            }
            if c == " " { lastSpace = i }
            column += w
            i += 1
        }
        rows.append(start..<chars.count)
        return rows
    }

    /// Rows the text needs at `width`, counting a row for a cursor pushed past a full row.
    public func visualRowCount(width: Int) -> Int {
        let rows = rows(width: width)
        return max(rows.count, layout(rows, width: width).cursorRow + 1)
    }

    /// The cursor's visual row and column; past a full row it moves to the next row.
    func layout(_ rows: [Range<Int>], width: Int) -> (cursorRow: Int, cursorColumn: Int) {
        let r = rows.lastIndex { $0.lowerBound <= cursor } ?? 0
        let column = TextWidth.of(String(chars[rows[r].lowerBound..<cursor]))
        return column >= max(1, width) ? (r + 1, 0) : (r, column)
    }

    /// Draws the text wrapped to `rect`, scrolled so the cursor row is visible (the end of
    /// the text is preferred), and sets `canvas.cursor`. An empty editor shows `placeholder`.
    public func render(into canvas: inout Canvas, rect: Rect, style: Style,
                       placeholder: String? = nil, placeholderStyle: Style = .plain) {
        canvas.fill(rect, style: style)
        guard !rect.isEmpty else { return }
        if chars.isEmpty {
            if let placeholder {
                canvas.put(truncate(placeholder, toWidth: rect.width), in: rect, style: placeholderStyle)
            }
            canvas.cursor = Point(x: rect.x, y: rect.y)
            return
        }
        let rows = rows(width: rect.width)
        let (cursorRow, cursorColumn) = layout(rows, width: rect.width)
        let total = max(rows.count, cursorRow + 1)
        var top = min(max(0, total - rect.height), cursorRow)
        top = max(top, cursorRow - rect.height + 1)
        for line in 0..<rect.height where top + line < rows.count {
            canvas.put(String(chars[rows[top + line]]), in: rect, line: line, style: style)
        }
        canvas.cursor = Point(x: rect.x + cursorColumn, y: rect.y + cursorRow - top)
    }
}
