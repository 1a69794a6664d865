import Foundation
import Terminal

/// A list to choose from (`/provider`, `/model`, `/theme`): type to filter, ↑↓ to move, Enter to choose.
struct Picker: Equatable {
    enum Purpose: Equatable { case provider, model, theme }
    struct Item: Equatable {
        var id: String
        var label: String
        var detail: String
    }

    var purpose: Purpose
    var title: String
    var items: [Item]
    /// The item marked as in use.
    var current: String?
    var selected = 0
    var filter = ""
    /// A line under the list: loading, or where the list came from.
    var status: String?

    var visible: [Item] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else { return items }
        return items.filter { $0.id.lowercased().contains(needle) || $0.label.lowercased().contains(needle) }
    }

    /// A new list arrived (the live model list): keep the choice under the cursor when it is still there.
    mutating func replaceItems(_ newItems: [Item], status: String?) {
        let chosen = visible.indices.contains(selected) ? visible[selected].id : current
        items = newItems
        self.status = status
        selected = visible.firstIndex { $0.id == chosen } ?? 0
    }
}

func handlePickerKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var picker = state.picker else { return [] }
    let count = picker.visible.count
    switch key {
    case .escape:
        state.picker = nil
        return []
    case .up: picker.selected = max(0, picker.selected - 1)
    case .down: picker.selected = min(max(0, count - 1), picker.selected + 1)
    case .pageUp: picker.selected = max(0, picker.selected - 10)
    case .pageDown: picker.selected = min(max(0, count - 1), picker.selected + 10)
    case .home: picker.selected = 0
    case .end: picker.selected = max(0, count - 1)
    case .backspace:
        if !picker.filter.isEmpty { picker.filter.removeLast(); picker.selected = 0 }
    case .text(let text) where !text.contains(where: \.isNewline):
        picker.filter += text
        picker.selected = 0
    case .enter:
        guard picker.visible.indices.contains(picker.selected) else { return [] }
        let id = picker.visible[picker.selected].id
        state.picker = nil
        switch picker.purpose {
        case .provider: return [.switchProvider(provider: id, model: nil)]
        case .model: return [.switchProvider(provider: nil, model: id)]
        case .theme: return [.switchTheme(id)]
        }
    default: return []
    }
    state.picker = picker
    return []
}
