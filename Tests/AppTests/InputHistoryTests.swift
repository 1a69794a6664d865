import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The input's history across runs: each line sent is stored (never one that was a key), a
/// second run on the same database walks it with Up and searches it with Ctrl-R, the open
/// conversation's own lines first.
final class InputHistoryTests: XCTestCase {
    private func type(_ harness: AppTestHarness, _ text: String) async throws {
        try await harness.press(.text(text), .enter)
    }

    func testLinesSentAreStoredAndASecondRunWalksThem() async throws {
        let first = try AppTestHarness()
        try await type(first, "plan my week")
        try await type(first, "/keys sk-live-0123456789abcdef")
        try await type(first, "my key is sk-proj-abcdefghijklmnop please check")
        try await type(first, "what is on today")
        let stored = try first.database.inputHistory()
        XCTAssertEqual(stored.map(\.text), ["plan my week", "what is on today"], "never a line that was a key")
        let conversation = try XCTUnwrap(first.app.state.chat.conversation?.id)
        XCTAssertEqual(stored.map(\.conversationId), [conversation, conversation], "a first message's line has its new conversation")
        XCTAssertEqual(first.app.state.chat.input.history, ["plan my week", "what is on today"], "nor is a key kept for this run")

        let second = try AppTestHarness(database: first.database)
        second.app.openConversation(try XCTUnwrap(second.database.latestConversation()))
        second.app.loadInputHistory()
        try await second.press(.up)
        XCTAssertEqual(second.app.state.chat.input.text, "what is on today")
        try await second.press(.up)
        XCTAssertEqual(second.app.state.chat.input.text, "plan my week")
        try await second.press(.down, .down, .ctrl("r"), .text("plan"))
        XCTAssertEqual(second.app.state.chat.input.text, "plan my week")
        XCTAssertTrue(second.screen().contains("(reverse-i-search)`plan': "), second.screen())
    }

    func testTheOpenConversationsLinesComeFirstThenEveryOther() {
        var state = AppState(size: Size(width: 100, height: 30), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline-assistant")
        let lines = [InputHistoryLine(id: 1, text: "a1", conversationId: 1), InputHistoryLine(id: 2, text: "b1", conversationId: 2),
                     InputHistoryLine(id: 3, text: "a2", conversationId: 1), InputHistoryLine(id: 4, text: "/theme light", conversationId: nil),
                     InputHistoryLine(id: 5, text: "b2", conversationId: 2)]
        _ = update(&state, .result(.inputHistoryLoaded(lines)))
        XCTAssertEqual(state.chat.input.history, ["a1", "b1", "a2", "/theme light", "b2"], "no conversation: everything, in order")
        let window = ConversationWindow(messages: [], hasOlder: false, steps: [:], marks: ConversationMarks(branches: [:], summaries: [:]))
        _ = update(&state, .result(.conversationOpened(Conversation(id: 1, title: "A"), window, usage: nil)))
        var walked: [String] = []
        for _ in 0..<5 { _ = update(&state, .key(.up)); walked.append(state.chat.input.text) }
        XCTAssertEqual(walked, ["a2", "a1", "b2", "/theme light", "b1"], "its own lines first, then the others, newest first")
        _ = update(&state, .result(.inputRemembered(InputHistoryLine(id: 6, text: "a3", conversationId: 1))))
        _ = update(&state, .result(.conversationCleared))
        XCTAssertEqual(state.chat.input.history.last, "a3", "a new conversation walks everything, the newest first")
        XCTAssertEqual(state.chat.input.text, "")
    }

    func testAnEditGivenUpIsNotALineSent() {
        var state = AppState(size: Size(width: 100, height: 30), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline-assistant")
        state.chat.editingMessageId = 3
        state.chat.input.text = "half an edit"
        XCTAssertEqual(update(&state, .key(.escape)), [])
        XCTAssertEqual(state.chat.input.history, [])
    }
}
