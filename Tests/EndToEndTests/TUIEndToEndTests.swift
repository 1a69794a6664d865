import Foundation
import XCTest
import Core
import Storage

/// The real binary in tmux, as a new user would run it.
final class TUIEndToEndTests: HomeFolderTestCase {
    private var databasePath: String { home + "/aihelper.sqlite" }

    func testReminderCreatedOfflineShowsInTasksAndSurvivesRestart() throws {
        let session = TmuxSession(home: home)
        try session.start()
        session.waitFor(text: "Welcome to AI Helper")
        try session.type("remind me to call mom tomorrow at 5pm")
        try session.press("Enter")
        let screen = session.waitFor("the finished answer and the task in the Tasks pane") {
            $0.contains("Created") && $0.contains("○ Call mom") && !$0.contains("Esc cancel")
        }
        let tomorrow = CivilDate.today().adding(days: 1)
        XCTAssertTrue(screen.contains(DayFormatForTests.long(tomorrow)), "Tasks pane should select the new task's day:\n\(screen)")
        XCTAssertTrue(screen.contains("✓ create_task"), "the timeline shows the tool call:\n\(screen)")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited(), "Ctrl-Q quits")

        let db = try AppDatabase.open(path: databasePath)
        let found = try db.findTasks(matching: "call mom", includeCompleted: true)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.dueDate, tomorrow)
        XCTAssertEqual(found.first?.dueTime, TimeOfDay(hour: 17, minute: 0))

        let again = TmuxSession(home: home)
        try again.start()
        again.waitFor(text: "remind me to call mom tomorrow at 5pm")  // the last conversation reopens
        try again.press("M-2")
        try again.press("l")
        let tasks = again.waitFor("the task on tomorrow's list") { screen in
            screen.split(separator: "\n").contains { $0.contains("17:00") && $0.contains("○ Call mom") }
        }
        XCTAssertTrue(tasks.contains(DayFormatForTests.long(tomorrow)), tasks)
        try again.press("C-q")
        XCTAssertTrue(again.waitUntilExited())
    }

    func testKillDuringStreamingKeepsQuestionAndMarksAnswerInterrupted() throws {
        let session = TmuxSession(home: home)
        try session.start(environment: ["AIHELPER_OFFLINE_WORD_DELAY_MS": "150"])
        session.waitFor(text: "Welcome to AI Helper")
        try session.type("help")
        try session.press("Enter")
        session.waitFor("the answer to start streaming") { $0.contains("▌") || $0.contains("offline") && $0.contains("Esc cancel") }
        usleep(600_000)  // a few words in, past a checkpoint
        kill(try session.pid(), SIGKILL)
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: databasePath)
        let conversation = try XCTUnwrap(db.latestConversation())
        let before = try db.messages(conversationId: conversation.id!)
        XCTAssertEqual(before.first?.content, "help", "the question was committed before the answer started")
        XCTAssertEqual(before.last?.status, .streaming, "killed mid-stream")
        XCTAssertFalse(before.last?.content.isEmpty ?? true, "streamed text was checkpointed")

        let again = TmuxSession(home: home)
        try again.start()
        let screen = again.waitFor(text: "cut off")
        XCTAssertTrue(screen.contains("help"))
        let after = try db.messages(conversationId: conversation.id!)
        XCTAssertEqual(after.last?.status, .interrupted)
        XCTAssertEqual(after.last?.content, before.last?.content, "the partial answer is kept")
        try again.press("C-q")
        XCTAssertTrue(again.waitUntilExited())
    }

    func testTinyTerminalShowsNoticeAndRecovers() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 30, height: 10)
        session.waitFor(text: "Terminal too small")
        try session.resize(width: 90, height: 30)
        let screen = session.waitFor(text: "Welcome to AI Helper")
        XCTAssertFalse(screen.contains("too small"))
        XCTAssertTrue(screen.contains("1 Chat"), "narrow layout shows the tab bar:\n\(screen)")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    /// At 80×24 the help holds about a third of the keys: the real keys scroll it to its last
    /// line, the footer says which lines show, and Esc closes it.
    func testTheHelpScrollsOnAnEightyByTwentyFourTerminal() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 80, height: 24)
        session.waitFor(text: "Welcome to AI Helper")
        try session.press("F1")
        let top = session.waitFor(text: "1–19 of 80 lines · ↑↓ PgUp PgDn scroll")
        XCTAssertFalse(top.contains("dismiss a reminder"), top)
        try session.press("NPage")
        session.waitFor(text: "19–37 of 80 lines")
        try session.press("End")
        let end = session.waitFor(text: "62–80 of 80 lines")
        XCTAssertTrue(end.contains("dismiss a reminder"), end)
        try session.press("Escape")
        let closed = session.waitFor("the help closed") { !$0.contains("of 80 lines") }
        XCTAssertTrue(closed.contains("Welcome to AI Helper"), closed)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    /// The chat scrolls with the real keys: PgUp leaves the bottom, Home reaches the first
    /// question, PgDn moves a page down from where Home stopped (not from the rows it asked
    /// for), End follows the bottom again.
    func testTheChatScrollsWithPageKeysHomeAndEnd() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 80, height: 24)
        session.waitFor(text: "Welcome to AI Helper")
        for i in 1...4 {
            try session.type("what can you do \(i)?")
            try session.press("Enter")
            // This answer, not an earlier one still on the screen: its question is right above it.
            session.waitFor("answer \(i)") { screen in
                guard let asked = screen.range(of: "do \(i)?") else { return false }
                return screen[asked.upperBound...].contains("NAME.") && !screen.contains("Esc cancel")
            }
        }
        let more = "↓ more below"
        try session.press("PPage")
        session.waitFor(text: more)
        try session.press("Home")
        session.waitFor("the first question") { $0.contains("do 1?") && $0.contains(more) }
        try session.press("NPage")
        session.waitFor("a page below the top") { !$0.contains("do 1?") && $0.contains(more) }
        try session.press("End")
        let bottom = session.waitFor("the bottom") { $0.contains("do 4?") && !$0.contains(more) }
        XCTAssertFalse(bottom.contains("do 1?"), bottom)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    func testWideLayoutShowsThreePanesAndTabMovesFocus() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 160, height: 40)
        let screen = session.waitFor(text: "Welcome to AI Helper")
        let top = screen.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(top.contains("Chat") && top.contains("Tasks") && top.contains("Todos"), "three panes side by side:\n\(top)")
        try session.press("Tab")
        session.waitFor(text: "a add · e edit · x done")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    /// An unknown terminal type starts with a close entry and names it (more: TUITerminalFallbackTests;
    /// the error when not even vt100 is known: its testNoEntryAtAllIsAClearError).
    func testUnknownTerminalStartsWithAFallbackAndSaysSo() throws {
        let session = TmuxSession(home: home)
        try session.start(width: 160, height: 30, environment: ["TERM": "no-such-terminal-xyz"])
        session.waitFor(text: "Terminal “no-such-terminal-xyz” unknown here: using xterm (install its terminfo entry).")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}

/// The day header the Tasks pane shows ("Tue 24 November 2026").
enum DayFormatForTests {
    static func long(_ d: CivilDate) -> String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                      "September", "October", "November", "December"]
        return "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1]) \(d.year)"
    }
}
