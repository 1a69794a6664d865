import Foundation
import Core
import Storage

/// When reminders fire. A timed task alerts `alertMinutes` before its time (at the time when
/// nil); each occurrence of a series alerts on its own day. A snooze fires again when it ends.
enum AlertSchedule {
    /// How far back an alert missed while the app was closed is still shown.
    static let missedWindow: TimeInterval = 7 * 86_400

    /// What an alert is worked out from: a timed, open task, or a series as `TaskSeriesSet`
    /// holds it (its title is read for the alerts found: `AlertScheduler`).
    struct Timing {
        let id: Int64
        var title: String
        let start: CivilDate
        let time: TimeOfDay
        let alertMinutes: Int?
        let snoozedUntil: Date?
        let alertedThrough: Date?
        let createdAt: Date

        /// Nil when the task never alerts (completed, unsaved, or not timed).
        init?(_ task: TaskItem) {
            guard !task.completed, let id = task.id, let time = task.dueTime, let start = task.dueDate else { return nil }
            self.init(id: id, title: task.title, start: start, time: time, alertMinutes: task.alertMinutes,
                      snoozedUntil: task.snoozedUntil, alertedThrough: task.alertedThrough, createdAt: task.createdAt)
        }

        /// A series without its title (snoozed series come as tasks, from `alertCandidates`).
        init?(_ series: TaskSeriesSet.Series) {
            guard !series.completed, let time = series.time, let start = series.start else { return nil }
            self.init(id: series.id, title: "", start: start, time: time, alertMinutes: series.alertMinutes,
                      snoozedUntil: nil, alertedThrough: series.alertedThrough, createdAt: series.createdAt)
        }

        private init(id: Int64, title: String, start: CivilDate, time: TimeOfDay, alertMinutes: Int?, snoozedUntil: Date?,
                     alertedThrough: Date?, createdAt: Date) {
            self.id = id; self.title = title; self.start = start; self.time = time; self.alertMinutes = alertMinutes
            self.snoozedUntil = snoozedUntil; self.alertedThrough = alertedThrough; self.createdAt = createdAt
        }
    }

    /// The alerts of `tasks` firing after what was already shown and up to `horizon`,
    /// soonest first: one per task (the latest of its missed ones, or its next).
    /// `occurrences` lists the days a repeating task falls on in a range (from its parsed rule).
    static func pending(_ tasks: [TaskItem], now: Date, horizon: Date, timeZone: TimeZone,
                        occurrences: (TaskItem, ClosedRange<CivilDate>) -> [CivilDate]) -> [TaskAlert] {
        let days = window(now: now, horizon: horizon, timeZone: timeZone)
        var fireTimes = FireTimes(timeZone: timeZone)
        return tasks.compactMap { task in
            Timing(task).flatMap { timing in
                alert(for: timing, on: { range in
                    task.recurrence == nil ? (range.contains(timing.start) ? [timing.start] : []) : occurrences(task, range)
                }, now: now, horizon: horizon, days: days, fireTimes: &fireTimes)
            }
        }.sorted { $0.fireAt < $1.fireAt }
    }

    /// The days whose occurrences may alert between the missed window and `horizon` (a week
    /// more: an alert may come days before its task).
    static func window(now: Date, horizon: Date, timeZone: TimeZone) -> ClosedRange<CivilDate> {
        CivilDate(now.addingTimeInterval(-missedWindow), in: timeZone)...CivilDate(horizon, in: timeZone).adding(days: 7)
    }

    /// One alert: its snooze's end, else the latest of its missed occurrences, else its next
    /// within `horizon`. `occurrences` gives the days it falls on in a range (asked only when
    /// it is not snoozed); `moved`, for a series with occurrences moved by a calendar's
    /// overrides, those moved onto a day, which ring at their own time and alert, under their
    /// own title.
    static func alert(for task: Timing, on occurrences: (ClosedRange<CivilDate>) -> [CivilDate],
                      moved: ((CivilDate) -> [RecurrenceSet.Moved])? = nil, now: Date, horizon: Date,
                      days: ClosedRange<CivilDate>, fireTimes: inout FireTimes) -> TaskAlert? {
        if let snoozed = task.snoozedUntil {
            return snoozed <= horizon ? TaskAlert(taskId: task.id, title: task.title, day: task.start, time: task.time, fireAt: snoozed, missed: false) : nil
        }
        // Not before the task existed: a task added (or imported) for 9:00 at 10:00 does not ring.
        let floor = max(now.addingTimeInterval(-missedWindow), task.alertedThrough ?? .distantPast, task.createdAt)
        let found = occurrences(days)
        guard let moved else {
            // Most series: each day at the series' time, worked out as they come (the loop stops
            // at the first one ahead), no list made.
            return pick(found.lazy.map { Slot(day: $0, time: task.time, alertMinutes: task.alertMinutes) }, task, floor: floor,
                        now: now, horizon: horizon, fireTimes: &fireTimes)
        }
        // A moved one may ring before the occurrences listed ahead of it: in the order they ring.
        var slots = Slot.all(found, of: task, moved: moved)
        for index in slots.indices { slots[index].fireAt = slots[index].fire(&fireTimes) }
        slots.sort { $0.fireAt < $1.fireAt }
        return pick(slots, task, floor: floor, now: now, horizon: horizon, fireTimes: &fireTimes)
    }

    /// The latest of `slots` (in the order they ring) already due after `floor`, else the next
    /// within `horizon`.
    private static func pick(_ slots: some Sequence<Slot>, _ task: Timing, floor: Date, now: Date, horizon: Date,
                             fireTimes: inout FireTimes) -> TaskAlert? {
        var chosen: TaskAlert?
        for slot in slots {
            let fireAt = slot.fire(&fireTimes)
            guard fireAt > floor else { continue }
            let alert = TaskAlert(taskId: task.id, title: slot.title ?? task.title, day: slot.day, time: slot.time, fireAt: fireAt, missed: false)
            if fireAt <= now { chosen = alert; continue }  // the latest one already due wins
            if chosen == nil, fireAt <= horizon { chosen = alert }
            break
        }
        return chosen
    }

    /// An occurrence as an alert sees it: its day, time and alert, and its own title if it has one.
    struct Slot {
        var day: CivilDate
        var time: TimeOfDay
        var alertMinutes: Int?
        var title: String?
        var fireAt = Date.distantPast

        func fire(_ fireTimes: inout FireTimes) -> Date { fireTimes.at(day: day, time: time, minutesBefore: alertMinutes ?? 0) }

        /// The occurrences on `days`, where the last copies of a day onto which
        /// occurrences were moved are those (as `AppDatabase.tasks(for:of:)` shows them), at
        /// their own time and alert — the series' where they have none.
        static func all(_ days: [CivilDate], of task: Timing, moved: (CivilDate) -> [RecurrenceSet.Moved]) -> [Slot] {
            let own = { (day: CivilDate) in Slot(day: day, time: task.time, alertMinutes: task.alertMinutes) }
            var slots: [Slot] = []
            var start = days.startIndex
            while start < days.endIndex {
                let day = days[start]
                let end = days[start...].firstIndex { $0 != day } ?? days.endIndex
                let arrived = moved(day).suffix(end - start)
                slots += (0..<(end - start - arrived.count)).map { _ in own(day) }
                slots += arrived.map { Slot(day: day, time: $0.time ?? task.time, alertMinutes: $0.alertMinutes ?? task.alertMinutes, title: $0.title) }
                start = end
            }
            return slots
        }
    }

    /// The instant `minutesBefore` minutes before `time` on `day` in `timeZone` (DST-aware).
    static func fireTime(day: CivilDate, time: TimeOfDay, minutesBefore: Int, timeZone: TimeZone) -> Date {
        var fireTimes = FireTimes(timeZone: timeZone)
        return fireTimes.at(day: day, time: time, minutesBefore: minutesBefore)
    }

    /// Fire times worked out once per day, time and offset: thousands of series share a few
    /// times of day, and each calendar conversion costs microseconds.
    struct FireTimes {
        private let calendar: Calendar
        private var known: [Key: Date] = [:]

        private struct Key: Hashable {
            let day: CivilDate, time: TimeOfDay, minutesBefore: Int
        }

        init(timeZone: TimeZone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            self.calendar = calendar
        }

        mutating func at(day: CivilDate, time: TimeOfDay, minutesBefore: Int) -> Date {
            let key = Key(day: day, time: time, minutesBefore: minutesBefore)
            if let date = known[key] { return date }
            let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute))
                ?? day.startDate(in: calendar.timeZone)
            let date = start.addingTimeInterval(TimeInterval(-60 * minutesBefore))
            known[key] = date
            return date
        }
    }
}
