import Foundation
import Storage

/// Search as you type (Ctrl-\, Alt-/, `/search`): each edit of the query is a new request the
/// runtime reads off the loop (`SearchRunner`), the older one cancelled; the list keeps what it
/// showed, with the "searching…" mark, until the answer to the newest request comes.
func openSearch(_ state: inout AppState, query: String = "") -> [Effect] {
    var picker = Picker(purpose: .search, title: tr.conversations.searchTitle, items: [], filter: query,
                        status: tr.conversations.searchHelp)
    let effects = query.isEmpty ? [] : searchAgain(&picker)
    state[overlay: Picker.self] = picker
    return effects
}

/// The query changed: a new request (nothing to search for stops the one running).
func searchAgain(_ picker: inout Picker) -> [Effect] {
    picker.selected = 0
    picker.search = SearchRun(request: AppState.nextVersion())
    let query = picker.filter
    guard !SearchQuery.words(query).isEmpty else {
        picker.items = []
        picker.status = query.allSatisfy(\.isWhitespace) ? tr.conversations.searchHelp : tr.conversations.nothingFound(query)
        return [.conversation(.stopSearch)]
    }
    picker.search.searching = true
    return [.conversation(.search(query: query, request: picker.search.request, from: .start))]
}

/// The selection came within `SearchRun.pageAhead` rows of the end: the next page, once.
func searchAhead(_ picker: inout Picker) -> [Effect] {
    guard picker.purpose == .search, !picker.search.searching, let next = picker.search.next,
          picker.selected >= picker.items.count - SearchRun.pageAhead else { return [] }
    picker.search.searching = true
    return [.conversation(.search(query: picker.filter, request: picker.search.request, from: next))]
}

/// A page read: taken only when it answers the picker's newest request.
func searchAnswered(_ state: inout AppState, _ answer: SearchAnswer) {
    guard var picker = state[overlay: Picker.self], picker.purpose == .search, picker.search.request == answer.request else { return }
    picker.search.searching = false
    picker.search.next = answer.next
    let items = ConversationItems.search(answer.hits, now: state.clock, timeZone: state.timeZone)
    if answer.failed {
        picker.status = tr.notices.searchFailed
        if answer.firstPage { picker.items = [] }
    } else if answer.firstPage {
        // The ranked page after the newest: the result chosen meanwhile stays chosen.
        if picker.search.showingNewest { picker.replaceItems(items, status: nil) } else { picker.items = items; picker.selected = 0 }
        picker.search.showingNewest = !answer.ranked
        picker.search.searching = !answer.ranked
        picker.search.count = answer.count
        picker.search.countIsLowerBound = answer.countIsLowerBound
        picker.status = items.isEmpty ? tr.conversations.nothingFound(picker.filter)
            : tr.conversations.results(answer.count, answer.countIsLowerBound)
    } else {
        picker.items += items
    }
    state[overlay: Picker.self] = picker
}
