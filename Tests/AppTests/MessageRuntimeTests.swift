import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The message actions carried out by the runtime on a real database with the Offline
/// assistant: edit-and-resend keeps the old branch, `<`/`>` switch, delete, copy; and the
/// transcript's branch and summary markers (snapshot).
final class MessageRuntimeTests: XCTestCase {
    func testEditAndResendKeepsTheOldBranchAndAngleBracketsSwitchBack() async throws {
        let harness = try AppTestHarness(), app = harness.app
        try await harness.perform(.send("what is on today"))
        let first = try XCTUnwrap(app.state.chat.messages.first)
        try await harness.perform(.resendEdited(messageId: first.id!, text: "what is on tomorrow"))
        XCTAssertEqual(app.state.chat.messages.map(\.role), [.user, .assistant])
        let edited = try XCTUnwrap(app.state.chat.messages.first)
        XCTAssertEqual(edited.content, "what is on tomorrow")
        XCTAssertEqual(app.state.chat.messages.last?.status, .complete)
        XCTAssertEqual(app.state.chat.branches[edited.id!], BranchPosition(siblings: [first.id!, edited.id!], index: 1))
        XCTAssertTrue(harness.screen().contains("You  ") && harness.screen().contains("‹ 2/2 ›"))

        app.state.chat.selectedMessageId = edited.id
        try await harness.press(.text("<"))
        XCTAssertEqual(app.state.chat.messages.first?.content, "what is on today")
        XCTAssertEqual(app.state.chat.selectedMessageId, first.id, "the shown sibling stays selected")
        XCTAssertTrue(harness.screen().contains("‹ 1/2 ›"))

        // Reopening the conversation shows the branch last chosen.
        let reopened = try app.database.conversation(id: app.state.chat.conversation!.id!)!
        app.openConversation(reopened)
        XCTAssertEqual(app.state.chat.messages.first?.content, "what is on today")
    }

    /// r after a cancelled answer (input empty, nothing selected) makes the question's second
    /// version, as r on a selected answer does: one question on the screen, the cancelled answer
    /// one `<` away; before, the question was sent again under it.
    func testRAfterACancelledAnswerMakesABranchNotASecondQuestion() async throws {
        let harness = try AppTestHarness(), app = harness.app
        try await harness.perform(.send("what is on today"))
        let question = try XCTUnwrap(app.state.chat.messages.first)
        var cancelled = try XCTUnwrap(app.state.chat.messages.last)
        cancelled.status = .interrupted
        cancelled.errorText = "Cancelled. Press r or type /retry to ask again."
        try app.database.updateMessage(cancelled)
        app.state.chat.messages[1] = cancelled

        try await harness.press(.text("r"))
        XCTAssertEqual(app.state.chat.messages.map(\.content).filter { $0 == "what is on today" }.count, 1,
                       "the question is not repeated: \(app.state.chat.messages.map(\.content))")
        XCTAssertEqual(app.state.chat.messages.map(\.role), [.user, .assistant])
        XCTAssertEqual(app.state.chat.messages.last?.status, .complete)
        let retried = try XCTUnwrap(app.state.chat.messages.first?.id)
        XCTAssertEqual(app.state.chat.branches[retried], BranchPosition(siblings: [question.id!, retried], index: 1))
        XCTAssertTrue(harness.screen().contains("‹ 2/2 ›"))
        XCTAssertEqual(try app.database.messages(conversationId: app.state.chat.conversation!.id!).count, 4, "the cancelled answer is kept")
    }

    func testDeleteRemovesTheMessageFromScreenAndDatabase() async throws {
        let harness = try AppTestHarness(), app = harness.app
        try await harness.perform(.send("what is on today"))
        let answer = try XCTUnwrap(app.state.chat.messages.last)
        try await harness.perform(.deleteMessage(answer.id!))
        XCTAssertEqual(app.state.chat.messages.map(\.content), ["what is on today"])
        XCTAssertNil(try app.database.message(id: answer.id!))
        XCTAssertEqual(app.state.notice?.text, "Message deleted.")
    }

    func testCopySendsOneOSC52SequenceThroughTheBackendAndSaysSo() throws {
        let harness = try AppTestHarness(), app = harness.app, backend = harness.backend
        app.perform(.copyText("abc"))
        XCTAssertEqual(backend.controlSequences.count, 1)
        XCTAssertTrue(backend.controlSequences[0].hasPrefix("\u{1B}]52;c;YWJj\u{07}"), backend.controlSequences[0].debugDescription)
        XCTAssertTrue(app.state.notice?.text.hasPrefix("Copied 3 characters (OSC 52") == true, app.state.notice?.text ?? "")
    }

    func testSummaryAnswerLoadsItsActionItems() async throws {
        let harness = try AppTestHarness(), app = harness.app
        try await harness.perform(.send("I need to call the plumber about the sink"))
        try await harness.perform(.send("/summarize"))
        let answer = try XCTUnwrap(app.state.chat.messages.last)
        XCTAssertEqual(app.state.chat.summaries[answer.id!]?.actionItems, ["Call the plumber about the sink"])
        XCTAssertTrue(harness.screen().contains("☐ Call the plumber about the sink"))
    }

    /// The branch marker on a user message and the marker of an automatic summary, folded
    /// and opened, at 80×24.
    func testBranchAndSummaryMarkersSnapshot() {
        var state = SnapshotFixture.state(width: 80, height: 24)
        state.chat.branches[3] = BranchPosition(siblings: [3, 8], index: 0)
        let summary = Summary(title: "Earlier: reminders", keyInsights: ["Call mom is on Tuesday at 17:00."], mainThemes: ["reminders"])
        state.chat.autoSummary = StoredSummary(id: 1, conversationId: 1, messageId: nil, kind: .auto, coversThroughId: 2,
                                               summary: summary, createdAt: Date(timeIntervalSince1970: 0))
        let renderer = Renderer(theme: .dark)
        var canvas = Canvas(width: 80, height: 24), view = ViewState()
        renderer.render(state, view: &view, into: &canvas)
        assertSnapshot(canvas.text(), named: "chat-branch-summary-80x24")

        state.chat.selectedMessageId = 2
        state.chat.expanded.insert(2)
        renderer.render(state, view: &view, into: &canvas)
        assertSnapshot(canvas.text(), named: "chat-summary-open-80x24")
    }

    /// With branch marks, an automatic summary and a selection moved with k, a frame still lays
    /// out only the messages it shows, at 10,000 messages as at 10.
    func testSelectionAndMarkersCostWhatIsVisibleNotTheHistory() {
        for count in [10, 10_000] {
            var state = SnapshotFixture.state(width: 120, height: 40)
            state.chat.messages = (0..<count).map { i in
                Message(id: Int64(i + 1), conversationId: 1, role: i % 2 == 0 ? .user : .assistant, content: "message \(i)")
            }
            for id in stride(from: Int64(1), through: Int64(count), by: 2) { state.chat.branches[id] = BranchPosition(siblings: [id, id + 100_000], index: 0) }
            state.chat.autoSummary = StoredSummary(id: 1, conversationId: 1, messageId: nil, kind: .auto, coversThroughId: Int64(count - 4),
                                                   summary: Summary(title: "older"), createdAt: Date())
            let renderer = Renderer(theme: .dark)
            _ = update(&state, .key(.escape))
            for _ in 0..<3 { _ = update(&state, .key(.text("k"))) }
            var view = ViewState()
            let text = screenCanvas(state, view: &view, renderer: renderer).text()
            XCTAssertLessThanOrEqual(renderer.transcript.messagesVisited, 40, "\(count) messages")
            XCTAssertEqual(state.chat.selectedMessageId, Int64(count - 3))
            XCTAssertTrue(text.contains("≡ Messages up to here are summarized"), "\(count)")
            XCTAssertTrue(text.contains("‹ 1/2 ›"))
        }
    }
}
