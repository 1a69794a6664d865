import XCTest
import Core
@testable import Tools

final class ToolRouterTests: XCTestCase {
    private func offered(_ text: String) -> [String] {
        ToolRouter.toolsets(for: text, in: Toolset.builtIn).map(\.name)
    }

    func testAMessageGetsTheToolsetsItMentions() {
        XCTAssertEqual(offered("Remind me to call mom tomorrow at 5"), ["calendar", "reminders", "dates", "contacts"], "call: the contacts may help")
        XCTAssertEqual(offered("make a shopping list for pancakes"), ["todos"])
        XCTAssertEqual(offered("What's on my calendar?"), ["calendar", "dates"])
        XCTAssertEqual(offered("REMINDERS please"), ["calendar", "reminders", "dates"], "any case, and a keyword may start a longer word")
    }

    func testKeywordsMatchAtTheStartOfAWordOnly() {
        XCTAssertTrue(ToolRouter.mentions("my reminders", "remind"))
        XCTAssertFalse(ToolRouter.mentions("multitasking is hard", "task"))
        XCTAssertTrue(ToolRouter.mentions("task: buy milk", "task"))
    }

    func testNothingMatchedOffersTheCoreToolsets() {
        XCTAssertEqual(offered("hi there"), ["calendar", "reminders", "todos", "dates"])
    }

    func testToolsetsWithoutKeywordsAreAlwaysOffered() {
        let external = Toolset(name: "server", summary: "", keywords: [], tools: [ResolveDateTool()])
        XCTAssertEqual(ToolRouter.toolsets(for: "shopping list", in: Toolset.builtIn + [external]).map(\.name), ["todos", "server"])
    }

    func testTheRegistryOffersTheRoutedToolsOrAll() {
        let registry = ToolRegistry.builtIn()
        let routed = registry.definitions(for: "make a packing list", offerAll: false).map(\.name)
        XCTAssertEqual(routed, ["create_todo_list", "list_todos", "add_subtask", "toggle_todo", "rename_todo", "delete_todo"])
        XCTAssertEqual(registry.definitions(for: "make a packing list", offerAll: true).count, registry.definitions.count)
    }
}
