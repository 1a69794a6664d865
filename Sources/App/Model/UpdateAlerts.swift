import Foundation
import Core
import Terminal

// The reminder box's keys: snooze (1 2 3), dismiss.

/// Keys of the alert box: 1, 2, 3 snooze; Enter, Esc or d dismiss.
func handleAlertKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var box = state[overlay: AlertBox.self], let alert = box.alerts.first else { return [] }
    let snooze: Snooze?
    switch key {
    case .text("1"): snooze = .tenMinutes
    case .text("2"): snooze = .oneHour
    case .text("3"): snooze = .tomorrow
    case .enter, .escape, .text("d"): snooze = nil
    default: return []
    }
    box.alerts.removeFirst()
    state[overlay: AlertBox.self] = box.alerts.isEmpty ? nil : box
    return [.answerAlert(alert, snooze: snooze)]
}
