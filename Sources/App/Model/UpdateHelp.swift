import Foundation
import Terminal

/// The help (F1, `?`, `/help`): the lines it is scrolled down (it opens at the top).
struct HelpView: Equatable {
    var scroll = 0
}

/// Keys while the help is open: the arrows, pages, Home / End and the wheel scroll it (a short
/// screen shows part of it); any other key closes it, as the footer says.
func handleHelpKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    let limit = HelpOverlay.maxScroll(size: state.size, focus: state.focus, bindings: state.keyBindings)
    let page = max(1, state.size.height - 6)
    var scroll = state[overlay: HelpView.self]?.scroll ?? 0
    switch limit > 0 ? key : .escape {
    case .up, .text("k"): scroll -= 1
    case .down, .text("j"): scroll += 1
    case .pageUp: scroll -= page
    case .pageDown, .text(" "): scroll += page
    case .home: scroll = 0
    case .end: scroll = limit
    case .mouse(let mouse) where mouse.kind == .wheelUp: scroll -= 3
    case .mouse(let mouse) where mouse.kind == .wheelDown: scroll += 3
    case .mouse: return []
    default:
        // With nothing to scroll every key closes it; otherwise every key that does not scroll.
        state[overlay: HelpView.self] = nil
        return []
    }
    state[overlay: HelpView.self] = HelpView(scroll: min(max(0, scroll), limit))
    return []
}
