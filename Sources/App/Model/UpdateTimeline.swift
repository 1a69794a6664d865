import Foundation
import Core
import Terminal

/// F3 (t on a chosen answer) opens the timeline view of the selected answer, or of the latest one that has
/// steps; inside it the arrows and pages scroll, and Esc, q or F3 close it.
func openTimeline(_ state: inout AppState) {
    let steps = state.chat.steps
    let hasSteps = { (m: Message) in m.role == .assistant && !(steps[m.id ?? -1] ?? []).isEmpty }
    let selected = state.chat.messages.first { $0.id == state.chat.selectedMessageId && hasSteps($0) }
    guard let answer = selected ?? state.chat.messages.last(where: hasSteps), let id = answer.id else {
        state.notice = Notice(text: tr.notices.noTimeline,
                              kind: .info, expires: state.clock.addingTimeInterval(5))
        return
    }
    state[overlay: TimelineViewState.self] = TimelineViewState(messageId: id)
}

/// Alt-Up / Alt-Down: the previous / next answer; past the newest, none.
func selectAnswer(_ state: inout AppState, older: Bool) {
    let answers = state.chat.messages.filter { $0.role == .assistant }.compactMap(\.id)
    guard !answers.isEmpty else { return }
    guard let current = state.chat.selectedMessageId, let i = answers.firstIndex(of: current) else {
        state.chat.selectedMessageId = older ? answers.last : nil
        return
    }
    let next = i + (older ? -1 : 1)
    state.chat.selectedMessageId = next < 0 ? answers.first : next < answers.count ? answers[next] : nil
}

func handleTimelineKey(_ state: inout AppState, _ key: Key) {
    guard var view = state[overlay: TimelineViewState.self] else { return }
    let page = max(1, state.size.height - 6)
    switch key {
    case .escape, .text("q"), .f(3): state[overlay: TimelineViewState.self] = nil; return
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
    state[overlay: TimelineViewState.self] = view
}
