import Foundation
import XCTest

/// The slash-command popup and the command palette in the real binary, in tmux.
final class TUIPaletteTests: HomeFolderTestCase {
    func testSlashCompletesAndCtrlPFindsAnAction() throws {
        let session = TmuxSession(home: home)
        try session.start()
        session.waitFor(text: "Welcome to AI Helper")
        try session.type("/th")
        session.waitFor("the popup listing /theme") { $0.contains("Tab completes") && $0.contains("choose the color theme") }
        try session.press("Tab")
        let themes = session.waitFor("the input completed and the themes listed") { $0.contains("› /theme ") && $0.contains("solarized-dark") }
        XCTAssertTrue(themes.contains("┌─ Chat"), "Tab completed; it did not move to another pane:\n\(themes)")
        try session.press("Escape")
        session.waitFor("Esc closed the popup, the text kept") { !$0.contains("Tab completes") && $0.contains("› /theme") }
        try session.press("C-u")
        try session.press("C-p")
        session.waitFor(text: "Commands")
        try session.type("add todo")
        session.waitFor("the palette found the action with its key") { $0.contains("Todos › add a todo") }
        try session.press("Enter")
        session.waitFor("the todo form, opened as `a` in Todos would") { $0.contains("New todo") }
        try session.press("Escape")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
