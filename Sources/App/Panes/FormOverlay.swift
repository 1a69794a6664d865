import Foundation
import Core
import Terminal

/// A form, a question or an alert drawn in a box over the panes.
enum FormOverlay {
    /// A centered box of `width` × `height` inside `area`, cleared and framed; nil when it does not fit.
    static func box(_ title: String, width: Int, height: Int, in area: Rect, theme: Theme, into canvas: inout Canvas) -> Rect? {
        let width = min(width, area.width - 2), height = min(height, area.height)
        guard width > 16, height > 2 else { return nil }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 3), width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        return Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)
    }

    static func draw(_ form: Form, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let labelWidth = (form.fields.map { TextWidth.of($0.label) }.max() ?? 0) + 2
        // One row per field, one more under the focused field (its hint), and each error's lines.
        let errorWidth = max(10, min(76, area.width - 2) - 4 - labelWidth - 2)
        let errorLines = form.fields.map { $0.error.map { Wrap.lines($0, width: errorWidth) } ?? [] }
        let statusLines = form.status.map { Wrap.lines($0, width: max(10, min(76, area.width - 2) - 4)) } ?? []
        // The focused field's hint, wrapped (a key's hint names the page where keys are made).
        let hintLines = form.fields.indices.contains(form.focus) ? form.fields[form.focus].hint.map { Wrap.lines($0, width: errorWidth + 2) } ?? [] : []
        let rows = form.fields.count + max(1, hintLines.count) + errorLines.reduce(0) { $0 + $1.count } + 2 + statusLines.count
        guard let inner = box(Sanitized.oneLine(form.title, max: 60), width: 76, height: rows + 2, in: area, theme: theme, into: &canvas) else { return }
        // A form taller than the screen (the settings on 80×24) scrolls: its first fields give
        // way until the focused one and its hint fit above the keys' help.
        let fieldRows = max(1, inner.height - 2 - statusLines.count)
        let heights = form.fields.indices.map { 1 + (errorLines[$0].isEmpty ? ($0 == form.focus ? hintLines.count : 0) : errorLines[$0].count) }
        var first = 0
        while first < form.focus, heights[first...form.focus].reduce(0, +) > fieldRows { first += 1 }
        let bottom = rows + 2 > area.height ? inner.y + fieldRows : inner.y + inner.height
        var y = inner.y, last = first
        var cursor: Point?
        for (i, field) in form.fields.enumerated() where i >= first && y < bottom {
            let focused = i == form.focus
            last = i
            canvas.put(field.label, x: inner.x, y: y, style: focused ? theme[.accent] : theme[.muted])
            let rect = Rect(x: inner.x + labelWidth, y: y, width: max(1, inner.width - labelWidth - (field.choices != nil ? 4 : 0)), height: 1)
            var editor = field.secret ? field.editor.masked : field.editor
            if !focused { editor.cursor = 0 }
            editor.render(into: &canvas, rect: rect, style: focused ? theme[.selection] : theme[.text])
            if focused { cursor = canvas.cursor }
            if field.choices != nil { canvas.put(" ◂▸", x: rect.x + rect.width, y: y, style: theme[.muted]) }
            y += 1
            if !errorLines[i].isEmpty {
                for line in errorLines[i] where y < bottom {
                    canvas.put("  " + line, x: inner.x + labelWidth, y: y, style: theme[.errorText], maxWidth: inner.width - labelWidth)
                    y += 1
                }
            } else if focused {
                for line in hintLines where y < bottom {
                    canvas.put(line, x: inner.x + labelWidth, y: y, style: theme[.muted], maxWidth: inner.width - labelWidth)
                    y += 1
                }
            }
        }
        if first > 0 { canvas.put("↑", x: inner.x + inner.width - 1, y: inner.y, style: theme[.muted]) }
        if last < form.fields.count - 1 { canvas.put("↓", x: inner.x + inner.width - 1, y: bottom - 1, style: theme[.muted]) }
        for (i, line) in statusLines.enumerated() {
            canvas.put(line, x: inner.x, y: inner.y + inner.height - 1 - statusLines.count + i,
                       style: theme[form.statusIsError ? .errorText : .accent], maxWidth: inner.width)
        }
        let help = form.purpose == .settings ? tr.dialogs.settingsHelp
            : form.fields.count > 1 ? tr.dialogs.formHelp : tr.dialogs.oneFieldHelp
        canvas.put(help, x: inner.x, y: inner.y + inner.height - 1, style: theme[.muted], maxWidth: inner.width)
        canvas.cursor = cursor
    }

    /// The question and its answers on one line when they fit; else the question wrapped and
    /// one answer a line, so none is cut off (nine action items on 80 columns).
    static func draw(_ choice: Choice, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let room = area.width - 6
        let answers = choice.options.map { "\($0.key) \($0.label)" }
        let oneLine = answers.joined(separator: " · ") + " · " + tr.dialogs.escCancel
        let fits = TextWidth.of(oneLine) <= room && TextWidth.of(choice.question) <= room
        let question = fits ? [choice.question] : Wrap.lines(choice.question, width: max(1, room))
        let answerLines = fits ? [oneLine] : answers + [tr.dialogs.escCancel]
        let width = ((question + answerLines).map { TextWidth.of($0) }.max() ?? 0) + 6
        guard let inner = box(tr.dialogs.confirm, width: width, height: question.count + answerLines.count + 2,
                              in: area, theme: theme, into: &canvas) else { return }
        for (i, line) in question.enumerated() {
            canvas.put(line, x: inner.x, y: inner.y + i, style: theme[.text], maxWidth: inner.width)
        }
        for (i, line) in answerLines.enumerated() {
            canvas.put(line, x: inner.x, y: inner.y + question.count + i, style: theme[.accent], maxWidth: inner.width)
        }
    }

    static func draw(_ alerts: [TaskAlert], in area: Rect, theme: Theme, into canvas: inout Canvas) {
        guard let alert = alerts.first else { return }
        let title = alert.missed ? tr.dialogs.missedReminder : tr.dialogs.reminder
        let what = "⏰ \(alert.time.hhmm)  " + Sanitized.oneLine(alert.title, max: 60)
        let when = "\(DayFormat.long(alert.day))" + (alerts.count > 1 ? " · " + tr.dialogs.more(alerts.count - 1) : "")
        let keys = tr.dialogs.snoozeKeys
        let width = max(TextWidth.of(what), TextWidth.of(keys)) + 6
        guard let inner = box(title, width: width, height: 5, in: area, theme: theme, into: &canvas) else { return }
        canvas.put(what, x: inner.x, y: inner.y, style: theme[.accent], maxWidth: inner.width)
        canvas.put(when, x: inner.x, y: inner.y + 1, style: theme[.muted], maxWidth: inner.width)
        canvas.put(keys, x: inner.x, y: inner.y + 2, style: theme[.text], maxWidth: inner.width)
    }
}
