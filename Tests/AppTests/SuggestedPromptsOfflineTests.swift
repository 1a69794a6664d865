import XCTest
import Core
import Providers
@testable import App

/// Every suggested prompt, in both languages, works with the Offline assistant as the intent its
/// category promises: a prompt that only got the help fallback would be a broken first impression.
final class SuggestedPromptsOfflineTests: XCTestCase {
    /// The tool each category's prompt must lead to, by English category name.
    private let expectedTool = ["Tasks": OfflineToolName.createTask, "Schedule": OfflineToolName.listTasks,
                                "Writing": OfflineToolName.createTodoList, "Learning": OfflineToolName.createTodoList,
                                "Everyday": OfflineToolName.resolveDate]

    func testEveryPromptIsUnderstoodAsItsCategory() {
        let english = SuggestedPrompts.prompts(.english)
        let chinese = SuggestedPrompts.prompts(.simplifiedChinese)
        XCTAssertEqual(english.count, chinese.count)
        XCTAssertEqual(Set(english.map(\.category)), Set(expectedTool.keys))
        let recognizer = IntentRecognizer()
        let now = ISO8601DateFormatter().date(from: "2026-11-23T10:00:00Z")!
        // Both tables list the categories in the same order; the English names say what each expects.
        for prompts in [english, chinese] {
            for (category, prompt) in zip(english.map(\.category), prompts) {
                let intent = recognizer.recognize(prompt.text, now: now, timeZone: TimeZone(identifier: "UTC")!)
                XCTAssertEqual(intent.toolCall?.name, expectedTool[category], "\(category): \(prompt.text) → \(intent)")
            }
        }
    }
}
