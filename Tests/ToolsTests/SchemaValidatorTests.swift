import XCTest
import Core
@testable import Tools

final class SchemaValidatorTests: XCTestCase {
    private let schema: JSONValue = [
        "type": "object",
        "properties": [
            "title": ["type": "string", "maxLength": 10],
            "priority": ["type": "integer", "minimum": 1, "maximum": 9],
            "kind": ["type": "string", "enum": ["Work", "Home"]],
            "done": ["type": "boolean"],
            "subtasks": ["type": "array", "maxItems": 2, "items": [
                "type": "object", "properties": ["content": ["type": "string"]], "required": ["content"]]],
        ],
        "required": ["title"],
    ]

    private func problems(_ json: String, _ schema: JSONValue? = nil) -> [String] {
        SchemaValidator.problems(JSONValue(parsing: json)!, against: schema ?? self.schema)
    }

    func testValidArgumentsHaveNoProblems() {
        XCTAssertEqual(problems(#"{"title": "Dentist", "priority": 3, "kind": "home", "done": false, "subtasks": [{"content": "a"}]}"#), [])
        XCTAssertEqual(problems(#"{"title": "x", "extra": 1}"#), [], "unknown members pass unless additionalProperties is false")
    }

    func testEachProblemNamesWhereAndWhat() {
        XCTAssertEqual(problems(#"{}"#), ["'title' is required"])
        XCTAssertEqual(problems(#"{"title": null}"#), ["'title' is required"])
        XCTAssertEqual(problems(#"{"title": 42}"#), ["'title' must be a string, not the number 42"])
        XCTAssertEqual(problems(#"{"title": "far too long a title"}"#), ["'title' must not be longer than 10 characters"])
        XCTAssertEqual(problems(#"{"title": "a", "priority": 2.5}"#), ["'priority' must be an integer, not the number 2.5"])
        XCTAssertEqual(problems(#"{"title": "a", "priority": 12}"#), ["'priority' must be at most 9, not 12"])
        XCTAssertEqual(problems(#"{"title": "a", "kind": "Play"}"#), [#"'kind' must be one of "Work", "Home", not "Play""#])
        XCTAssertEqual(problems(#"{"title": "a", "done": "yes"}"#), ["'done' must be a boolean, not a string"])
        XCTAssertEqual(problems(#"{"title": "a", "subtasks": [{"content": "a"}, {}, {"content": 1}]}"#),
                       ["'subtasks' takes at most 2 items, not 3", "'subtasks[1].content' is required",
                        "'subtasks[2].content' must be a string, not the number 1"])
        XCTAssertEqual(problems(#"[1]"#), ["the arguments must be an object, not an array"])
    }

    func testClosedObjectsRefuseUnknownMembers() {
        let closed: JSONValue = ["type": "object", "properties": ["a": ["type": "string"]], "additionalProperties": false]
        XCTAssertEqual(problems(#"{"a": "x", "b": 1}"#, closed), ["'b' is not an argument here (known: a)"])
    }

    func testTypeListsAndNull() {
        let nullable: JSONValue = ["type": "object", "properties": ["time": ["type": ["string", "null"]], "n": ["type": "integer"]]]
        XCTAssertEqual(problems(#"{"time": null, "n": null}"#, nullable), [], "null is as good as left out")
        XCTAssertEqual(problems(#"{"time": 9}"#, nullable), ["'time' must be a string or null, not the number 9"])
        XCTAssertEqual(problems(#"[true]"#, ["type": "array", "items": ["type": ["integer", "string"]]]),
                       ["'[0]' must be an integer or a string, not a boolean"])
    }

    /// anyOf: valid when one choice is; else the problems of the choice of the value's type.
    func testAnyOf() {
        let schema: JSONValue = ["type": "array", "items": ["anyOf": [
            ["type": "string"],
            ["type": "object", "properties": ["content": ["type": "string"]], "required": ["content"], "additionalProperties": false],
        ]]]
        XCTAssertEqual(problems(#"["a", {"content": "b"}]"#, schema), [])
        XCTAssertEqual(problems(#"[{"content": "b", "done": true}, {}]"#, schema),
                       ["'[0].done' is not an argument here (known: content)", "'[1].content' is required"])
        XCTAssertEqual(problems(#"[3]"#, schema), ["'[0]' must be a string or an object, not the number 3"])
    }

    /// Every built-in tool's schema accepts the arguments its own tests use and is itself an object schema.
    func testEveryBuiltInSchemaIsAnObjectSchema() {
        for definition in ToolRegistry.builtIn().definitions {
            XCTAssertEqual(definition.inputSchema["type"], "object", definition.name)
            XCTAssertEqual(SchemaValidator.problems([:], against: definition.inputSchema).isEmpty,
                           (definition.inputSchema["required"]?.arrayValue ?? []).isEmpty, definition.name)
        }
    }
}
