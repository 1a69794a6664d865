import XCTest
@testable import Core

/// The Life Wrapped summary schema: parsed robustly, plain text when the reply holds no JSON.
final class SummaryTests: XCTestCase {
    func testStrictJSONFillsEveryField() {
        let reply = """
        {"title": "Trip planning", "key_insights": ["Flights are cheaper on Tuesdays", "The hotel needs a deposit"],
         "main_themes": ["travel", "budget"], "thought_process": "We compared dates. Tuesday won.",
         "action_items": ["Book the Tuesday flight", "Pay the deposit"]}
        """
        let s = Summary.parse(reply)
        XCTAssertEqual(s.title, "Trip planning")
        XCTAssertEqual(s.keyInsights, ["Flights are cheaper on Tuesdays", "The hotel needs a deposit"])
        XCTAssertEqual(s.mainThemes, ["travel", "budget"])
        XCTAssertEqual(s.thoughtProcess, "We compared dates. Tuesday won.")
        XCTAssertEqual(s.actionItems, ["Book the Tuesday flight", "Pay the deposit"])
        XCTAssertNil(s.plainText)
    }

    func testFencesProseAndTrailingCommasAreTolerated() {
        let reply = "Here you go:\n```json\n{\"title\": \"T\", \"key_insights\": [\"a\", \"b\",], \"action_items\": \"call Sam\",}\n```\nHope it helps."
        let s = Summary.parse(reply)
        XCTAssertEqual(s.title, "T")
        XCTAssertEqual(s.keyInsights, ["a", "b"])
        XCTAssertEqual(s.actionItems, ["call Sam"], "a single string is a list of one")
        XCTAssertEqual(s.mainThemes, [])
    }

    func testInvalidJSONFallsBackToThePlainText() {
        let s = Summary.parse("The talk was about the garden. {not json")
        XCTAssertEqual(s.plainText, "The talk was about the garden. {not json")
        XCTAssertEqual(s.text, "Summary\n\nThe talk was about the garden. {not json")
        XCTAssertEqual(Summary.parse("{\"unrelated\": 1}").plainText, "{\"unrelated\": 1}", "JSON without the schema's fields is not a summary")
        XCTAssertEqual(Summary.parse("  ").plainText, "The model gave no summary.")
    }

    func testTextIsBuiltFromTheFieldsAndTheJSONRoundTrips() {
        let s = Summary(title: "T", keyInsights: ["one"], mainThemes: ["x", "y"], thoughtProcess: "Went well.", actionItems: ["do it"])
        XCTAssertEqual(s.text, "T\n\nKey insights:\n• one\n\nWent well.\n\nThemes: x, y\n\nAction items:\n☐ do it")
        XCTAssertTrue(s.text(actionItemsHeading: "To do:").hasSuffix("To do:\n☐ do it"))
        XCTAssertEqual(Summary(jsonText: s.jsonText), s)
        XCTAssertTrue(s.jsonText.contains("\"key_insights\":[\"one\"]"), s.jsonText)
        XCTAssertNil(Summary(jsonText: "{"))
    }
}
