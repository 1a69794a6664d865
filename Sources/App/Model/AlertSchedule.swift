import Foundation
import Core

/// When reminders fire. A timed task alerts `alertMinutes` before its time (at the time when
/// nil); each occurrence of a series alerts on its own day. A snooze fires again when it ends.
enum AlertSchedule {
    /// How far back an alert missed while the app was closed is still shown.
    static let missedWindow: TimeInterval = 7 * 86_400

    /// The alerts of `tasks` firing after what was already shown and up to `horizon`,
    /// soonest first: one per task (the latest of its missed ones, or its next).
    /// `occurrences` lists the days a repeating task falls on in a range (from its parsed rule).
    static func pending(_ tasks: [TaskItem], now: Date, horizon: Date, timeZone: TimeZone,
                        occurrences: (TaskItem, ClosedRange<CivilDate>) -> [CivilDate]) -> [TaskAlert] {
        let earliest = now.addingTimeInterval(-missedWindow)
        let days = CivilDate(earliest, in: timeZone)...CivilDate(horizon, in: timeZone).adding(days: 7)
        var alerts: [TaskAlert] = []
        for task in tasks where !task.completed {
            guard let id = task.id, let time = task.dueTime, let start = task.dueDate else { continue }
            if let snoozed = task.snoozedUntil {
                if snoozed <= horizon {
                    alerts.append(TaskAlert(taskId: id, title: task.title, day: start, time: time, fireAt: snoozed, missed: false))
                }
                continue
            }
            // Not before the task existed: a task added (or imported) for 9:00 at 10:00 does not ring.
            let floor = max(earliest, task.alertedThrough ?? .distantPast, task.createdAt)
            let daysToCheck = task.recurrence == nil ? (days.contains(start) ? [start] : []) : occurrences(task, days)
            var chosen: TaskAlert?
            for day in daysToCheck {
                let fireAt = fireTime(day: day, time: time, minutesBefore: task.alertMinutes ?? 0, timeZone: timeZone)
                guard fireAt > floor else { continue }
                let alert = TaskAlert(taskId: id, title: task.title, day: day, time: time, fireAt: fireAt, missed: false)
                if fireAt <= now { chosen = alert; continue }  // the latest one already due wins
                if chosen == nil, fireAt <= horizon { chosen = alert }
                break
            }
            if let chosen { alerts.append(chosen) }
        }
        return alerts.sorted { $0.fireAt < $1.fireAt }
    }

    /// The instant `minutesBefore` minutes before `time` on `day` in `timeZone` (DST-aware).
    static func fireTime(day: CivilDate, time: TimeOfDay, minutesBefore: Int, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day,
                                                       hour: time.hour, minute: time.minute)) ?? day.startDate(in: timeZone)
        return start.addingTimeInterval(TimeInterval(-60 * minutesBefore))
    }
}
