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
        if notifications.notifiesDesktop { for alert in fired.prefix(3) { notifyDesktop(DesktopNotification.text(of: alert)) } }
        return true
    }

    /// A long answer finished while the terminal was in the background (`update` decided):
    /// the bell and the desktop, as `notifications` says.
    func notifyAnswerDone(title: String, failed: Bool) {
        if notifications.rings { backend.bell() }
        let words = tr.conversationModel
        if notifications.notifiesDesktop {
            notifyDesktop((failed ? words.answerFailed : words.answerReady, Sanitized.oneLine(title, max: 120)))
        }
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

/// `notify-send`, when installed: a reminder or a finished answer as a desktop notification.
/// Never waits for it.
enum DesktopNotification {
    static let command: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/notify-send" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// A reminder's summary and body: its title, its day and time.
    static func text(of alert: TaskAlert) -> (summary: String, body: String) {
        (Sanitized.oneLine(alert.title, max: 120), "\(alert.day.iso) \(alert.time.hhmm)" + (alert.missed ? " (missed)" : ""))
    }

    static func send(_ text: (summary: String, body: String)) {
        guard let command else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = ["--app-name=AI Helper", "--", text.summary, text.body]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
