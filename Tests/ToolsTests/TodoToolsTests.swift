import Foundation
import XCTest
import Core
import Storage
@testable import Tools

/// list_todos, add_subtask, toggle_todo, rename_todo, delete_todo on a real database.
final class TodoToolsTests: ToolTestCase {
    private func packingList() async throws -> TodoTree {
        _ = try await run(CreateTodoListTool(), ["title": "Packing list", "items": ["Passport", "Charger"]])
        return try XCTUnwrap(try database.todoTrees().first)
    }

    func testListShowsProgressAndOneListWithItsItems() async throws {
        let empty = try await run(ListTodosTool(), [:])
        XCTAssertEqual(empty.text, "No todo lists yet.")
        let tree = try await packingList()
        let all = try await run(ListTodosTool(), [:])
        XCTAssertEqual(all.text, "#\(tree.todo.id!) Packing list (0 of 2 done)")
        let one = try await run(ListTodosTool(), ["todo": "packing"])
        XCTAssertEqual(one.text, """
            #\(tree.todo.id!) Packing list (0 of 2 done)
              [ ] Passport #\(tree.subtasks[0].id!)
              [ ] Charger #\(tree.subtasks[1].id!)
            """)
        await assertToolError(ListTodosTool(), ["todo_id": 99], "No todo list has id 99.")
    }

    func testAddNestsAndChecksTheParent() async throws {
        let tree = try await packingList()
        let added = try await run(AddSubtaskTool(), ["todo_id": .number(Double(tree.todo.id!)), "content": "Adapter",
                                                     "parent_id": .number(Double(tree.subtasks[1].id!))])
        XCTAssertTrue(added.text.hasPrefix("Added “Adapter” #"), added.text)
        XCTAssertEqual(added.change?.focusTodoId, tree.todo.id)
        let one = try await run(ListTodosTool(), ["todo_id": .number(Double(tree.todo.id!))])
        XCTAssertTrue(one.text.contains("  [ ] Charger #\(tree.subtasks[1].id!)\n    [ ] Adapter #"), one.text)
        await assertToolError(AddSubtaskTool(), ["todo": "packing", "content": "x", "parent_id": 999],
                              "List “Packing list” has no item #999.")
        await assertToolError(AddSubtaskTool(), ["todo": "groceries", "content": "x"], "No todo list matches “groceries”.")
    }

    func testToggleCompletesItemsAndTheListFollows() async throws {
        let tree = try await packingList()
        for item in tree.subtasks {
            let done = try await run(ToggleTodoTool(), ["subtask_id": .number(Double(item.id!))])
            XCTAssertTrue(done.text.hasPrefix("Done: "), done.text)
        }
        XCTAssertEqual(try database.todoTree(id: tree.todo.id!)?.todo.completed, true, "the last item completes the list")
        let reopened = try await run(ToggleTodoTool(), ["subtask_id": .number(Double(tree.subtasks[0].id!)), "completed": false])
        XCTAssertEqual(reopened.text, "Open again: “Passport”.")
        XCTAssertEqual(try database.todoTree(id: tree.todo.id!)?.todo.completed, false)
        await assertToolError(ToggleTodoTool(), [:], "Give 'todo_id' or 'subtask_id'.")
        await assertToolError(ToggleTodoTool(), ["subtask_id": 777], "No todo item has id 777.")
    }

    func testRenameAndDelete() async throws {
        let tree = try await packingList()
        let renamed = try await run(RenameTodoTool(), ["subtask_id": .number(Double(tree.subtasks[0].id!)), "title": "Passports"])
        XCTAssertEqual(renamed.text, "Renamed “Passport” to “Passports”.")
        _ = try await run(RenameTodoTool(), ["todo_id": .number(Double(tree.todo.id!)), "title": "Trip"])
        XCTAssertEqual(try database.todoTree(id: tree.todo.id!)?.todo.title, "Trip")
        XCTAssertTrue(DeleteTodoTool().definition.isDestructive)
        _ = try await run(DeleteTodoTool(), ["subtask_id": .number(Double(tree.subtasks[1].id!))])
        XCTAssertEqual(try database.todoTree(id: tree.todo.id!)?.subtasks.map(\.title), ["Passports"])
        let gone = try await run(DeleteTodoTool(), ["todo_id": .number(Double(tree.todo.id!))])
        XCTAssertEqual(gone.text, "Deleted list “Trip” and its 1 item(s).")
        XCTAssertNil(try database.todoTree(id: tree.todo.id!))
    }
}
