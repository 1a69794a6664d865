import XCTest
import Core
import Storage
import Agent
import Providers
import Tools
import Terminal
@testable import App

/// Overlays are one stack (`AppState.overlays`): drawn bottom to top, the top one takes the
/// keys, and a reminder that fires goes on top, seen, and answers the next key.
final class OverlayStackTests: XCTestCase {
    private let alert = TaskAlert(taskId: 7, title: "Dentist", day: CivilDate(year: 2026, month: 11, day: 23),
                                  time: TimeOfDay(hour: 9, minute: 30), fireAt: Date(timeIntervalSince1970: 1_795_426_200), missed: false)

    func testAnAlertThatFiresOverTheTimelineIsDrawnOnTopAndTakesEsc() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        _ = update(&state, .key(.f(3)))
        XCTAssertEqual(state[overlay: TimelineViewState.self]?.messageId, 2)
        state.showAlerts([alert])
        let text = screenText(state)
        assertSnapshot(text, named: "alert-over-timeline-100x30")
        XCTAssertTrue(text.contains("⏰ 09:30  Dentist"), "the alert is drawn over the timeline view:\n\(text)")
        XCTAssertTrue(text.contains("Timeline"), "the timeline view is still under it:\n\(text)")

        XCTAssertEqual(update(&state, .key(.escape)), [.answerAlert(alert, snooze: nil)], "Esc answers the alert the user sees")
        XCTAssertNil(state[overlay: AlertBox.self])
        XCTAssertEqual(state[overlay: TimelineViewState.self]?.messageId, 2, "the timeline view stays open under it")
        XCTAssertFalse(screenText(state).contains("Dentist"))
        _ = update(&state, .key(.escape))
        XCTAssertTrue(state.overlays.isEmpty, "the next Esc closes the timeline view")
    }

    /// The help took the keys before an alert drawn over it: Esc closed the help the user could
    /// not see whole, and the alert waited.
    func testAnAlertOverTheHelpTakesTheKeys() {
        var state = SnapshotFixture.state(width: 120, height: 40)
        _ = update(&state, .key(.f(1)))
        state.showAlerts([alert])
        XCTAssertEqual(update(&state, .key(.text("1"))), [.answerAlert(alert, snooze: .tenMinutes)])
        XCTAssertNotNil(state[overlay: HelpView.self], "the help is still open")
    }

    func testMoreAlertsJoinTheBoxAndMoveItToTheTop() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        state.showAlerts([alert])
        _ = update(&state, .key(.f(3)))
        XCTAssertEqual(state[overlay: TimelineViewState.self], nil, "the box has the keys: F3 does not open the view")
        state[overlay: TimelineViewState.self] = TimelineViewState(messageId: 2)   // opened under it some other way
        var second = alert
        second.title = "Call mom"
        state.showAlerts([second])
        XCTAssertEqual(state.overlays.count, 2, "one box, not two")
        guard case .alerts(let box)? = state.overlays.last else { return XCTFail("the box is on top") }
        XCTAssertEqual(box.alerts.map(\.title), ["Dentist", "Call mom"], "oldest first")
        XCTAssertTrue(screenText(state).contains("1 more"))
    }

    /// The order of drawing is the order of the stack, whichever that is.
    func testDrawingFollowsTheStackOrder() {
        var state = SnapshotFixture.state(width: 80, height: 24)
        let question = Choice.confirm("Delete the packing list?", [.reloadTodos])
        state.overlays = [.help(HelpView()), .choice(question)]
        XCTAssertTrue(screenText(state).contains("Delete the packing list?"), "the choice is drawn over the help")
        state.overlays = [.choice(question), .help(HelpView())]
        let helpOnTop = screenText(state)
        XCTAssertFalse(helpOnTop.contains("Delete the packing list?"), "the help is drawn over the choice:\n\(helpOnTop)")
        XCTAssertTrue(helpOnTop.contains("Keys"), helpOnTop)

        // And the keys follow: the top one answers.
        XCTAssertEqual(update(&state, .key(.escape)), [])
        guard case .choice? = state.overlays.last, state.overlays.count == 1 else { return XCTFail("Esc closed the help on top") }
        XCTAssertEqual(update(&state, .key(.text("y"))), [.reloadTodos])
        XCTAssertTrue(state.overlays.isEmpty)
    }

    func testCtrlQQuitsFromEveryOverlayButTheHelp() {
        var state = SnapshotFixture.state(width: 100, height: 30)
        state.showAlerts([alert])
        XCTAssertEqual(update(&state, .key(.ctrl("q"))), [.quit])
        var help = SnapshotFixture.state(width: 100, height: 30)
        _ = update(&help, .key(.f(1)))
        XCTAssertEqual(update(&help, .key(.ctrl("q"))), [], "Ctrl-Q closes the help, as before")
        XCTAssertFalse(help.shouldQuit)
        XCTAssertTrue(help.overlays.isEmpty)
    }

    /// Reminders missed while the app was closed fire at its first ticks. Keys read in the same
    /// batch were typed at the screen without the box: they go where they were typed, and the box,
    /// drawn at once, takes the keys after them.
    func testKeysTypedBeforeAnAlertShowsAreNotSwallowedByIt() throws {
        let database = try AppDatabase.temporary()
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: ToolRegistry.builtIn(), database: database)
        let backend = MemoryBackend(size: Size(width: 120, height: 40))
        let app = TUIApp(backend: backend, database: database, agent: agent)
        app.notifications = .none
        let now = Date()
        app.reminders.refreshedAt = now   // no background refresh during the test
        var missed = alert
        missed.fireAt = now.addingTimeInterval(-3600)
        app.reminders.queue = [missed]
        let framesBefore = backend.framesPresented

        app.alertsDue = true   // the tick came with these keys
        app.handle([.key(.text("h")), .key(.text("i"))])
        XCTAssertEqual(app.state.chat.input.text, "hi", "the keys went to the input they were typed in")
        XCTAssertNotNil(app.state[overlay: AlertBox.self])
        XCTAssertGreaterThan(backend.framesPresented, framesBefore)
        XCTAssertTrue(try XCTUnwrap(backend.lastFrame).text().contains("Missed reminder"), "the box is on the screen at once")

        app.handle([.key(.escape)])
        XCTAssertNil(app.state[overlay: AlertBox.self], "the key after it answers the box")
        XCTAssertEqual(app.state.chat.input.text, "hi")
    }
}
