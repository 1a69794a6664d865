import Foundation
import Core
import Storage

/// The reminders coming while the app runs: the queue of alerts within the hour (worked out in
/// the background when tasks change, and every minute), and what fired last per task. The
/// loop asks it each tick for the alerts whose time came (`TUIApp.fireDueAlerts`).
final class AlertScheduler {
    static let horizon: TimeInterval = 3600
    private let database: AppDatabase
    private let series: SeriesStore
    private let mailbox: Mailbox
    /// The last alert fired per task, so a schedule worked out before it fired cannot fire it again.
    private var lastFired: [Int64: Date] = [:]
    /// Reminders coming within the hour (and missed ones), soonest first.
    var queue: [TaskAlert] = []
    var refreshedAt: Date?
    /// Alerts due before this came due while the app was closed.
    let startedAt = Date()

    init(database: AppDatabase, series: SeriesStore, mailbox: Mailbox) {
        self.database = database
        self.series = series
        self.mailbox = mailbox
    }

    /// A minute since the queue was worked out.
    func isStale(at now: Date) -> Bool { now.timeIntervalSince(refreshedAt ?? .distantPast) >= 60 }

    /// Works out the coming alerts in the background (thousands of series take milliseconds
    /// to expand); the result comes back as `.alertsComputed`, then `setQueue`.
    func refresh(now: Date, timeZone zone: TimeZone) throws {
        let today = CivilDate(now, in: zone)
        refreshedAt = now
        let single = try database.alertCandidates(from: today.adding(days: -8), to: today.adding(days: 8))
        _ = series.series(counter: try database.changeCounters().tasks)
        let mailbox = self.mailbox, database = self.database
        series.background { set in
            // The single tasks and snoozed series as read; the other timed, open series from
            // the set as it holds them, their titles read for the alerts found alone.
            let horizon = now.addingTimeInterval(Self.horizon)
            var alerts = AlertSchedule.pending(single, now: now, horizon: horizon, timeZone: zone) { _, _ in [] }
            let snoozed = Set(single.compactMap(\.id))
            let days = AlertSchedule.window(now: now, horizon: horizon, timeZone: zone)
            var fireTimes = AlertSchedule.FireTimes(timeZone: zone)
            var fromSeries: [TaskAlert] = []
            for (index, series) in set.series.enumerated() where !snoozed.contains(series.id) {
                guard let timing = AlertSchedule.Timing(series) else { continue }
                let rule = set.rule(index)
                let moved: ((CivilDate) -> [RecurrenceSet.Moved])? = rule.map { rule in rule.moved.isEmpty ? nil : { rule.moved(onto: $0) } } ?? nil
                let alert = AlertSchedule.alert(for: timing, on: { TaskSeriesSet.days(of: rule, start: timing.start, in: $0) }, moved: moved,
                                                now: now, horizon: horizon, days: days, fireTimes: &fireTimes)
                if let alert { fromSeries.append(alert) }
            }
            if !fromSeries.isEmpty {
                let titles = (try? database.tasks(ids: Set(fromSeries.map(\.taskId)))) ?? [:]
                // A series deleted since the set was read does not ring. By id, as they came when
                // the series were read in the table's order: alerts due at the same minute keep
                // their order in the box.
                fromSeries.sort { $0.taskId < $1.taskId }
                // A moved occurrence came with its own title; the others take the series'.
                alerts += fromSeries.compactMap { alert in
                    titles[alert.taskId].map { var named = alert; if named.title.isEmpty { named.title = $0.title }; return named }
                }
            }
            alerts.sort { $0.fireAt < $1.fireAt }
            mailbox.post(.alertsComputed(alerts))
        }
    }

    func setQueue(_ alerts: [TaskAlert]) {
        queue = alerts.filter { alert in lastFired[alert.taskId].map { alert.fireAt > $0 } ?? true }
    }

    /// The alerts whose time came, taken off the queue and marked alerted in the database.
    func takeDue(at now: Date) -> [TaskAlert] {
        var fired: [TaskAlert] = []
        while let next = queue.first, next.fireAt <= now {
            queue.removeFirst()
            var alert = next
            alert.missed = next.fireAt < startedAt
            do { try database.markAlerted(taskId: alert.taskId, through: alert.fireAt) } catch { continue }
            lastFired[alert.taskId] = alert.fireAt
            fired.append(alert)
        }
        return fired
    }
}
