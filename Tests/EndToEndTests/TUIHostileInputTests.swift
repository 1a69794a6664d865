import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// The hostile-input suite, TUI half: escape sequences, C1 controls, bidi overrides and NULs in
/// an answer from the loopback provider, a tool call and its result, task and todo titles, an
/// imported file and a conversation title. Every byte the real binary writes to its terminal
/// (tmux's pipe-pane) is checked: none of it may reach the terminal raw, the graphemes written
/// past ncurses (`DirectClusters`) included.
final class TUIHostileInputTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    /// The same string as the peer's `HOSTILE_TUI` (Tests/Peers/peer_scripts.py).
    static let hostile = "\u{1B}[2J\u{1B}[6n\u{1B}[8;1;1t\u{1B}]0;PWNED-TITLE\u{07}\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}6n\u{9D}0;c1-title\u{9C}\u{202E}RLO\u{2066}iso\u{0}nul\u{1B}"

    func testNothingRawReachesTheTerminal() throws {
        let h = Self.hostile, today = CivilDate.today()
        try "provider = \"openai\"\nmodel = \"gpt-4.1-mini\"\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        _ = try db.insertTask(TaskItem(title: "EvilTask 👨‍👩‍👧‍👦" + h, notes: "EvilNote" + h, dueDate: today))
        _ = try db.insertTodo(title: "EvilTodo" + h, afterPosition: nil)
        _ = try db.createConversation(title: "EvilConv" + h)
        // An imported calendar file with the same bytes in its text values, but the NUL, which
        // makes the reader refuse the file (CLIHostileInputTests).
        let inFile = h.replacingOccurrences(of: "\u{0}", with: "")
        let stamp = today.iso.replacingOccurrences(of: "-", with: "")
        let ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN", "BEGIN:VEVENT", "UID:evil-1@example",
                   "DTSTART;VALUE=DATE:\(stamp)", "SUMMARY:EvilImport" + inFile.replacingOccurrences(of: ";", with: "\\;"),
                   "DESCRIPTION:" + inFile.replacingOccurrences(of: ";", with: "\\;"), "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try ics.write(toFile: home + "/evil.ics", atomically: true, encoding: .utf8)
        let imported = try CLIRunner(home: home).run(["import", home + "/evil.ics"])
        XCTAssertEqual(imported.status, 0, imported.err)

        let session = TmuxSession(home: home)
        try session.start(width: 160, height: 44, environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"])
        session.waitFor("the first frame") { $0.contains(" OpenAI ") }
        let output = home + "/terminal-output.bin"
        try session.recordOutput(to: output)
        // A resize draws the whole screen again, now recorded.
        try session.resize(width: 161, height: 44)
        try session.resize(width: 160, height: 44)
        session.waitFor("the titles in the panes") { $0.contains("EvilTask") && $0.contains("EvilTodo") && $0.contains("EvilImport") }

        try session.type("make it [script:agent:hostile]")
        try session.press("Enter")
        session.waitFor("the tool step and the answer", timeout: 15) {
            $0.contains("✓ create_task") && $0.contains("EvilTool") && $0.contains("EvilAnswer") && !$0.contains("Esc cancel")
        }
        try session.press("Tab")   // the Tasks pane: the task the tool made, with its notes
        try session.press("C-o")
        session.waitFor("the conversation list") { $0.contains("EvilConv") }
        try session.press("Escape")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        XCTAssertGreaterThan(bytes.count, 1000, "the frames were recorded")
        let text = String(decoding: bytes, as: UTF8.self)
        for (what, raw) in [("OSC", "\u{1B}]"), ("DCS", "\u{1B}P"), ("APC", "\u{1B}_"), ("PM", "\u{1B}^"), ("SOS", "\u{1B}X"),
                            ("cursor report request", "\u{1B}[6n"), ("window resize", "\u{1B}[8;1;1t"),
                            ("window title text", "PWNED-TITLE"), ("clipboard payload", "cHduZWQ="), ("hyperlink target", "evil.example")] {
            if let found = text.range(of: raw) {
                let start = text.index(found.lowerBound, offsetBy: -60, limitedBy: text.startIndex) ?? text.startIndex
                XCTFail("\(what) reached the terminal: " + String(text[start..<found.upperBound]).debugDescription)
            }
        }
        XCTAssertFalse(bytes.contains(0), "a NUL reached the terminal")
        XCTAssertFalse(bytes.contains(0x07), "a BEL (an OSC's end) reached the terminal")
        for i in bytes.indices.dropLast() where bytes[i] == 0xC2 && (0x80...0x9F).contains(bytes[i + 1]) {
            XCTFail("a C1 control U+00\(String(bytes[i + 1], radix: 16)) reached the terminal at byte \(i)")
            break
        }
        for scalar in ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"] {
            XCTAssertFalse(text.contains(scalar), "bidi control U+\(String(scalar.unicodeScalars.first!.value, radix: 16)) reached the terminal")
        }
        // What was around the sequences is still shown.
        XCTAssertTrue(text.contains("EvilAnswer") && text.contains("EvilConv") && text.contains("RLO"), "the visible text was drawn")
    }
}
