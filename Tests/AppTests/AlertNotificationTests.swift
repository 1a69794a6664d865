import XCTest
import Core
import Storage
import Terminal
@testable import App

/// `notifications`: a reminder always shows its box; the setting says whether the bell rings
/// and notify-send is called (a recorder stands in for it, so no desktop is needed).
final class AlertNotificationTests: XCTestCase {
    func testEachSettingRingsAndNotifiesOrNot() throws {
        let expected: [(AlertNotifications, bells: Int, desktop: Int)] = [(.all, 1, 1), (.bell, 1, 0), (.none, 0, 0)]
        for (setting, bells, desktop) in expected {
            let harness = try AppTestHarness(width: 120, height: 40), app = harness.app
            var sent: [String] = []
            app.notifyDesktop = { sent.append($0.summary) }
            app.notifications = setting
            let now = Date()
            app.reminders.refreshedAt = now   // no background refresh during the test
            app.reminders.queue = [TaskAlert(taskId: 1, title: "Dentist", day: .today(), time: TimeOfDay(hour: 9, minute: 30),
                                        fireAt: now.addingTimeInterval(-1), missed: false)]
            app.fireDueAlerts(now: now)
            XCTAssertEqual(app.state[overlay: AlertBox.self]?.alerts.map(\.title), ["Dentist"], "\(setting): the box always shows")
            XCTAssertEqual(harness.backend.bells, bells, "\(setting)")
            XCTAssertEqual(sent, desktop == 1 ? ["Dentist"] : [], "\(setting)")
        }
    }

    func testConfigReadsTheSettingAndNamesABadValuesLine() {
        XCTAssertEqual(AppConfig().notifications, .all, "today's behaviour by default")
        XCTAssertEqual(AppConfig.parse("notifications = \"bell\"\n", path: "c.toml").config.notifications, .bell)
        let (config, warning) = AppConfig.parse("theme = \"dark\"\nnotifications = \"loud\"\n", path: "c.toml")
        XCTAssertEqual(config.notifications, .all)
        XCTAssertEqual(warning, "c.toml: line 2: 'notifications' must be one of: all, bell, none (ignored).")
    }
}
