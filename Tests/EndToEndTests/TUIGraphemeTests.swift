import Foundation
import XCTest
import TestSupport

/// Emoji sequences typed into the real binary in tmux: they reach the terminal whole, the
/// cursor sits where their two columns each end, and nothing is left behind on the input line.
final class TUIGraphemeTests: HomeFolderTestCase {
    func testEmojiSequencesGoOutWholeAndLeaveNoStrayCharacters() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 100, height: 30)
        let start = session.waitFor("the input") { $0.contains("Message (Enter sends") }
        let output = home + "/terminal-output.bin"
        try session.recordOutput(to: output)
        let rainbow = "🏳️‍🌈", family = "👨‍👩‍👧‍👦", typed = rainbow + rainbow + rainbow + " " + family + " ok"
        // As a terminal sends them: one piece per scalar, so the app must join them itself.
        for scalar in typed.unicodeScalars { try session.type(String(scalar)) }
        let screen = session.waitFor("the text typed") { $0.contains(" ok") }
        let bytes = Data((try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data())
        XCTAssertNotNil(bytes.range(of: Data(family.utf8)), "the family goes out whole")
        XCTAssertNotNil(bytes.range(of: Data(rainbow.utf8)), "the rainbow flag goes out whole")

        let inputRow = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains(" ok") }.map(String.init))
        XCTAssertFalse(inputRow.contains("Enter sends") || inputRow.contains("editor)") || inputRow.contains("tor)"),
                       "no piece of the placeholder is left:\n\(inputRow)")
        // The text starts where the placeholder did (all narrow characters before it); each
        // sequence is two columns: 3 × 2 + " " + 2 + " ok".
        let promptRow = try XCTUnwrap(start.split(separator: "\n").first { $0.contains("Message (Enter sends") })
        let textColumn = try XCTUnwrap(promptRow.range(of: "Message")).lowerBound.utf16Offset(in: promptRow)
        XCTAssertEqual(session.cursor()?.x, textColumn + 6 + 1 + 2 + 3, "cursor after \(typed)")
        // Deleted grapheme by grapheme, they leave nothing behind.
        for _ in 0..<(typed.count - 1) { try session.press("BSpace") }
        let left = session.waitFor("the first flag left") { $0.contains("│› " + rainbow + " ") && !$0.contains(family) }
        let row = try XCTUnwrap(left.split(separator: "\n").first { $0.contains("│› ") }.map(String.init))
        XCTAssertEqual(row.unicodeScalars.filter { $0.value == 0x200D }.count, 1, "one flag's joiner, no stray one:\n\(row)")
        try session.press("BSpace")
        session.waitFor("the placeholder back") { $0.contains("Message (Enter sends") && !$0.contains(rainbow) }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
