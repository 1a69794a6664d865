import Foundation
import Terminal

/// A list to choose from (`/provider`, `/model`, `/theme`, a code block): type to filter, ↑↓ to move, Enter to
/// choose. The conversation list and search use it too, with their own keys (ConversationPicker.swift).
struct Picker: Equatable {
    enum Purpose: Equatable {
        case provider, model, theme, conversations, search
        /// Ctrl-P: every action, command, settings section and recent conversation (CommandPalette.swift).
        case palette
        /// `c` (copy) or `o` (open) on a message with several code blocks: which one.
        case codeBlocks(messageId: Int64, open: Bool)
    }
    struct Item: Equatable {
        var id: String
        var label: String
        var detail: String
        /// Drawn instead of `label` when set: the label in parts, the matched words highlighted.
        var highlighted: [HighlightedText]? = nil
        /// Drawn muted (an archived conversation).
        var dimmed = false
        /// Also matched by the filter, not drawn (a command's name, an action's `[keys]` name).
        var keywords = ""
    }
    struct HighlightedText: Equatable {
        var text: String
        var match: Bool
    }
    /// A question or a text asked for in the list, in place of the filter line.
    enum Prompt: Equatable {
        case rename(id: String, editor: LineEditor)
        case confirmDelete(id: String, title: String)
    }

    var purpose: Purpose
    var title: String
    var items: [Item]
    /// The item marked as in use.
    var current: String?
    var selected = 0
    /// The filter (or search query) as typed, with readline's keys.
    var query = LineEditor()
    var filter: String {
        get { query.text }
        set { query.text = newValue }
    }
    /// A line under the list: loading, or where the list came from.
    var status: String?
    var prompt: Prompt?
    /// The conversation list: `/` was pressed, typed text goes to the filter (not to the keys).
    var filtering = false
    /// Search: the request in flight and the pages read (`SearchRun`).
    var search = SearchRun()

    /// A long list (the conversation list) is filtered off the loop: the items kept for the
    /// filter last answered, shown until the answer for the newest filter arrives.
    struct Filtered: Equatable {
        var filter: String
        var items: [Item]
    }
    var filtered: Filtered?
    var filtersOffLoop: Bool { purpose == .conversations }
    /// The filter typed has not been answered yet (a "filtering…" mark shows).
    var filterPending: Bool { filtersOffLoop && !filter.isEmpty && filtered?.filter != filter }

    /// The items the filter keeps, best first. Unfiltered (and search, which the database
    /// answers), the items themselves: cheap at 20,000 conversations.
    var visible: [Item] {
        guard !filter.isEmpty, purpose != .search else { return items }
        if filtersOffLoop { return filtered?.items ?? items }
        return Self.filter(items, by: filter)
    }

    /// `FuzzyMatch` over the labels, best first (ties keep the list's order); a match on the id
    /// or the keywords counts too. Pure, so the runtime can run it off the loop.
    static func filter(_ items: [Item], by filter: String) -> [Item] {
        let scored = items.enumerated().compactMap { i, item -> (Int, Item, Int)? in
            if let m = FuzzyMatch.match(filter, in: item.label) { return (i, item, m.score) }
            let other = [item.id, item.keywords].compactMap { FuzzyMatch.match(filter, in: $0)?.score }.max()
            return other.map { (i, item, $0) }
        }
        return scored.sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.0 < $1.0 }.map(\.1)
    }

    /// The label's characters the filter matched, for highlighting a drawn row.
    func matchedPositions(_ item: Item) -> [Int] {
        guard !filter.isEmpty, purpose != .search else { return [] }
        return FuzzyMatch.match(filter, in: item.label)?.positions ?? []
    }

    /// ↑ ↓ PgUp PgDn Home End move the selection; false for any other key.
    mutating func moveSelection(_ key: Key) -> Bool {
        let last = max(0, visible.count - 1)
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(last, selected + 1)
        case .pageUp: selected = max(0, selected - 10)
        case .pageDown: selected = min(last, selected + 10)
        case .home: selected = 0
        case .end: selected = last
        default: return false
        }
        return true
    }

    var selectedItem: Item? { visible.indices.contains(selected) ? visible[selected] : nil }

    /// A new list arrived (the live model list): keep the choice under the cursor when it is still there.
    mutating func replaceItems(_ newItems: [Item], status: String?) {
        let chosen = visible.indices.contains(selected) ? visible[selected].id : current
        items = newItems
        self.status = status
        selected = visible.firstIndex { $0.id == chosen } ?? 0
    }
}

extension Picker {
    /// A chooser opened with `filter` already typed.
    init(purpose: Purpose, title: String, items: [Item], current: String? = nil, selected: Int = 0, filter: String,
         status: String? = nil, prompt: Prompt? = nil, filtering: Bool = false) {
        self.init(purpose: purpose, title: title, items: items, current: current, selected: selected, query: LineEditor(text: filter),
                  status: status, prompt: prompt, filtering: filtering)
    }
}
