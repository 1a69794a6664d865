import XCTest
@testable import Core

final class JSONExtractionTests: XCTestCase {
    func testTheJSONIsFoundWhateverSurroundsIt() {
        let expected: JSONValue = ["title": "Call mom", "time": "17:00"]
        for reply in [
            #"{"title": "Call mom", "time": "17:00"}"#,
            "```json\n{\"title\": \"Call mom\", \"time\": \"17:00\"}\n```",
            "Sure! Here it is:\n{\"title\": \"Call mom\", \"time\": \"17:00\",}\nAnything else?",
            "Note {not json} first: {\"title\": \"Call mom\", \"time\": \"17:00\"}",
        ] {
            XCTAssertEqual(JSONExtraction.firstValue(in: reply), expected, reply)
        }
    }

    func testArraysNestedValuesAndBracketsInsideStrings() {
        let reply = "[{\"title\": \"Buy [2] {big} eggs, \\\"fresh\\\"\", \"subtasks\": [{\"content\": \"a\",}, ],},]"
        XCTAssertEqual(JSONExtraction.firstValue(in: reply),
                       [["title": "Buy [2] {big} eggs, \"fresh\"", "subtasks": [["content": "a"]]]])
        XCTAssertEqual(JSONExtraction.firstValue(in: #"{"a": "x,}"}"#), ["a": "x,}"], "a comma before a bracket inside a string stays")
    }

    func testNoJSONIsNil() {
        XCTAssertNil(JSONExtraction.firstValue(in: "I cannot help with that."))
        XCTAssertNil(JSONExtraction.firstValue(in: "{\"title\": \"cut off"))
        XCTAssertNil(JSONExtraction.firstValue(in: ""))
    }
}
