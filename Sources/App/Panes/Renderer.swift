import Foundation
import Core
import Terminal

/// Draws the whole screen from the state, which it only reads; the scroll positions and sizes
/// it works out go in the `ViewState` it is given. Holds only caches, never app state.
///
/// Streaming changes only the chat pane and the status bar, so a frame whose layout, focus,
/// Tasks and Todos are as in the last frame drawn into the same canvas (and with no overlay
/// now or then) redraws just those two and keeps the rest of the canvas; any other change
/// draws everything. Both give the same canvas (tests check it).
final class Renderer {
    var theme: Theme { didSet { lastFrame = nil } }
    let transcript = TranscriptView()

    /// What the panes other than chat and the status bar were drawn from.
    private struct FrameKey: Equatable {
        var size: Size
        var focus: PaneID
        var tasksVersion: Int
        var todosVersion: Int
        /// The ⚠ marks of the Tasks and Todos panes (a run's end changes them, not the panes' versions).
        var conflicts: [SyncConflictSummary]
    }
    /// The key of the last frame and the stamp it left in its canvas; nil after an overlay,
    /// a too-small screen or a theme change.
    private var lastFrame: (key: FrameKey, stamp: Int)?
    /// Frames drawn whole, and chat-only (for tests and benchmarks).
    private(set) var fullFrames = 0
    private(set) var partialFrames = 0

    init(theme: Theme) { self.theme = theme }

    /// Where the input was in the last frame drawn into the canvas.
    private var lastInputRect: Rect?
    private(set) var inputFrames = 0

    /// Redraws only the input and the status bar over the last frame, when the canvas still
    /// holds it and the input keeps its place: a key typed while an answer streams, whose
    /// new text the next frame shows. False (nothing drawn) when a whole frame is needed.
    func renderInput(_ state: AppState, into canvas: inout Canvas) -> Bool {
        let layout = Layout(size: state.size, focus: state.focus)
        guard !state.hasOverlay, layout.mode != .tooSmall, let chat = layout.panes[.chat],
              let last = lastFrame, last.stamp == canvas.drawStamp, canvas.size == state.size, last.key == frameKey(state),
              ChatPane.inputRect(state, in: innerRect(chat)) == lastInputRect, let input = lastInputRect else { return false }
        canvas.cursor = nil
        canvas.fill(Rect(x: input.x - 2, y: input.y, width: input.width + 2, height: input.height), style: theme[.text])
        ChatPane.drawInput(state, in: input, paneX: input.x - 2, focused: state.focus == .chat, theme: theme, into: &canvas)
        StatusBar.draw(state, in: layout.statusBar, theme: theme, into: &canvas)
        inputFrames += 1
        return true
    }

    /// Draws a frame; `view` is the last frame's, and becomes this one's (scroll positions
    /// moved to what exists and to what the state asks).
    func render(_ state: AppState, view: inout ViewState, into canvas: inout Canvas) {
        let layout = Layout(size: state.size, focus: state.focus)
        let hasOverlay = state.hasOverlay, key = frameKey(state)
        if !hasOverlay, layout.mode != .tooSmall, let chat = layout.panes[.chat], let last = lastFrame,
           last.stamp == canvas.drawStamp, canvas.size == state.size, last.key == key {
            canvas.cursor = nil
            let inner = innerRect(chat)
            canvas.fill(inner, style: theme[.text])
            lastInputRect = ChatPane.draw(state, view: &view.chat, in: inner, focused: state.focus == .chat, transcript: transcript,
                                          theme: theme, into: &canvas)
            StatusBar.draw(state, in: layout.statusBar, theme: theme, into: &canvas)
            partialFrames += 1
        } else {
            drawAll(state, view: &view, layout: layout, into: &canvas)
            fullFrames += 1
        }
        if hasOverlay || layout.mode == .tooSmall {
            view.chat.previews = []  // an image would be drawn over the overlay
            lastFrame = nil
        } else {
            let stamp = AppState.nextVersion()
            canvas.drawStamp = stamp
            lastFrame = (key, stamp)
        }
    }

    private func frameKey(_ state: AppState) -> FrameKey {
        FrameKey(size: state.size, focus: state.focus, tasksVersion: state.tasksVersion, todosVersion: state.todosVersion,
                 conflicts: state.sync.conflicts)
    }

    private func drawAll(_ state: AppState, view: inout ViewState, layout: Layout, into canvas: inout Canvas) {
        canvas.clear(style: theme[.text])
        canvas.cursor = nil
        if layout.mode == .tooSmall {
            drawTooSmall(state.size, into: &canvas)
            return
        }
        if let tabs = layout.tabBar { drawTabs(focus: state.focus, in: tabs, into: &canvas) }
        for (pane, rect) in layout.panes {
            let inner = drawFrame(pane.title, rect: rect, focused: pane == state.focus, into: &canvas)
            switch pane {
            case .chat:
                lastInputRect = ChatPane.draw(state, view: &view.chat, in: inner, focused: state.focus == .chat, transcript: transcript,
                                              theme: theme, into: &canvas)
            case .tasks: TasksPane.draw(state.tasks, conflicts: state.sync.conflicts, in: inner, focused: state.focus == .tasks, theme: theme, into: &canvas)
            case .todos: TodosPane.draw(state.todos, conflicts: state.sync.conflicts, top: &view.todosTop, in: inner, focused: state.focus == .todos, theme: theme, into: &canvas)
            }
        }
        StatusBar.draw(state, in: layout.statusBar, theme: theme, into: &canvas)
        let area = Rect(x: 0, y: 0, width: state.size.width, height: state.size.height - 1)
        // Bottom to top, as stacked: the one drawn last is the one that takes the keys.
        for overlay in state.overlays { draw(overlay, state, in: area, into: &canvas) }
    }

    private func draw(_ overlay: Overlay, _ state: AppState, in area: Rect, into canvas: inout Canvas) {
        switch overlay {
        case .picker(let picker): PickerOverlay.draw(picker, in: area, theme: theme, into: &canvas)
        case .form(let form): FormOverlay.draw(form, in: area, theme: theme, into: &canvas)
        case .choice(let choice): FormOverlay.draw(choice, in: area, theme: theme, into: &canvas)
        case .help(let help):
            HelpOverlay.draw(in: area, focus: state.focus, bindings: state.keyBindings, scroll: help.scroll, theme: theme, into: &canvas)
        case .timeline(let timeline):
            TimelineOverlay.draw(timeline, steps: state.chat.steps[timeline.messageId] ?? [], timeZone: state.timeZone,
                                 in: area, theme: theme, into: &canvas)
        case .alerts(let box): FormOverlay.draw(box.alerts, in: area, theme: theme, into: &canvas)
        case .settings(let settings): FormOverlay.draw(settings.form, in: area, theme: theme, into: &canvas)
        case .mcpView(let view): MCPOverlay.draw(view, in: area, theme: theme, into: &canvas)
        case .syncView(let view): SyncOverlay.draw(view, sync: state.sync, zone: state.timeZone, in: area, theme: theme, into: &canvas)
        case .onboarding(let onboarding): OnboardingOverlay.draw(onboarding, in: area, theme: theme, into: &canvas)
        case .records(let view): RecordsOverlay.draw(view, conflicts: state.sync.conflicts, in: area, theme: theme, into: &canvas)
        }
    }

    private func innerRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x + 1, y: rect.y + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
    }

    /// A box with the title in its top edge; returns the inside.
    private func drawFrame(_ title: String, rect: Rect, focused: Bool, into canvas: inout Canvas) -> Rect {
        canvas.box(rect, title: title, style: theme[focused ? .borderFocused : .border],
                   titleStyle: theme[focused ? .titleFocused : .title])
        return innerRect(rect)
    }

    private func drawTabs(focus: PaneID, in rect: Rect, into canvas: inout Canvas) {
        var x = rect.x
        for pane in PaneID.allCases {
            let label = " \(pane.rawValue + 1) \(pane.title) "
            x += canvas.put(label, x: x, y: rect.y, style: theme[pane == focus ? .tabActive : .tabInactive])
            x += 1
        }
        canvas.put(tr.chrome.tabsHint, x: max(x + 1, rect.width - TextWidth.of(tr.chrome.tabsHint) - 1), y: rect.y, style: theme[.muted])
    }

    private func drawTooSmall(_ size: Size, into canvas: inout Canvas) {
        let lines = [tr.chrome.tooSmall, tr.chrome.needSize(size.width, size.height, Layout.minimumWidth, Layout.minimumHeight),
                     tr.chrome.enlarge, tr.chrome.quitKey]
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < size.height {
            let x = max(0, (size.width - TextWidth.of(line)) / 2)
            canvas.put(line, x: x, y: top + i, style: theme[i == 0 ? .accent : .text], maxWidth: size.width)
        }
    }
}
