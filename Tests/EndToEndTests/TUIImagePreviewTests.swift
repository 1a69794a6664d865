import Foundation
import XCTest
import TestSupport

/// Inline previews with the real binary: in tmux (no previews, the placeholder only, no image
/// byte), and in a terminal played by a script that answers the graphics query
/// (Tests/Peers/fake_graphics_terminal.py): kitty and sixel get their bytes, a terminal that
/// says neither, or nothing, gets none. A picture is attached with /image and sent each time.
final class TUIImagePreviewTests: HomeFolderTestCase {
    private func picture() throws -> String {
        let path = home + "/pic.png"
        try TestImages.png(width: 40, height: 20).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Kitty graphics (`ESC _ G`) or sixel (`ESC P … q`) in what the app wrote.
    private func imageBytes(_ output: Data) -> [String] {
        [("kitty", "\u{1B}_Ga="), ("sixel", "\u{1B}P0;1;0q")].compactMap { output.range(of: Data($0.1.utf8)) != nil ? $0.0 : nil }
    }

    private func fakeTerminal(_ mode: String) throws -> Data {
        let output = home + "/terminal-\(mode).bin"
        let status = try TmuxSession.spawnAndWait(["/usr/bin/python3", PeerServer.peersFolder.appendingPathComponent("fake_graphics_terminal.py").path,
                                                   mode, TmuxSession.binary, home, try picture(), output],
                                                  outputPath: home + "/script.log", timeout: 45)
        XCTAssertEqual(status, 0, "the app quit with Ctrl-Q")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertNotNil(bytes.range(of: Data("▣ pic.png".utf8)), "the placeholder is drawn")
        XCTAssertNotNil(bytes.range(of: Data("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)), "the query is asked")
        return bytes
    }

    func testAKittyAnswerGetsThePictureSentAndPlaced() throws {
        let bytes = try fakeTerminal("kitty")
        XCTAssertEqual(imageBytes(bytes), ["kitty"])
        XCTAssertNotNil(bytes.range(of: Data("\u{1B}_Ga=t,f=100,t=d,i=".utf8)), "the PNG is sent as it is")
        XCTAssertNotNil(bytes.range(of: Data(",c=4,r=1,C=1,q=2\u{1B}\\".utf8)), "placed in 4 × 1 cells (40 × 20 pixels, cells of 10 × 20)")
        XCTAssertNil(bytes.range(of: Data("Gi=31;OK".utf8)), "the answer is not typed into the input")
    }

    func testASixelAnswerGetsSixel() throws {
        XCTAssertEqual(imageBytes(try fakeTerminal("sixel")), ["sixel"])
    }

    func testATerminalWithoutGraphicsOrWithoutAnswerGetsNoImageByte() throws {
        XCTAssertEqual(imageBytes(try fakeTerminal("none")), [])
        XCTAssertEqual(imageBytes(try fakeTerminal("silent")), [])
    }

    /// In tmux nothing is asked (it answers DA1 itself and passes no image); with TMUX unset the
    /// query goes out and tmux's own DA1 (no 4) says none. Either way the placeholder, no image byte,
    /// and nothing of an answer in the input.
    func testInTmuxThePlaceholderAloneAndNoImageBytes() throws {
        for unset in [[], ["TMUX"]] {
            let session = TmuxSession(home: home)
            try session.start(width: 100, height: 30, unset: unset)
            session.waitFor("the input") { $0.contains("Message (Enter sends") }
            let output = home + "/tmux-\(unset.count).bin"
            try session.recordOutput(to: output)
            try session.type("/image " + (try picture()))
            try session.press("Enter")
            session.waitFor("the chip") { $0.contains("▣ pic.png") }
            try session.type("look")
            try session.press("Enter")
            let screen = session.waitFor("the placeholder under the message") { $0.contains("▣ pic.png · 40×20") }
            XCTAssertFalse(screen.contains("Gi=31") || screen.contains("62;") || screen.contains("1;2c"), screen)
            Thread.sleep(forTimeInterval: 2.5)  // past the answers' wait
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
            XCTAssertEqual(imageBytes(bytes), [], "unset \(unset)")
            try session.press("C-q")
            XCTAssertTrue(session.waitUntilExited())
        }
    }
}
