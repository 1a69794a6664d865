import Foundation
import Terminal

/// The keys (F1, `?`, `/help`), drawn from `Keymap` with the user's remaps, so it never goes stale.
/// Taller than the screen (80×24 shows about half), it scrolls (`handleHelpKey`) and says so.
enum HelpOverlay {
    typealias Line = (text: String, isTitle: Bool)

    /// The help's lines per section, in the keymap's order; remapped keys are shown first.
    static func sections(bindings: KeyBindings) -> [(scope: KeyAction.Scope, lines: [Line])] {
        KeyAction.Scope.allCases.map { scope in
            let rows = Keymap.actions.filter { $0.scope == scope && !Keymap.folded.contains($0.name ?? "") && ($0.keymap ?? bindings.style) == bindings.style }
            return (scope, rows.map { row in
                let keys = tr.help.keys(bindings.label(row))
                return ("  " + keys + String(repeating: " ", count: max(1, 22 - TextWidth.of(keys))) + tr.help.does(row.does), false)
            })
        }
    }

    private static let columnWidth = 62

    /// Where the help goes on a screen: its columns, its box and how many lines show at once.
    private struct Placement {
        var columns: [[Line]]
        var box: Rect
        var rows: Int { max(0, box.height - 4) }
        var total: Int { columns.map(\.count).max() ?? 0 }
        var maxScroll: Int { max(0, total - rows) }
    }

    /// The focused pane's keys, then Everywhere (with the forms' for Tasks and Todos), then the
    /// rest: a short screen shows what is at hand first. Two columns when the screen is wide enough.
    private static func place(in area: Rect, focus: PaneID, bindings: KeyBindings) -> Placement {
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
        let width = min(area.width - 2, columnWidth * columns.count + 2)
        let height = min(area.height, (columns.map(\.count).max() ?? 0) + 4)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        return Placement(columns: columns, box: box)
    }

    /// How far the help scrolls on a screen of `size` (the status bar's row is not the help's).
    static func maxScroll(size: Size, focus: PaneID, bindings: KeyBindings) -> Int {
        place(in: Rect(x: 0, y: 0, width: size.width, height: size.height - 1), focus: focus, bindings: bindings).maxScroll
    }

    static func draw(in area: Rect, focus: PaneID, bindings: KeyBindings, scroll: Int = 0, theme: Theme, into canvas: inout Canvas) {
        let placed = place(in: area, focus: focus, bindings: bindings)
        let box = placed.box
        guard box.width > 10, box.height > 3 else { return }
        let top = min(max(0, scroll), placed.maxScroll)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.chrome.helpTitle, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        for (c, column) in placed.columns.enumerated() {
            for (i, line) in column.dropFirst(top).prefix(placed.rows).enumerated() {
                canvas.put(line.text, x: box.x + 2 + c * columnWidth, y: box.y + 1 + i, style: line.isTitle ? theme[.accent] : theme[.text],
                           maxWidth: min(columnWidth - 2, box.width - 4 - c * columnWidth))
            }
        }
        let footer = placed.maxScroll > 0
            ? tr.chrome.helpScrollFooter(top + 1, min(placed.total, top + placed.rows), placed.total) : tr.chrome.helpFooter
        canvas.put(footer, x: box.x + 2, y: box.y + box.height - 2, style: theme[placed.maxScroll > 0 ? .accent : .muted], maxWidth: box.width - 4)
    }
}
