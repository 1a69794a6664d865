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
        let days = window(now: now, horizon: horizon, timeZone: timeZone)
        return tasks.compactMap { alert(for: $0, now: now, horizon: horizon, days: days, timeZone: timeZone, occurrences: occurrences) }
            .sorted { $0.fireAt < $1.fireAt }
    }

    /// The days whose occurrences may alert between the missed window and `horizon` (a week
    /// more: an alert may come days before its task).
    static func window(now: Date, horizon: Date, timeZone: TimeZone) -> ClosedRange<CivilDate> {
        CivilDate(now.addingTimeInterval(-missedWindow), in: timeZone)...CivilDate(horizon, in: timeZone).adding(days: 7)
    }

    /// One task's alert: its snooze's end, else the latest of its missed occurrences, else its
    /// next within `horizon`. Takes the task borrowed: the series' are read in place.
    static func alert(for task: TaskItem, now: Date, horizon: Date, days: ClosedRange<CivilDate>, timeZone: TimeZone,
                      occurrences: (TaskItem, ClosedRange<CivilDate>) -> [CivilDate]) -> TaskAlert? {
        guard !task.completed, let id = task.id, let time = task.dueTime, let start = task.dueDate else { return nil }
        if let snoozed = task.snoozedUntil {
            return snoozed <= horizon ? TaskAlert(taskId: id, title: task.title, day: start, time: time, fireAt: snoozed, missed: false) : nil
        }
        // Not before the task existed: a task added (or imported) for 9:00 at 10:00 does not ring.
        let floor = max(now.addingTimeInterval(-missedWindow), task.alertedThrough ?? .distantPast, task.createdAt)
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
        return chosen
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
