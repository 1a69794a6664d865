import Foundation
import Core
import Terminal

// Keys of a choice (confirm, pick one).

func handleChoiceKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard let choice = state[overlay: Choice.self] else { return [] }
    switch key {
    case .escape:
        state[overlay: Choice.self] = nil
        return []
    case .text(let typed):
        guard let option = choice.options.first(where: { String($0.key) == typed.lowercased() }) else { return [] }
        state[overlay: Choice.self] = nil
        return option.effects
    default:
        return []
    }
}
