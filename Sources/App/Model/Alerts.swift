import Foundation
import Core
import Terminal

/// A reminder that fired: a timed task (one occurrence of it, for a series) whose alert time came.
struct TaskAlert: Equatable, Sendable {
    var taskId: Int64
    var title: String
    /// The occurrence's day and time, as shown.
    var day: CivilDate
    var time: TimeOfDay
    /// When the alert was due to fire.
    var fireAt: Date
    /// It came due while the app was closed.
    var missed: Bool
}

/// The alert box: reminders that fired and wait to be dismissed or snoozed, oldest first (never
/// empty); the first is shown, with how many wait behind it.
struct AlertBox: Equatable {
    var alerts: [TaskAlert]
}

/// How long a snoozed alert waits.
enum Snooze: Equatable, Sendable, CaseIterable {
    case tenMinutes, oneHour, tomorrow

    var label: String {
        switch self {
        case .tenMinutes: return tr.dialogs.snoozeTenMinutes
        case .oneHour: return tr.dialogs.snoozeHour
        case .tomorrow: return tr.dialogs.snoozeTomorrow
        }
    }

    /// When the alert fires again. "Tomorrow" is the same time of day, one day later.
    func until(from now: Date, timeZone: TimeZone) -> Date {
        switch self {
        case .tenMinutes: return now.addingTimeInterval(600)
        case .oneHour: return now.addingTimeInterval(3600)
        case .tomorrow:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar.date(byAdding: .day, value: 1, to: now) ?? now.addingTimeInterval(86_400)
        }
    }
}
