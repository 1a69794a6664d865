import Foundation
import Terminal

/// The slash-command popup: a small box just above the chat input, over the transcript's last
/// rows, drawn from `CompletionPopup.of(state)` (a view of the input; Model/CommandCompletion.swift).
enum CompletionPopupView {
    static let maxRows = 8

    /// `input`: where the input is drawn; `pane`: the chat pane's inside, which the box stays in.
    static func draw(_ popup: CompletionPopup, above input: Rect, in pane: Rect, theme: Theme, into canvas: inout Canvas) {
        let lines = popup.rows.isEmpty ? 1 : min(maxRows, popup.rows.count)
        let height = lines + 2
        let width = min(pane.width, 72)
        let bottom = input.y - 1  // the separator's row stays
        guard width >= 24, bottom - height >= pane.y else { return }
        let box = Rect(x: pane.x, y: bottom - height, width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.palette.popupKeys, style: theme[.border], titleStyle: theme[.muted])
        let x = box.x + 2, room = width - 4
        if let empty = popup.empty, popup.rows.isEmpty {
            canvas.put(empty, x: x, y: box.y + 1, style: theme[.muted], maxWidth: room)
            return
        }
        let nameWidth = min(room / 2, (popup.rows.map { TextWidth.of($0.text) }.max() ?? 0) + 2)
        let first = ListWindow.top(count: popup.rows.count, selected: popup.selected, height: lines, previousTop: 0)
        for (line, index) in (first..<min(popup.rows.count, first + lines)).enumerated() {
            let row = popup.rows[index], y = box.y + 1 + line, selected = index == popup.selected
            let base = selected ? theme[.selection] : theme[.helpBox]
            if selected { canvas.fill(Rect(x: box.x + 1, y: y, width: width - 2, height: 1), style: base) }
            var column = x
            for part in PickerOverlay.highlighted(row.text, at: row.matched) {
                column += canvas.put(part.text, x: column, y: y, style: part.match ? PickerOverlay.matchStyle(selected ? base : theme[.accent])
                                                                                   : (selected ? base : theme[.text]), maxWidth: max(0, x + nameWidth - column))
            }
            canvas.put(row.detail, x: x + nameWidth, y: y, style: selected ? base : theme[.muted], maxWidth: max(0, room - nameWidth))
        }
    }
}
