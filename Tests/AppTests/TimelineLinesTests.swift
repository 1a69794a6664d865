import XCTest
import Core
@testable import App

final class TimelineLinesTests: XCTestCase {
    private func step(_ status: StepStatus, duration: Double? = nil) -> TimelineStep {
        TimelineStep(messageId: 1, position: 0, kind: .toolCall, title: "delete_task", detail: "title: \"Dentist\"",
                     callId: "c", status: status, startedAt: Date(), duration: duration)
    }

    private func text(_ lines: [StyledLine]) -> [String] { lines.map { $0.segments.map(\.text).joined() } }

    /// The approval question sits on the step it is about.
    func testAStepAwaitingApprovalAsksOnTheNextLine() {
        let lines = text(TimelineLines.make([step(.awaitingApproval)], spinnerFrame: 0, width: 60, theme: .dark))
        XCTAssertEqual(lines, ["  ? delete_task  title: \"Dentist\"", "    Run it? [y] yes  [n] no"])
    }

    func testStatusGlyphsAndDurations() {
        let lines = text(TimelineLines.make([step(.done, duration: 0.25), step(.failed, duration: 1.5), step(.cancelled)],
                                            spinnerFrame: 0, width: 60, theme: .dark))
        XCTAssertEqual(lines, ["  ✓ delete_task  title: \"Dentist\"  250 ms", "  ✗ delete_task  title: \"Dentist\"  1.5 s",
                               "  ⊘ delete_task  title: \"Dentist\""])
    }
}
