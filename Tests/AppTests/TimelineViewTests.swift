import XCTest
import Core
import Terminal
@testable import App

/// F3 (t on a chosen answer) opens the timeline view of the selected answer, or the latest with steps; it shows
/// every step in full. Alt-Up / Alt-Down choose an answer, Enter opens its steps in place.
final class TimelineViewTests: XCTestCase {
    private func state() -> AppState {
        var state = Self.answered("remind me", height: 30)
        let start = Date(timeIntervalSince1970: 1_795_435_200)   // 2026-11-23 12:00:00 UTC
        let result = (1...40).map { "line \($0) of the result" }.joined(separator: "\n")
        state.chat.steps[2] = [
            TimelineStep(messageId: 2, position: 0, kind: .modelCall, title: "model call 1", detail: "gpt-4.1-mini · 1,204 tokens in · 87 out",
                         status: .done, startedAt: start, duration: 0.8),
            TimelineStep(messageId: 2, position: 1, kind: .toolCall, title: "create_reminder", detail: "due_date: \"2026-11-25\", title: \"Call mom\"",
                         callId: "c", status: .done, startedAt: start.addingTimeInterval(1), duration: 0.012),
            TimelineStep(messageId: 2, position: 2, kind: .toolResult, title: "result", detail: result, callId: "c", status: .done,
                         startedAt: start.addingTimeInterval(1.02), duration: 0),
        ]
        return state
    }

    /// One renderer and one view for the test, as in the app: the view remembers what it last followed.
    private let renderer = Renderer(theme: .dark)
    private var view = ViewState()

    private func screen(_ state: AppState) -> String { screenCanvas(state, view: &view, renderer: renderer).text() }

    func testF3OpensTheViewWithEveryStepInFull() {
        var s = state()
        _ = update(&s, .key(.f(3)))
        XCTAssertEqual(s[overlay: TimelineViewState.self], TimelineViewState(messageId: 2))
        let text = screen(s)
        XCTAssertTrue(text.contains("12:00:00.000  ✓ model call 1  800 ms"), text)
        XCTAssertTrue(text.contains("gpt-4.1-mini · 1,204 tokens in · 87 out"), text)
        XCTAssertTrue(text.contains("12:00:01.000  ✓ tool create_reminder  12 ms"), text)
        XCTAssertTrue(text.contains("due_date: \"2026-11-25\", title: \"Call mom\""), text)
        XCTAssertTrue(text.contains("line 1 of the result") && text.contains("↓ more"), text)
        XCTAssertFalse(text.contains("line 40 of the result"), "below the fold")
    }

    func testScrollingStopsAtTheEndAndEscCloses() {
        var s = state()
        _ = update(&s, .key(.f(3)))
        _ = update(&s, .key(.end))
        let bottom = screen(s)
        XCTAssertTrue(bottom.contains("line 40 of the result"), bottom)
        let end = s[overlay: TimelineViewState.self]!.scroll
        _ = update(&s, .key(.pageDown))
        XCTAssertEqual(s[overlay: TimelineViewState.self]!.scroll, end, "no scrolling past the end")
        _ = update(&s, .key(.up))
        XCTAssertEqual(s[overlay: TimelineViewState.self]!.scroll, end - 1)
        _ = update(&s, .key(.escape))
        XCTAssertNil(s[overlay: TimelineViewState.self])
        XCTAssertFalse(screen(s).contains("Timeline"))
    }

    func testWithoutStepsCtrlTSaysWhatTheViewIsFor() {
        var s = state()
        s.chat.steps = [:]
        _ = update(&s, .key(.f(3)))
        XCTAssertNil(s[overlay: TimelineViewState.self])
        XCTAssertTrue(s.notice?.text.hasPrefix("No timeline yet") == true)
    }

    /// "t" and "r" typed first into an empty input are letters of the message.
    func testTAndRAreLettersWhenNothingFailed() {
        var s = state()
        _ = update(&s, .key(.text("t")))
        _ = update(&s, .key(.text("r")))
        XCTAssertEqual(s.chat.input.text, "tr")
        XCTAssertNil(s[overlay: TimelineViewState.self])
    }

    func testAltArrowsChooseAnAnswerAndEnterOpensItsSteps() {
        var s = state()
        s.chat.messages.append(Message(id: 3, conversationId: 1, role: .user, content: "thanks"))
        s.chat.messages.append(Message(id: 4, conversationId: 1, role: .assistant, content: "You are welcome.", status: .complete))
        _ = update(&s, .key(.altUp))
        XCTAssertEqual(s.chat.selectedMessageId, 4, "the newest answer first")
        _ = update(&s, .key(.altUp))
        XCTAssertEqual(s.chat.selectedMessageId, 2)
        _ = update(&s, .key(.altUp))
        XCTAssertEqual(s.chat.selectedMessageId, 2, "stays at the oldest")
        var text = screen(s)
        XCTAssertTrue(text.contains("▶ Assistant") && text.contains("Enter: steps · t: timeline"), "scrolled into view:\n\(text)")
        XCTAssertFalse(text.contains("line 2 of the result"), "closed: the first line of each step only")
        XCTAssertEqual(update(&s, .key(.enter)), [], "Enter with an empty input opens, it does not send")
        text = screen(s)
        XCTAssertTrue(text.contains("▶ Assistant") && text.contains("line 2 of the result"), "opened, seen from its top:\n\(text)")
        XCTAssertTrue(text.contains("line 20 of the result"), text)
        _ = update(&s, .key(.end))
        text = screen(s)
        XCTAssertTrue(text.contains("…20 more lines (F3)"), text)
        s.chat.selectedMessageId = nil
        _ = screen(s)
        s.chat.selectedMessageId = 2
        XCTAssertTrue(screen(s).contains("▶ Assistant"), "choosing it again brings its first line into view")
        XCTAssertFalse(text.contains("line 21 of the result"), "at most 20 lines a step")
        _ = update(&s, .key(.text("t")))
        XCTAssertEqual(s[overlay: TimelineViewState.self]?.messageId, 2, "t, with an answer chosen: the timeline of that answer")
        _ = update(&s, .key(.escape))
        _ = update(&s, .key(.enter))
        XCTAssertFalse(screen(s).contains("line 20 of the result"), "Enter closes it again")
        _ = update(&s, .key(.altDown))
        _ = update(&s, .key(.altDown))
        XCTAssertNil(s.chat.selectedMessageId, "past the newest: none")
    }

    /// A question and its answer (id 2) at 100 columns, in UTC, for the steps a test gives it.
    static func answered(_ question: String, height: Int) -> AppState {
        var state = AppState(size: Size(width: 100, height: height), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "OpenAI", modelName: "gpt-4.1-mini")
        state.timeZone = TimeZone(identifier: "UTC")!
        state.chat.messages = [Message(id: 1, conversationId: 1, role: .user, content: question),
                               Message(id: 2, conversationId: 1, role: .assistant, content: "Done.", status: .complete)]
        return state
    }
}
