import XCTest
import Core
import Terminal
@testable import App

/// A thought's detail drawn as Markdown in the timeline view (F3) and under an opened
/// answer (Enter); tool arguments and results stay plain; each detail laid out once.
final class TimelineMarkdownTests: XCTestCase {
    private let thought = "## Plan\n\nCheck the **calendar** first:\n\n- today\n- tomorrow\n\n```sh\nls\n```"
    private let arguments = "title: \"**not bold**\", notes: \"# not a heading\""

    private func state() -> AppState {
        var state = TimelineViewTests.answered("plan", height: 40)
        let start = Date(timeIntervalSince1970: 1_795_435_200)
        state.chat.steps[2] = [
            TimelineStep(messageId: 2, position: 0, kind: .thought, title: "thinking", detail: thought, status: .done,
                         startedAt: start, duration: 0.5),
            TimelineStep(messageId: 2, position: 1, kind: .toolCall, title: "create_task", detail: arguments, callId: "c",
                         status: .done, startedAt: start.addingTimeInterval(1), duration: 0.01),
            TimelineStep(messageId: 2, position: 2, kind: .toolResult, title: "result", detail: "- [ ] raw *data*", callId: "c",
                         status: .done, startedAt: start.addingTimeInterval(1.1), duration: 0),
        ]
        return state
    }

    private let renderer = Renderer(theme: .dark)
    private var view = ViewState()

    private func screen(_ state: AppState) -> Canvas { screenCanvas(state, view: &view, renderer: renderer) }

    private func assertThoughtDrawn(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for drawn in ["Plan", "────", "Check the calendar first:", "• today", "• tomorrow", " ls"] {
            XCTAssertTrue(text.contains(drawn), drawn + "\n" + text, file: file, line: line)
        }
        for raw in ["## Plan", "**calendar**", "- today", "```"] {
            XCTAssertFalse(text.contains(raw), raw + "\n" + text, file: file, line: line)
        }
        // Data stays as it came.
        XCTAssertTrue(text.contains(arguments), text, file: file, line: line)
        XCTAssertTrue(text.contains("- [ ] raw *data*"), text, file: file, line: line)
    }

    func testTheTimelineViewDrawsAThoughtAsMarkdownAndToolDataPlain() throws {
        var s = state()
        _ = update(&s, .key(.f(3)))
        let canvas = screen(s)
        let text = canvas.text()
        assertThoughtDrawn(text)
        // "calendar" wears the strong style over the detail's (every character here is one column wide).
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        let y = try XCTUnwrap(rows.firstIndex { $0.contains("Check the calendar") })
        let x = rows[y].distance(from: rows[y].startIndex, to: try XCTUnwrap(rows[y].range(of: "calendar")).lowerBound)
        XCTAssertTrue(canvas[x, y].style.bold, "bold calendar")
        XCTAssertFalse(canvas[x - 2, y].style.bold)
    }

    func testAnOpenedAnswerDrawsItsThoughtAsMarkdown() {
        var s = state()
        s.chat.selectedMessageId = 2
        s.chat.expanded.insert(2)
        assertThoughtDrawn(screen(s).text())
    }

    /// The step's line under a closed answer shows the thought's first line as drawn.
    func testAThoughtsStepLineShowsItsFirstLineDrawn() {
        let s = state()
        let text = screen(s).text()
        XCTAssertTrue(text.contains("✓ \(tr.transcript.thought)  Plan  500 ms"), text)
        XCTAssertFalse(text.contains("## Plan"), text)
        XCTAssertTrue(text.contains(arguments.prefix(20)), "a tool's line keeps its arguments as they are")
    }

    /// Frames drawn while the view is open lay out each detail once; a thought that grows is
    /// laid out again, and its step line's preview only when the thought's start changes.
    func testDetailsAreLaidOutOncePerStepAndWidth() {
        var s = state()
        _ = update(&s, .key(.f(3)))
        _ = screen(s)
        let first = StepDetails.layouts
        for _ in 0..<5 { _ = screen(s); _ = update(&s, .key(.down)) }
        XCTAssertEqual(StepDetails.layouts, first, "no layout on later frames or keys")
        s.chat.steps[2]![0].detail += "\n\nMore."
        XCTAssertTrue(screen(s).text().contains("More."))
        XCTAssertEqual(StepDetails.layouts, first + 1, "the step's line in the chat behind lays out only the thought's unchanged start")
        s.chat.steps[2]![0].detail = "**Checking** the calendar\n\n" + thought
        _ = update(&s, .key(.home))
        XCTAssertTrue(screen(s).text().contains("Checking the calendar"))
        XCTAssertEqual(StepDetails.layouts, first + 3, "a new start: the view and the step's line")
    }
}
