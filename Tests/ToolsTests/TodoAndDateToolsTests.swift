import Foundation
import XCTest
import Core
import Storage
@testable import Tools

final class TodoAndDateToolsTests: ToolTestCase {
    func testCreateTodoListFromStrings() async throws {
        let result = try await run(CreateTodoListTool(), ["title": "Packing list", "items": ["Passport", "Charger", "Socks"]])
        XCTAssertEqual(result.text, "Created todo list “Packing list” with 3 items: Passport, Charger, Socks.")
        let tree = try XCTUnwrap(database.todoTrees().first)
        XCTAssertEqual(result.change, DataChange(todos: true, focusTodoId: tree.todo.id))
        XCTAssertEqual(tree.todo.title, "Packing list")
        XCTAssertEqual(tree.subtasks.map(\.title), ["Passport", "Charger", "Socks"])
        XCTAssertEqual(tree.subtasks.map(\.position), [0, 1, 2])
    }

    func testCreateTodoListFromObjects() async throws {
        let result = try await run(CreateTodoListTool(), ["title": "Groceries", "items": [
            ["content": "Milk", "notes": "oat"], ["content": "Bread"], "Eggs"]])
        XCTAssertEqual(result.text, "Created todo list “Groceries” with 3 items: Milk, Bread, Eggs.")
        let tree = try XCTUnwrap(database.todoTrees().first)
        XCTAssertEqual(tree.subtasks.map(\.notes), ["oat", "", ""])
    }

    func testCreateTodoListEdgeCases() async throws {
        let empty = try await run(CreateTodoListTool(), ["title": "Someday"])
        XCTAssertEqual(empty.text, "Created todo list “Someday” (no items yet).")
        let one = try await run(CreateTodoListTool(), ["title": "One", "items": ["Only"]])
        XCTAssertEqual(one.text, "Created todo list “One” with 1 item: Only.")

        await assertToolError(CreateTodoListTool(), ["items": ["a"]], "Missing required argument 'title'.")
        await assertToolError(CreateTodoListTool(), ["title": "T", "items": [["notes": "no content"]]],
                              "Each entry of 'items' must be a string or an object with a 'content' string.")
        await assertToolError(CreateTodoListTool(), ["title": "T", "items": [3]],
                              "Each entry of 'items' must be a string or an object with a 'content' string.")
        await assertToolError(CreateTodoListTool(), ["title": "T", "items": "a, b"], "'items' must be a list.")
        XCTAssertEqual(try database.todoTrees().count, 2, "failed calls saved nothing")
    }

    func testResolveDate() async throws {
        let friday = try await run(ResolveDateTool(), ["phrase": "2026-12-04"])
        XCTAssertEqual(friday.text, "2026-12-04 is a Friday (in 11 days).")
        XCTAssertNil(friday.change)
        let today = try await run(ResolveDateTool(), ["phrase": "2026-11-23"])
        XCTAssertEqual(today.text, "2026-11-23 is a Monday (today).")
        let tomorrow = try await run(ResolveDateTool(), ["phrase": "2026-11-24"])
        XCTAssertEqual(tomorrow.text, "2026-11-24 is a Tuesday (tomorrow).")
        let past = try await run(ResolveDateTool(), ["phrase": "2026-11-20"])
        XCTAssertEqual(past.text, "2026-11-20 is a Friday (3 days ago).")

        await assertToolError(ResolveDateTool(), ["phrase": "2026-02-30"],
                              "'phrase' must be a date like 2027-01-15, a date and time like 2027-01-15T09:30, or a phrase like 'next friday'; “2026-02-30” is not one.")
        await assertToolError(ResolveDateTool(), [:], "Missing required argument 'phrase'.")
    }
}
