import Foundation
import Terminal

/// The `/provider` and `/model` chooser: a box over the panes with a filter line and the list.
enum PickerOverlay {
    static func draw(_ picker: Picker, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let width = min(area.width - 4, 72)
        let listRows = min(max(3, picker.items.count), max(3, area.height - 8))
        let height = listRows + 5
        guard width > 20, height <= area.height else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: picker.title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)

        let filter = picker.filter.isEmpty ? "type to filter · ↑↓ move · Enter choose · Esc close" : "filter: " + picker.filter
        canvas.put(filter, x: inner.x, y: inner.y, style: theme[picker.filter.isEmpty ? .muted : .accent], maxWidth: inner.width)

        let visible = picker.visible
        let top = ListWindow.top(count: visible.count, selected: picker.selected, height: listRows, previousTop: 0)
        if visible.isEmpty {
            canvas.put("Nothing matches “\(picker.filter)”.", x: inner.x, y: inner.y + 2, style: theme[.muted], maxWidth: inner.width)
        }
        for (row, index) in (top..<min(visible.count, top + listRows)).enumerated() {
            let item = visible[index]
            let y = inner.y + 2 + row
            let selected = index == picker.selected
            let base = selected ? theme[.selection] : theme[.helpBox]
            if selected { canvas.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base) }
            let mark = item.id == picker.current ? "● " : "  "
            var x = inner.x
            x += canvas.put(mark + item.label, x: x, y: y, style: selected ? base : theme[.text], maxWidth: inner.width * 2 / 3)
            let detail = truncate(item.detail, toWidth: max(0, inner.x + inner.width - x - 2))
            canvas.put(detail, x: inner.x + inner.width - TextWidth.of(detail), y: y, style: selected ? base : theme[.muted])
        }
        if let status = picker.status {
            canvas.put(status, x: inner.x, y: inner.y + inner.height - 1, style: theme[.muted], maxWidth: inner.width)
        }
    }
}
