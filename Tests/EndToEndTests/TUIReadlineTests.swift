import Foundation
import XCTest

/// readline's keys and the lasting input history in the real binary in tmux: a line sent
/// comes back with Up after a restart, Ctrl-R finds it, and the editing keys act on the input.
final class TUIReadlineTests: HomeFolderTestCase {
    func testALineSentComesBackWithUpAfterARestartAndCtrlRFindsIt() throws {
        let session = TmuxSession(home: home)
        try session.start()
        session.waitFor(text: "Welcome to AI Helper")
        try session.type("what is on today")
        try session.press("Enter")
        session.waitFor("the answer") { $0.contains("You") && $0.contains("Assistant") && !$0.contains("Esc cancel") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited(), "Ctrl-Q quits")

        let again = TmuxSession(home: home)
        try again.start()
        again.waitFor(text: "what is on today")  // the last conversation reopens
        try again.press("Up")
        again.waitFor("the line back in the input") { $0.contains("› what is on today") }
        try again.press("C-u")
        again.waitFor("the input emptied by Ctrl-U") { !$0.contains("› what is on today") }
        try again.press("C-r")
        try again.type("on to")
        let found = again.waitFor("readline's search prompt with the match") {
            $0.contains("(reverse-i-search)`on to': ") && $0.contains("› what is on today")
        }
        XCTAssertFalse(found.contains("failing"), found)
        try again.press("Enter", "C-a", "M-d", "C-e")
        try again.type(" then")
        again.waitFor("Alt-D cut the first word, Ctrl-E went to the end") { $0.contains("›  is on today then") }
        try again.press("C-q")
        XCTAssertTrue(again.waitUntilExited(), "Ctrl-Q quits")
    }
}
