import XCTest
import Core
import Storage
import Terminal
@testable import App

/// Panes rendered into the in-memory canvas and compared with the text snapshots in
/// `Snapshots/`. A missing snapshot fails; `AIHELPER_RECORD_SNAPSHOTS=1` writes it for review.
final class SnapshotTests: XCTestCase {
    private func fixture(width: Int, height: Int, focus: PaneID = .chat) -> AppState {
        SnapshotFixture.state(width: width, height: height, focus: focus)
    }

    func testNarrow80x24ChatPane() { assertSnapshot(screenText(fixture(width: 80, height: 24)), named: "chat-80x24") }
    func testNarrow80x24TasksPane() { assertSnapshot(screenText(fixture(width: 80, height: 24, focus: .tasks)), named: "tasks-80x24") }
    func testNarrow80x24TodosPane() { assertSnapshot(screenText(fixture(width: 80, height: 24, focus: .todos)), named: "todos-80x24") }
    func testMedium120x40() { assertSnapshot(screenText(fixture(width: 120, height: 40)), named: "all-120x40") }
    func testWide200x50() { assertSnapshot(screenText(fixture(width: 200, height: 50)), named: "all-200x50") }

    func testTooSmall() {
        let text = screenText(fixture(width: 30, height: 10))
        XCTAssertTrue(text.contains("Terminal too small"))
        XCTAssertTrue(text.contains("30×10"))
    }

    func testHelpOverlayListsTheKeymap() {
        var state = fixture(width: 120, height: 40)
        state[overlay: HelpView.self] = HelpView()
        let text = screenText(state)
        for scope in KeyAction.Scope.allCases { XCTAssertTrue(text.contains(scope.title), scope.title) }
        XCTAssertTrue(text.contains("Ctrl-Q"))
    }

    /// On a short screen the focused pane's keys come first, then Everywhere.
    func testHelpOnA24RowScreenShowsTheFocusedPanesKeys() {
        var state = fixture(width: 80, height: 24, focus: .todos)
        state[overlay: HelpView.self] = HelpView()
        let text = screenText(state)
        XCTAssertTrue(text.contains("J / K") && text.contains("add sibling / child"), text)
        XCTAssertFalse(text.contains("Alt-Enter"), "Chat's keys come later, past the bottom")
    }

    /// A long answer is drawn from only the lines the view can show; scrolled into its middle,
    /// the rows are still its consecutive lines, bottom-aligned to the scroll offset.
    func testALongAnswerScrolledIntoItsMiddleShowsConsecutiveLines() {
        var state = fixture(width: 80, height: 24)
        // Markdown: a backslash at a line's end keeps the break (a plain newline joins lines).
        let text = (0..<300).map { "line \($0)" }.joined(separator: "\\\n")
        state.chat.messages.append(Message(id: 9, conversationId: 1, role: .assistant, content: text, provider: "openai"))
        func visibleNumbers() -> [Int] {
            screenText(state).split(separator: "\n").compactMap { row in
                row.range(of: "line ").flatMap { Int(row[$0.upperBound...].prefix { $0.isNumber }) }
            }
        }
        let bottom = visibleNumbers()
        XCTAssertEqual(bottom.last, 299)
        XCTAssertEqual(bottom, Array(bottom.first!...299))
        state.chat.scroll.ask(100)
        let middle = visibleNumbers()
        XCTAssertEqual(middle.last, 200, "100 rows up: the blank line under the answer and 99 of its lines")
        XCTAssertEqual(middle, Array(middle.first!...200))
        XCTAssertEqual(middle.count, bottom.count + 1, "the blank line under the answer is off screen too")
        state.chat.scroll.ask(10_000)
        let top = screenText(state)
        XCTAssertTrue(top.contains("remind me to call mom"), "scrolled to the top: the first message shows")
    }

    func testEscapeSequencesFromTheModelNeverReachTheCanvas() {
        var state = fixture(width: 120, height: 40)
        state.chat.messages[1].content = "evil \u{1B}]52;c;aGFjaw==\u{07}\u{1B}[2Jtext\u{9B}31m done"
        let text = screenText(state)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertFalse(text.contains("\u{9B}"))
        XCTAssertTrue(text.contains("evil text done") || text.contains("evil text"), text)
    }

    func testAFrameLaysOutOnlyTheVisibleMessages() {
        for count in [10, 10_000] {
            var state = fixture(width: 120, height: 40)
            state.chat.messages = (0..<count).map { i in
                Message(id: Int64(i + 1), conversationId: 1, role: i % 2 == 0 ? .user : .assistant, content: "message \(i)")
            }
            let renderer = Renderer(theme: .dark)
            var view = ViewState()
            let text = screenCanvas(state, view: &view, renderer: renderer).text()
            XCTAssertLessThanOrEqual(renderer.transcript.messagesVisited, 40, "\(count) messages")
            XCTAssertTrue(text.contains("message \(count - 1)"), "the newest message is on screen")
        }
    }
}
