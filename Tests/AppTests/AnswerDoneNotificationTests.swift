import XCTest
import Core
import Storage
import Terminal
@testable import App

/// A long answer (`notify_after_seconds`) that ends while the terminal is in the background
/// (focus reports) rings and goes to the desktop, as `notifications` says; a short one, or one
/// ended in a focused terminal, does nothing.
final class AnswerDoneNotificationTests: XCTestCase {
    private func finishedTurn(focused: Bool, seconds: Double) -> [Effect] {
        var state = AppState(size: Size(width: 100, height: 30), today: CivilDate(year: 2026, month: 11, day: 26),
                             providerName: "Offline", modelName: "offline")
        state.chat.conversation = Conversation(id: 1, title: "Trip plans")
        _ = update(&state, .key(.focus(focused)))
        let user = Message(id: 1, conversationId: 1, role: .user, content: "plan it")
        var answer = Message(id: 2, conversationId: 1, role: .assistant, content: "", status: .streaming)
        _ = update(&state, .result(.turnStarted(RunningTurn(id: 1, messageId: 2), user: user, answer: answer)))
        _ = update(&state, .clock(state.clock.addingTimeInterval(seconds)))
        answer.content = "Done."
        answer.status = .complete
        return update(&state, .agent(turnId: 1, .finished(answer)))
    }

    func testOnlyALongAnswerEndingUnfocusedNotifies() {
        XCTAssertTrue(finishedTurn(focused: false, seconds: 12).contains(.notifyAnswerDone(title: "Trip plans", failed: false)))
        XCTAssertFalse(finishedTurn(focused: true, seconds: 12).contains { if case .notifyAnswerDone = $0 { true } else { false } },
                       "watched")
        XCTAssertFalse(finishedTurn(focused: false, seconds: 3).contains { if case .notifyAnswerDone = $0 { true } else { false } },
                       "short")
    }

    /// Focus reports change the state only: never text in the input, in any pane or overlay.
    func testFocusReportsNeverReachTheInput() {
        var state = AppState(size: Size(width: 100, height: 30), today: CivilDate(year: 2026, month: 11, day: 26),
                             providerName: "Offline", modelName: "offline")
        var decoder = KeyDecoder()
        for key in decoder.feed(Array("hi\u{1B}[O\u{1B}[I!".utf8)) { _ = update(&state, .key(key)) }
        XCTAssertEqual(state.chat.input.text, "hi!")
        XCTAssertTrue(state.terminalFocused)
        _ = update(&state, .key(.focus(false)))
        XCTAssertFalse(state.terminalFocused)
    }

    /// The whole way in the app: a turn of the Offline assistant ends while unfocused; the
    /// bell and notify-send (a recorder) as each `notifications` value says.
    func testTheAppRingsAndNotifiesPerTheSetting() async throws {
        let expected: [(AlertNotifications, bells: Int, desktop: Int)] = [(.all, 1, 1), (.bell, 1, 0), (.none, 0, 0)]
        for (setting, bells, desktop) in expected {
            let harness = try AppTestHarness(), app = harness.app
            var sent: [String] = []
            app.notifyDesktop = { sent.append($0.summary + " | " + $0.body) }
            app.notifications = setting
            app.state.notifyAfterSeconds = 0
            try await harness.press(.focus(false))
            try await harness.perform(.send("what's on today"))
            XCTAssertEqual(harness.backend.bells, bells, "\(setting)")
            let title = try XCTUnwrap(app.state.chat.conversation?.title)
            XCTAssertEqual(sent, desktop == 1 ? [tr.conversationModel.answerReady + " | " + title] : [], "\(setting)")
        }
        // Focused, or a short answer with the default 10 s: nothing.
        for (focused, after) in [(true, 0.0), (false, 10.0)] {
            let harness = try AppTestHarness(), app = harness.app
            var sent = 0
            app.notifyDesktop = { _ in sent += 1 }
            app.state.notifyAfterSeconds = after
            try await harness.press(.focus(focused))
            try await harness.perform(.send("what's on today"))
            XCTAssertEqual([harness.backend.bells, sent], [0, 0], "focused \(focused), after \(after) s")
        }
    }

    func testConfigReadsTheSetting() {
        XCTAssertEqual(AppConfig().notifyAfterSeconds, 10)
        XCTAssertEqual(AppConfig.parse("notify_after_seconds = 30\n", path: "c.toml").config.notifyAfterSeconds, 30)
        let (config, warning) = AppConfig.parse("notify_after_seconds = -1\n", path: "c.toml")
        XCTAssertEqual(config.notifyAfterSeconds, 10)
        XCTAssertEqual(warning, "c.toml: 'notify_after_seconds' must be a number of seconds from 0 to 86400 (ignored).")
    }
}
