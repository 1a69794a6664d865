import Foundation
import Core
import Terminal

// Keys while a search result is open in the chat: n / N step through the hits.

/// n / N step through the hits while a search is active in the chat and the input is empty;
/// Esc ends the search. Other text ends it too (it starts a message). nil: not handled here.
func handleChatSearchKey(_ state: inout AppState, _ key: Key) -> [Effect]? {
    guard var search = state.chat.search, state.chat.input.isEmpty else { return nil }
    switch key {
    case .text("n"), .text("N"):
        guard !search.hits.isEmpty else { return [] }
        let step = key == .text("n") ? 1 : -1
        search.current = (search.current + step + search.hits.count) % search.hits.count
        state.chat.search = search
        state.chat.selectedMessageId = search.currentId
        state.notice = Notice(text: search.notice, kind: .info, expires: nil)
        return []
    case .escape:
        endChatSearch(&state)
        return []
    case .text:
        endChatSearch(&state)
        return nil
    default:
        return nil
    }
}

func endChatSearch(_ state: inout AppState) {
    state.chat.search = nil
    state.chat.selectedMessageId = nil
    state.notice = nil
}
