import Foundation
import Terminal

/// The chooser of `/provider`, `/model`, `/theme`, a code block, the conversation list and search: a box over
/// the panes with a filter line (or a prompt) and the list.
enum PickerOverlay {
    static func draw(_ picker: Picker, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let wide = picker.purpose == .conversations || picker.purpose == .search
        let width = min(area.width - 4, wide ? 110 : 72)
        let listRows = min(max(3, picker.items.count), max(3, area.height - 8))
        let height = listRows + 5
        guard width > 20, height <= area.height else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: picker.title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)

        let (top, topStyle) = topLine(picker)
        canvas.put(top, x: inner.x, y: inner.y, style: theme[topStyle], maxWidth: inner.width)
        if picker.purpose == .search, picker.search.searching {
            let mark = tr.conversations.searching
            canvas.put(mark, x: inner.x + max(0, inner.width - TextWidth.of(mark)), y: inner.y, style: theme[.muted])
        }

        let visible = picker.visible
        let first = ListWindow.top(count: visible.count, selected: picker.selected, height: listRows, previousTop: 0)
        if visible.isEmpty, !picker.filter.isEmpty, picker.purpose != .search {
            canvas.put(tr.conversations.nothingMatches(picker.filter), x: inner.x, y: inner.y + 2, style: theme[.muted], maxWidth: inner.width)
        }
        for (row, index) in (first..<min(visible.count, first + listRows)).enumerated() {
            drawItem(visible[index], matched: picker.matchedPositions(visible[index]), selected: index == picker.selected,
                     current: visible[index].id == picker.current, x: inner.x, y: inner.y + 2 + row, width: inner.width, theme: theme, into: &canvas)
        }
        if let status = picker.status {
            canvas.put(status, x: inner.x, y: inner.y + inner.height - 1, style: theme[.muted], maxWidth: inner.width)
        }
    }

    /// The filter, the search query, or the question asked.
    private static func topLine(_ picker: Picker) -> (String, StyleName) {
        let words = tr.conversations
        switch picker.prompt {
        case .rename(_, let editor)?: return (words.newTitle + marked(editor) + words.renameKeys, .accent)
        case .confirmDelete(_, let title)?: return (words.confirmDelete(title), .accent)
        case nil: break
        }
        switch picker.purpose {
        case .search: return picker.filter.isEmpty ? (words.searchPrompt, .muted) : (words.searchLabel + marked(picker.query), .accent)
        case .conversations where picker.filtering:
            return (words.filterLabel + marked(picker.query) + (picker.filterPending ? words.filtering : words.filterKeys), .accent)
        case .conversations: return picker.filter.isEmpty ? (words.listKeys, .muted) : (words.filterLabel + picker.filter, .accent)
        case .palette: return picker.filter.isEmpty ? (tr.palette.keys, .muted) : (words.filterLabel + picker.filter, .accent)
        case .codeBlocks: return picker.filter.isEmpty ? (tr.messages.codePickerKeys, .muted) : (words.filterLabel + picker.filter, .accent)
        default:
            return picker.filter.isEmpty ? (words.pickerKeys, .muted) : (words.filterLabel + marked(picker.query), .accent)
        }
    }

    /// A one-line field's text with `▏` where its cursor is (readline's keys move it).
    private static func marked(_ editor: LineEditor) -> String {
        editor.textBeforeCursor + "▏" + editor.textAfterCursor
    }

    private static func drawItem(_ item: Picker.Item, matched: [Int], selected: Bool, current: Bool, x: Int, y: Int, width: Int, theme: Theme,
                                 into canvas: inout Canvas) {
        let base = selected ? theme[.selection] : theme[.helpBox]
        if selected { canvas.fill(Rect(x: x, y: y, width: width, height: 1), style: base) }
        let labelStyle = selected ? base : theme[item.dimmed ? .muted : .text]
        let labelWidth = width * 2 / 3
        var column = x + canvas.put(current ? "● " : "  ", x: x, y: y, style: labelStyle, maxWidth: labelWidth)
        for part in item.highlighted ?? highlighted(item.label, at: matched) {
            let room = x + labelWidth - column
            guard room > 0 else { break }
            column += canvas.put(part.text, x: column, y: y, style: part.match ? matchStyle(selected ? base : theme[.accent]) : labelStyle,
                                 maxWidth: room)
        }
        let detail = truncate(item.detail, toWidth: max(0, x + width - column - 2))
        canvas.put(detail, x: x + width - TextWidth.of(detail), y: y, style: selected ? base : theme[.muted])
    }

    /// `text` cut into runs of matched and unmatched characters (the filter's fuzzy match).
    static func highlighted(_ text: String, at positions: [Int]) -> [Picker.HighlightedText] {
        guard !positions.isEmpty else { return [Picker.HighlightedText(text: text, match: false)] }
        let marked = Set(positions)
        var parts: [Picker.HighlightedText] = []
        for (i, c) in text.enumerated() {
            let match = marked.contains(i)
            if parts.last?.match == match { parts[parts.count - 1].text.append(c) } else { parts.append(.init(text: String(c), match: match)) }
        }
        return parts
    }

    /// A matched word: the style it is drawn in, bold and underlined (seen without color too).
    static func matchStyle(_ style: Style) -> Style {
        var style = style
        style.bold = true
        style.underline = true
        return style
    }
}
