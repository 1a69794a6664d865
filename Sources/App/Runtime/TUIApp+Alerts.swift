import Foundation
import Core
import Storage

/// Reminders firing while the app runs: the queue of coming alerts is rebuilt when tasks change
/// (and every minute); each tick fires those whose time came: the alert box, the bell, and a
/// desktop notification through notify-send when it is installed (`notifications` in config.toml).
extension TUIApp {
    static let alertHorizon: TimeInterval = 3600

    /// Works out the coming alerts in the background (thousands of series take milliseconds
    /// to expand); the result comes back as `.alertsComputed`.
    func refreshAlerts(now: Date = Date()) {
        let zone = state.timeZone
        let today = CivilDate(now, in: zone)
        alertsRefreshedAt = now
        do {
            let single = try database.alertCandidates(from: today.adding(days: -8), to: today.adding(days: 8))
            _ = series.series(counter: try database.changeCounters().tasks)
            let mailbox = self.mailbox
            series.background { set in
                var tasks: [Int64: TaskItem] = [:]
                var rules: [Int64: RecurrenceSet] = [:]
                for (task, rule) in set.items where task.dueTime != nil && !task.completed {
                    guard let id = task.id else { continue }
                    tasks[id] = task
                    rules[id] = rule
                }
                for task in single { if let id = task.id { tasks[id] = task } }  // a snoozed series comes with its snooze
                let alerts = AlertSchedule.pending(Array(tasks.values), now: now, horizon: now.addingTimeInterval(Self.alertHorizon),
                                                   timeZone: zone) { task, range in
                    guard let start = task.dueDate else { return [] }
                    // A rule that does not parse alerts on its first day only, as the calendar shows it.
                    return task.id.flatMap { rules[$0] }?.occurrences(start: start, in: range) ?? (range.contains(start) ? [start] : [])
                }
                mailbox.post(.alertsComputed(alerts))
            }
        } catch {
            state.notice = Notice(text: tr.notices.couldNotCheckReminders("\(error)"), kind: .error, expires: nil)
        }
    }

    func setAlertQueue(_ alerts: [TaskAlert]) {
        alertQueue = alerts.filter { alert in lastFired[alert.taskId].map { alert.fireAt > $0 } ?? true }
    }

    /// Fires the alerts whose time came (true when some did). Called once a second.
    @discardableResult
    func fireDueAlerts(now: Date = Date()) -> Bool {
        if now.timeIntervalSince(alertsRefreshedAt ?? .distantPast) >= 60 { refreshAlerts(now: now) }
        var fired: [TaskAlert] = []
        while let next = alertQueue.first, next.fireAt <= now {
            alertQueue.removeFirst()
            var alert = next
            alert.missed = next.fireAt < startedAt
            do { try database.markAlerted(taskId: alert.taskId, through: alert.fireAt) } catch { continue }
            lastFired[alert.taskId] = alert.fireAt
            fired.append(alert)
        }
        guard !fired.isEmpty else { return false }
        // Many missed at once (a week away): the first ten, and a count of the rest.
        state.showAlerts(Array(fired.prefix(10)))
        if fired.count > 10 {
            state.notice = Notice(text: tr.notices.moreRemindersDue(fired.count - 10),
                                  kind: .info, expires: now.addingTimeInterval(30))
        }
        // The alert box always shows; `notifications` says what comes with it.
        if notifications.rings { backend.bell() }
        if notifications.notifiesDesktop { for alert in fired.prefix(3) { notifyDesktop(alert) } }
        return true
    }

    func answer(_ alert: TaskAlert, snooze: Snooze?) {
        guard let snooze else { return }
        let until = snooze.until(from: Date(), timeZone: state.timeZone)
        do {
            try database.snoozeAlert(taskId: alert.taskId, until: until)
            state.notice = Notice(text: tr.notices.snoozed(Sanitized.oneLine(alert.title, max: 40), snooze.label), kind: .info,
                                  expires: Date().addingTimeInterval(5))
        } catch {
            state.notice = Notice(text: tr.notices.couldNotSnooze("\(error)"), kind: .error, expires: nil)
        }
        refreshAlerts()
    }
}

/// `notify-send`, when installed: the alert as a desktop notification. Never waits for it.
enum DesktopNotification {
    static let command: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/notify-send" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func send(_ alert: TaskAlert) {
        guard let command else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        let when = "\(alert.day.iso) \(alert.time.hhmm)" + (alert.missed ? " (missed)" : "")
        process.arguments = ["--app-name=AI Helper", "--", Sanitized.oneLine(alert.title, max: 120), when]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
