import Foundation
import Terminal

/// The keys (F1, `?`, `/help`), drawn from `Keymap` with the user's remaps, so it never goes stale.
enum HelpOverlay {
    typealias Line = (text: String, isTitle: Bool)

    /// The help's lines per section, in the keymap's order; remapped keys are shown first.
    static func sections(bindings: KeyBindings) -> [(scope: KeyAction.Scope, lines: [Line])] {
        KeyAction.Scope.allCases.map { scope in
            let rows = Keymap.actions.filter { $0.scope == scope && !Keymap.folded.contains($0.name ?? "") && ($0.keymap ?? bindings.style) == bindings.style }
            return (scope, rows.map { row in
                let keys = bindings.label(row)
                return ("  " + keys + String(repeating: " ", count: max(1, 22 - TextWidth.of(keys))) + tr.help.does(row.does), false)
            })
        }
    }

    /// The focused pane's keys, then Everywhere (with the forms' for Tasks and Todos), then the
    /// rest: a short screen shows what is at hand. Two columns when the screen is wide enough.
    static func draw(in area: Rect, focus: PaneID, bindings: KeyBindings, theme: Theme, into canvas: inout Canvas) {
        let all = sections(bindings: bindings)
        func lines(_ picked: [(scope: KeyAction.Scope, lines: [Line])]) -> [Line] {
            picked.flatMap { [($0.scope.title, true)] + $0.lines }
        }
        let first: [KeyAction.Scope] = [KeyAction.Scope(focus), .everywhere] + (focus == .chat ? [] : [.forms])
        let near = first.compactMap { scope in all.first { $0.scope == scope } }
        let rest = all.filter { !first.contains($0.scope) }
        let joined = lines(near + rest)
        let twoColumns = joined.count + 4 > area.height && area.width >= 110
        let columns = twoColumns ? [lines(near), lines(rest)] : [joined]
        let columnWidth = 62
        let width = min(area.width - 2, columnWidth * columns.count + 2)
        let height = min(area.height, (columns.map(\.count).max() ?? 0) + 4)
        guard width > 10, height > 3 else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.chrome.helpTitle, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        for (c, column) in columns.enumerated() {
            for (i, line) in column.prefix(height - 4).enumerated() {
                canvas.put(line.text, x: box.x + 2 + c * columnWidth, y: box.y + 1 + i, style: line.isTitle ? theme[.accent] : theme[.text],
                           maxWidth: min(columnWidth - 2, width - 4 - c * columnWidth))
            }
        }
        canvas.put(tr.chrome.helpFooter, x: box.x + 2, y: box.y + height - 2,
                   style: theme[.muted], maxWidth: width - 4)
    }
}
