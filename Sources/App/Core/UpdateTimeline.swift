import Foundation
import Core
import Terminal

/// `t` opens the timeline view of the latest answer that has steps; inside it the arrows and
/// pages scroll, and Esc, q or t close it.
func openTimeline(_ state: inout AppState) {
    guard let answer = state.chat.messages.last(where: { m in m.role == .assistant && !(state.chat.steps[m.id ?? -1] ?? []).isEmpty }),
          let id = answer.id else {
        state.notice = Notice(text: "No timeline yet: it shows the steps of an answer (its model calls and tools).",
                              kind: .info, expires: Date().addingTimeInterval(5))
        return
    }
    state.timeline = TimelineViewState(messageId: id)
}

func handleTimelineKey(_ state: inout AppState, _ key: Key) {
    guard var view = state.timeline else { return }
    let page = max(1, state.size.height - 6)
    switch key {
    case .escape, .text("q"), .text("t"): state.timeline = nil; return
    case .up, .text("k"): view.scroll -= 1
    case .down, .text("j"): view.scroll += 1
    case .pageUp: view.scroll -= page
    case .pageDown: view.scroll += page
    case .home: view.scroll = 0
    case .end: view.scroll = Int.max / 2
    default: return
    }
    let limit = TimelineOverlay.maxScroll(state.chat.steps[view.messageId] ?? [], size: state.size, timeZone: state.timeZone)
    view.scroll = min(max(0, view.scroll), limit)
    state.timeline = view
}
