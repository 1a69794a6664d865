import XCTest
@testable import Core

final class ConversationTitleTests: XCTestCase {
    func testHeuristicKeepsTheMeaningfulWords() {
        XCTAssertEqual(ConversationTitle.heuristic("Can you help me plan a trip to Japan in March?"), "Plan trip to Japan in March")
        XCTAssertEqual(ConversationTitle.heuristic("hi! please make a packing list: passport, charger, socks"),
                       "Make packing list: passport charger socks")
        XCTAssertEqual(ConversationTitle.heuristic("remind me to call mom tomorrow at 5pm"), "Remind me to call mom tomorrow")
        XCTAssertEqual(ConversationTitle.heuristic("what's on this week"), "What's on this week")
        XCTAssertEqual(ConversationTitle.heuristic("   "), ConversationTitle.untitled)
        XCTAssertEqual(ConversationTitle.heuristic("hi"), "Hi", "only filler: the words themselves")
        XCTAssertEqual(ConversationTitle.heuristic("\u{1B}[31mred\u{1B}[0m alert"), "Red alert", "escape sequences never reach a title")
        XCTAssertLessThanOrEqual(ConversationTitle.heuristic(String(repeating: "supercalifragilistic ", count: 10)).count, 48)
        XCTAssertEqual(ConversationTitle.heuristic("买 牛奶 和 面包"), "买 牛奶 和 面包")
    }

    func testModelAnswersAreCleaned() {
        XCTAssertEqual(ConversationTitle.fromModel("\"Trip to Japan\"\n"), "Trip to Japan")
        XCTAssertEqual(ConversationTitle.fromModel("Title: **Weekly groceries.**"), "Weekly groceries")
        XCTAssertEqual(ConversationTitle.fromModel("\n\n  Budget plan\nmore text"), "Budget plan")
        XCTAssertNil(ConversationTitle.fromModel("  \n \"\" "))
        XCTAssertEqual(ConversationTitle.fromModel(String(repeating: "a", count: 100))?.count, 60)
    }
}
