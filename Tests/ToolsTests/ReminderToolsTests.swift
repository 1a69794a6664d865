import Foundation
import XCTest
import Core
import Storage
@testable import Tools

/// The reminders toolset: tasks in a list ("now" is Monday 2026-11-23, noon UTC).
final class ReminderToolsTests: ToolTestCase {
    func testCreateStoresATaskInAListWithItsPriority() async throws {
        let result = try await run(CreateReminderTool(), ["title": "Call mom", "due_date": "tomorrow", "due_time": "17:00", "priority": 1])
        XCTAssertEqual(result.text, "Created reminder Tue 2026-11-24 17:00 Call mom (high) in “Reminders” #1")
        XCTAssertEqual(result.change?.focusTaskId, 1)
        _ = try await run(CreateReminderTool(), ["title": "Milk", "list": "Groceries", "priority": 9])
        let milk = try XCTUnwrap(try database.task(id: 2))
        XCTAssertEqual(milk.dueDate, day("2026-11-23"), "due today when no day is given")
        XCTAssertEqual(milk.priority, .low)
        XCTAssertEqual(milk.list, "Groceries")
        await assertToolError(CreateReminderTool(), ["title": "x", "due_date": "someday maybe"],
                              "'due_date' must be a date like 2027-01-15, a date and time like 2027-01-15T09:30, or a phrase like 'next friday'; “someday maybe” is not one.")
    }

    func testListFiltersByListStateAndDueRange() async throws {
        _ = try await run(CreateReminderTool(), ["title": "Milk", "list": "Groceries", "due_date": "2026-11-24"])
        _ = try await run(CreateReminderTool(), ["title": "Bread", "list": "groceries", "due_date": "2026-11-30"])
        _ = try await run(CreateReminderTool(), ["title": "Call mom", "due_date": "2026-11-25"])
        _ = try addTask("A plain task", "2026-11-24")
        let groceries = try await run(ListRemindersTool(), ["list": "GROCERIES"])
        XCTAssertEqual(groceries.text, "Tue 2026-11-24 all day Milk in “Groceries” #1\nMon 2026-11-30 all day Bread in “groceries” #2")
        let soon = try await run(ListRemindersTool(), ["due_before": "2026-11-25", "due_after": "2026-11-25"])
        XCTAssertEqual(soon.text, "Wed 2026-11-25 all day Call mom in “Reminders” #3")
        let done = try await run(ListRemindersTool(), ["completed": true])
        XCTAssertEqual(done.text, "No reminders match.")
    }

    func testCompleteAndDeleteNameRemindersOnly() async throws {
        _ = try await run(CreateReminderTool(), ["title": "Water plants"])
        _ = try addTask("Water the lawn", "2026-11-23")
        let completed = try await run(CompleteReminderTool(), ["title": "water"])
        XCTAssertEqual(completed.text, "Completed reminder “Water plants” (Mon 2026-11-23).")
        XCTAssertEqual(try database.task(id: 1)?.completed, true)
        XCTAssertEqual(try database.task(id: 2)?.completed, false, "a plain task is not a reminder")
        await assertToolError(CompleteReminderTool(), ["id": 1], "No reminder has id 1.")
        await assertToolError(CompleteReminderTool(), ["id": 2], "No reminder has id 2.")
        XCTAssertTrue(DeleteReminderTool().definition.isDestructive)
        let deleted = try await run(DeleteReminderTool(), ["id": 1])
        XCTAssertEqual(deleted.text, "Deleted reminder “Water plants” (Mon 2026-11-23).")
        XCTAssertNil(try database.task(id: 1))
    }

    func testSearchAndListsOfReminders() async throws {
        let empty = try await run(GetReminderListsTool(), [:])
        XCTAssertTrue(empty.text.hasPrefix("No reminder lists yet"), empty.text)
        _ = try await run(CreateReminderTool(), ["title": "Milk", "list": "Groceries"])
        _ = try await run(CreateReminderTool(), ["title": "Eggs", "list": "Groceries"])
        _ = try await run(CreateReminderTool(), ["title": "Call mom"])
        _ = try await run(CompleteReminderTool(), ["title": "Eggs"])
        let lists = try await run(GetReminderListsTool(), [:])
        XCTAssertEqual(lists.text, "Groceries: 1 open, 1 completed\nReminders: 1 open, 0 completed")
        let found = try await run(SearchRemindersTool(), ["query": "eg"])
        XCTAssertEqual(found.text, "Mon 2026-11-23 all day Eggs in “Groceries” ✓ done #2")
    }
}
