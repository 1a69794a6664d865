import XCTest
import Core
@testable import Tools

/// `ArgumentShapes` alone; through `ToolRegistry.run`, with every built-in tool: ToolArgumentShapesTests.
final class ArgumentShapesTests: XCTestCase {
    private let properties: JSONValue = ["due_date": ["type": "string"], "count": ["type": "integer"], "done": ["type": "boolean"],
                                         "title": ["type": "string"]]

    private func definition(closed: Bool) -> ToolDefinition {
        var schema: [String: JSONValue] = ["type": "object", "properties": properties]
        if closed { schema["additionalProperties"] = false }
        return ToolDefinition(name: "t", description: "", inputSchema: .object(schema), aliases: ["due": "due_date"])
    }

    func testNamesAreTakenOnlyInAClosedSchema() {
        let sent: JSONValue = ["dueDate": "2027-01-15", "Title": "x"]
        XCTAssertEqual(ArgumentShapes.normalized(sent, for: definition(closed: true)), ["due_date": "2027-01-15", "title": "x"])
        XCTAssertEqual(ArgumentShapes.normalized(sent, for: definition(closed: false)), sent,
                       "an open schema (another server's) may mean other members: left as sent")
        XCTAssertEqual(ArgumentShapes.normalized(["due": "a"], for: definition(closed: true)), ["due_date": "a"])
        XCTAssertEqual(ArgumentShapes.normalized(["due": "a", "due_date": "b"], for: definition(closed: true)), ["due": "a", "due_date": "b"],
                       "given twice: left for the check to name")
    }

    func testValuesInTheOtherShape() {
        let shaped = ArgumentShapes.normalized(["count": " 3 ", "done": "Yes", "title": 42], for: definition(closed: true))
        XCTAssertEqual(shaped, ["count": 3, "done": true, "title": 42], "a number where text is asked stays for the check")
        XCTAssertEqual(ArgumentShapes.normalized(["count": "three", "done": "maybe"], for: definition(closed: true)),
                       ["count": "three", "done": "maybe"])
    }

    func testPriorities() {
        XCTAssertEqual(PriorityArgument.shaped("high", for: PriorityArgument.numberSchema), 1)
        XCTAssertEqual(PriorityArgument.shaped("None", for: PriorityArgument.numberSchema), 0)
        XCTAssertEqual(PriorityArgument.shaped("7", for: PriorityArgument.numberSchema), 7)
        XCTAssertNil(PriorityArgument.shaped("soon", for: PriorityArgument.numberSchema))
        XCTAssertEqual(PriorityArgument.shaped(1, for: PriorityArgument.wordSchema), "high")
        XCTAssertEqual(PriorityArgument.shaped(5, for: PriorityArgument.wordSchema), "medium")
        XCTAssertEqual(PriorityArgument.shaped("!", for: PriorityArgument.wordSchema), "low")
        XCTAssertEqual(PriorityArgument.shaped(0, for: PriorityArgument.wordSchema), "none")
        XCTAssertNil(PriorityArgument.shaped(12, for: PriorityArgument.wordSchema))
    }
}
