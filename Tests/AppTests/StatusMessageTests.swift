import XCTest
import Core
import Terminal
@testable import App

/// A status-bar message too long for the bar is shown whole in the chat pane, above the input.
final class StatusMessageTests: XCTestCase {
    private let hint = "No API key for OpenAI. Create one at https://platform.openai.com/api-keys, then set OPENAI_API_KEY (export OPENAI_API_KEY=...), or use --provider offline."

    private func screen(width: Int, notice: String, failedAnswer: Bool = false) -> [String] {
        var state = AppState(size: Size(width: width, height: 24), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "m")
        state.notice = Notice(text: notice, kind: .error, expires: nil)
        if failedAnswer {
            state.chat.messages = [Message(id: 1, conversationId: 1, role: .assistant, content: "", status: .error, errorText: notice)]
        }
        let canvas = screenCanvas(state)
        return (0..<canvas.height).map { y in (0..<canvas.width).map { canvas[$0, y].text }.joined() }
    }

    func testACutMessageIsShownWholeInTheChat() {
        let rows = screen(width: 80, notice: hint)
        XCTAssertFalse(rows.last!.contains("--provider offline"), "the bar cuts the message at 80 columns")
        let chat = rows.dropLast().map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        let words = chat.split(separator: " ").joined(separator: " ")
        XCTAssertTrue(words.contains("✗ " + hint), "every word of the message, in order: \(chat)")
        let separator = rows.firstIndex { $0.hasPrefix("│──────") }!
        XCTAssertTrue(rows[separator - 1].contains("offline."), "the message ends just above the input")
    }

    func testAFailedAnswersOwnErrorIsNotRepeatedAboveTheInput() {
        let rows = screen(width: 80, notice: hint, failedAnswer: true)
        XCTAssertEqual(rows.filter { $0.contains("✗ No API key") }.count, 1, "once, in the answer: \(rows.joined(separator: "\n"))")
    }

    func testAMessageThatFitsStaysInTheBarOnly() {
        let rows = screen(width: 160, notice: "Unknown command /x.")
        XCTAssertTrue(rows.last!.contains("Unknown command /x."))
        XCTAssertEqual(rows.dropLast().filter { $0.contains("Unknown command") }.count, 0)
    }
}
