import XCTest
import Core
import Terminal
@testable import App

/// The help at 80×24 holds about half of the keys: it scrolls, key by key through `update`,
/// and its footer says which lines show and how to scroll (snapshots at the top and the end).
final class HelpScrollTests: XCTestCase {
    private func helpState() -> AppState {
        var state = SnapshotFixture.state(width: 80, height: 24)
        _ = update(&state, .key(.f(1)))
        XCTAssertNotNil(state[overlay: HelpView.self])
        return state
    }

    func testTheHelpScrollsToItsLastKeyAndSaysSo() throws {
        var state = helpState()
        let top = screenText(state)
        assertSnapshot(top, named: "help-80x24")
        XCTAssertTrue(top.contains("1–19 of 80 lines"), "the footer says it is cut and scrolls: \(top)")
        XCTAssertTrue(top.contains("PgUp PgDn scroll"))
        XCTAssertFalse(top.contains("dismiss a reminder"), "the last key is below")

        _ = update(&state, .key(.down))
        XCTAssertEqual(state[overlay: HelpView.self]?.scroll, 1)
        XCTAssertNotNil(state[overlay: HelpView.self], "a scrolling key does not close it")
        XCTAssertTrue(screenText(state).contains("2–20 of 80 lines"))
        _ = update(&state, .key(.end))
        let end = screenText(state)
        assertSnapshot(end, named: "help-80x24-end")
        XCTAssertTrue(end.contains("dismiss a reminder"), end)
        let limit = try XCTUnwrap(state[overlay: HelpView.self]).scroll
        _ = update(&state, .key(.pageDown))
        _ = update(&state, .key(.mouse(MouseEvent(kind: .wheelDown, x: 10, y: 10))))
        XCTAssertEqual(state[overlay: HelpView.self]?.scroll, limit, "never past the end")
        _ = update(&state, .key(.mouse(MouseEvent(kind: .wheelUp, x: 10, y: 10))))
        XCTAssertEqual(state[overlay: HelpView.self]?.scroll, limit - 3, "the wheel scrolls too")
        _ = update(&state, .key(.home))
        XCTAssertEqual(state[overlay: HelpView.self]?.scroll, 0)

        _ = update(&state, .key(.pageDown))
        _ = update(&state, .key(.escape))
        XCTAssertNil(state[overlay: HelpView.self], "any other key closes it")
        _ = update(&state, .key(.f(1)))
        XCTAssertEqual(state[overlay: HelpView.self]?.scroll, 0, "it opens at the top again")
    }

    func testAHelpThatFitsClosesOnAnyKeyAsBefore() {
        var state = SnapshotFixture.state(width: 200, height: 60)
        _ = update(&state, .key(.f(1)))
        XCTAssertTrue(screenText(state).contains("Any key closes this help"))
        _ = update(&state, .key(.down))
        XCTAssertNil(state[overlay: HelpView.self])
    }
}
