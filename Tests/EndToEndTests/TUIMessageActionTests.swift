import Foundation
import XCTest
import Core
import Storage

/// Message actions in the real binary in tmux: edit-and-resend makes a branch, `<` switches
/// back, and y copies through OSC 52 into tmux's paste buffer.
final class TUIMessageActionTests: HomeFolderTestCase {
    private var databasePath: String { home + "/aihelper.sqlite" }

    private func ask(_ session: TmuxSession, _ text: String, answer: String) throws {
        try session.type(text)
        try session.press("Enter")
        session.waitFor("the answer to \(text)") { $0.contains(answer) && !$0.contains("Esc cancel") }
    }

    /// Esc, then waits until the selection shows before the next key (a key within 25 ms of
    /// Esc would be read as Alt plus that key).
    private func select(_ session: TmuxSession, up: Int) throws {
        try session.press("Escape")
        session.waitFor(text: "▶ Assistant")
        for _ in 0..<up { try session.press("k") }
        if up > 0 { session.waitFor(text: "▶ You") }
    }

    func testEditAndResendKeepsTheOldAnswerAsABranch() throws {
        let session = TmuxSession(home: home)
        try session.start()
        session.waitFor(text: "Welcome to AI Helper")
        try ask(session, "remind me to water the plants tomorrow", answer: "Created task")
        try ask(session, "what is on today", answer: "No tasks on")

        try select(session, up: 1)
        try session.press("e")
        session.waitFor(text: "Editing your last message")
        try session.press("C-u")
        try session.type("what is on tomorrow")
        try session.press("Enter")
        let edited = session.waitFor("the new answer under the edited message, marked 2 of 2") {
            $0.contains("‹ 2/2 ›") && $0.contains("Water the plants") && !$0.contains("Esc cancel")
        }
        XCTAssertFalse(edited.contains("what is on today"), "the old branch is hidden:\n\(edited)")

        try select(session, up: 1)
        try session.press("<")
        let back = session.waitFor("the first version again") { $0.contains("‹ 1/2 ›") && $0.contains("what is on today") }
        XCTAssertFalse(back.contains("what is on tomorrow"), back)

        try session.press("G")
        try session.press("y")
        session.waitFor(text: "Copied")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: databasePath)
        let conversation = try XCTUnwrap(db.latestConversation())
        XCTAssertEqual(try db.messages(conversationId: conversation.id!).count, 6, "both branches are kept")
        let shown = try db.recentMessages(conversationId: conversation.id!, limit: 10)
        XCTAssertEqual(shown.filter { $0.role == .user }.map(\.content), ["remind me to water the plants tomorrow", "what is on today"],
                       "the branch last chosen is the one stored as shown")
    }

    /// r after cancelling an answer (input empty) is the retry r on a selected answer is: the
    /// question's second version under one question, the cancelled answer one `<` away; it
    /// used to send the question again, a second identical message with its own answer.
    func testRAfterCancellingAnAnswerMakesABranchNotASecondQuestion() throws {
        let session = TmuxSession(home: home)
        try session.start(environment: ["AIHELPER_OFFLINE_WORD_DELAY_MS": "60"])
        session.waitFor(text: "Welcome to AI Helper")
        try session.type("help")
        try session.press("Enter")
        session.waitFor("the answer to start streaming") { $0.contains("offline") && $0.contains("Esc cancel") }
        try session.press("Escape")
        session.waitFor(text: "Press r or type /retry")
        try session.press("r")
        let retried = session.waitFor("the new version, streamed to its end", timeout: 30) { $0.contains("‹ 2/2 ›") && !$0.contains("Esc cancel") }
        XCTAssertEqual(retried.components(separatedBy: "You ").count - 1, 1, "one question on the screen:\n\(retried)")
        try select(session, up: 1)
        try session.press("<")
        session.waitFor(text: "‹ 1/2 ›")
        session.waitFor(text: "Showing version 1 of 2")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: databasePath)
        let conversation = try XCTUnwrap(db.latestConversation())
        let all = try db.messages(conversationId: conversation.id!)
        XCTAssertEqual(all.map(\.role), [.user, .assistant, .user, .assistant], "both versions are kept")
        XCTAssertEqual(all.filter { $0.status == .interrupted }.count, 1, "the cancelled answer is kept as it was")
        XCTAssertEqual(try db.recentMessages(conversationId: conversation.id!, limit: 10).count, 2, "the shown branch holds one question and its answer")
    }

    func testCopyReachesTmuxsPasteBufferThroughOSC52() throws {
        let session = TmuxSession(home: home)
        try session.start()
        _ = try session.tmux(["set-option", "-g", "set-clipboard", "on"])
        session.waitFor(text: "Welcome to AI Helper")
        try ask(session, "remind me to call the bank tomorrow", answer: "Created task")
        try select(session, up: 1)
        try session.press("y")
        session.waitFor(text: "Copied")
        XCTAssertEqual(try session.tmux(["show-buffer"]), "remind me to call the bank tomorrow")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
