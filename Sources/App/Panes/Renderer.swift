import Foundation
import Core
import Terminal

/// Draws the whole screen from the state. Holds only caches, never app state.
final class Renderer {
    var theme: Theme
    let transcript = TranscriptView()

    init(theme: Theme) { self.theme = theme }

    /// Draws a frame. May clamp scroll positions in `state` to what exists.
    func render(_ state: inout AppState, into canvas: inout Canvas) {
        canvas.clear(style: theme[.text])
        canvas.cursor = nil
        let layout = Layout(size: state.size, focus: state.focus)
        if layout.mode == .tooSmall {
            drawTooSmall(state.size, into: &canvas)
            return
        }
        if let tabs = layout.tabBar { drawTabs(focus: state.focus, in: tabs, into: &canvas) }
        for (pane, rect) in layout.panes {
            let inner = drawFrame(pane.title, rect: rect, focused: pane == state.focus, into: &canvas)
            switch pane {
            case .chat: ChatPane.draw(&state, in: inner, focused: state.focus == .chat, transcript: transcript, theme: theme, into: &canvas)
            case .tasks: TasksPane.draw(state.tasks, in: inner, focused: state.focus == .tasks, theme: theme, into: &canvas)
            case .todos: TodosPane.draw(&state.todos, in: inner, focused: state.focus == .todos, theme: theme, into: &canvas)
            }
        }
        StatusBar.draw(state, in: layout.statusBar, theme: theme, into: &canvas)
        if let picker = state.picker {
            PickerOverlay.draw(picker, in: Rect(x: 0, y: 0, width: state.size.width, height: state.size.height - 1), theme: theme, into: &canvas)
        }
        if state.showHelp { HelpOverlay.draw(in: Rect(x: 0, y: 0, width: state.size.width, height: state.size.height - 1), theme: theme, into: &canvas) }
    }

    /// A box with the title in its top edge; returns the inside.
    private func drawFrame(_ title: String, rect: Rect, focused: Bool, into canvas: inout Canvas) -> Rect {
        canvas.box(rect, title: title, style: theme[focused ? .borderFocused : .border],
                   titleStyle: theme[focused ? .titleFocused : .title])
        return Rect(x: rect.x + 1, y: rect.y + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
    }

    private func drawTabs(focus: PaneID, in rect: Rect, into canvas: inout Canvas) {
        var x = rect.x
        for pane in PaneID.allCases {
            let label = " \(pane.rawValue + 1) \(pane.title) "
            x += canvas.put(label, x: x, y: rect.y, style: theme[pane == focus ? .tabActive : .tabInactive])
            x += 1
        }
        canvas.put("Tab/Alt-1..3 switch", x: max(x + 1, rect.width - 20), y: rect.y, style: theme[.muted])
    }

    private func drawTooSmall(_ size: Size, into canvas: inout Canvas) {
        let lines = ["Terminal too small", "\(size.width)×\(size.height), need \(Layout.minimumWidth)×\(Layout.minimumHeight)",
                     "Enlarge the window", "Ctrl-Q quits"]
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < size.height {
            let x = max(0, (size.width - TextWidth.of(line)) / 2)
            canvas.put(line, x: x, y: top + i, style: theme[i == 0 ? .accent : .text], maxWidth: size.width)
        }
    }
}
