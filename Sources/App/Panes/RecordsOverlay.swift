import Foundation
import Core
import Terminal

/// The Contacts or Notes view: a box with the keys, the filter when one is typed, and one row a
/// record (its name or title, then its details, cut to the width). Text was cleaned on the way in
/// and is cleaned again here: the tools store what the model sent. A contact in sync conflict has ⚠.
enum RecordsOverlay {
    static func draw(_ view: RecordsView, conflicts: [SyncConflictSummary] = [], in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let width = min(area.width - 4, 100), height = min(area.height - 2, max(10, view.records.count + 6))
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        guard box.width > 20, box.height > 5 else { return }
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)
        let words = tr.records
        let title = (view.kind == .contacts ? words.contactsTitle : words.notesTitle) + " (\(view.records.count))"
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        canvas.cursor = nil
        canvas.put(view.kind == .contacts ? words.keys : words.noteKeys, x: inner.x, y: inner.y, style: theme[.muted], maxWidth: inner.width)
        var top = inner.y + 2
        if view.filtering || !view.filter.isEmpty {
            let x = inner.x + canvas.put(words.filterPrompt, x: inner.x, y: inner.y + 1, style: theme[.accent], maxWidth: inner.width)
            let shown = canvas.put(Sanitizer.clean(view.filter), x: x, y: inner.y + 1, style: theme[.text], maxWidth: inner.x + inner.width - x)
            if view.filtering { canvas.cursor = Point(x: x + shown, y: inner.y + 1) }
            top = inner.y + 3
        }
        let rows = view.visible, listHeight = inner.y + inner.height - top
        guard !rows.isEmpty else {
            let empty = view.records.isEmpty ? (view.kind == .contacts ? words.noContacts : words.noNotes) : words.noMatch
            canvas.put(empty, x: inner.x, y: top, style: theme[.muted], maxWidth: inner.width)
            return
        }
        let first = ListWindow.top(count: rows.count, selected: view.selected, height: max(1, listHeight), previousTop: 0)
        for (row, index) in (first..<min(rows.count, first + max(1, listHeight))).enumerated() {
            let record = rows[index], y = top + row, selected = index == view.selected
            let base = selected ? theme[.selection] : theme[.text]
            if selected { canvas.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base) }
            let name = Sanitized.oneLine(record.title, max: 200)
            var x = inner.x + canvas.put(selected ? "› " : "  ", x: inner.x, y: y, style: base)
            if case .contact(let c) = record, conflicts.contains(where: { $0.item == .contact && $0.localId == c.id }) {
                x += canvas.put(SyncState.conflictMark, x: x, y: y, style: selected ? base : theme[.errorText])
            }
            x += canvas.put(name, x: x, y: y, style: base, maxWidth: max(0, inner.x + inner.width / 2 - x))
            let detail = Sanitized.oneLine(record.detail, max: 300)
            if !detail.isEmpty {
                canvas.put("  " + detail, x: x, y: y, style: selected ? base : theme[.muted], maxWidth: inner.x + inner.width - x)
            }
        }
    }
}
