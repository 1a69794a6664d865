import Foundation
import Core
import Storage

/// Reminders firing while the app runs (`AlertScheduler` keeps the queue): each tick fires those
/// whose time came: the alert box, the bell, and a desktop notification through notify-send
/// when it is installed (`notifications` in config.toml).
extension TUIApp {
    func refreshAlerts(now: Date = Date()) {
        do { try reminders.refresh(now: now, timeZone: state.timeZone) } catch {
            show(Notice(text: tr.notices.couldNotCheckReminders("\(error)"), kind: .error, expires: nil))
        }
    }

    /// Fires the alerts whose time came (true when some did). Called after each batch whose
    /// tick found them due.
    @discardableResult
    func fireDueAlerts(now: Date = Date()) -> Bool {
        if reminders.isStale(at: now) { refreshAlerts(now: now) }
        let fired = reminders.takeDue(at: now)
        guard !fired.isEmpty else { return false }
        // Many missed at once (a week away): the first ten, and a count of the rest.
        apply(.alertsFired(Array(fired.prefix(10)), more: max(0, fired.count - 10), now: now))
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
            show(Notice(text: tr.notices.snoozed(Sanitized.oneLine(alert.title, max: 40), snooze.label), kind: .info,
                        expires: Date().addingTimeInterval(5)))
        } catch {
            show(Notice(text: tr.notices.couldNotSnooze("\(error)"), kind: .error, expires: nil))
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
