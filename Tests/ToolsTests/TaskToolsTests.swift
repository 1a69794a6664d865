import Foundation
import XCTest
import Core
import Storage
@testable import Tools

final class TaskToolsTests: ToolTestCase {
    func testCreateTaskWithEverything() async throws {
        let result = try await run(CreateTaskTool(), [
            "title": "Call mom", "date": "2026-11-24", "time": "17:00", "category": "personal",
            "priority": "medium", "notes": "Ask about Sunday", "list": "Family"])
        XCTAssertEqual(result.text, "Created task “Call mom” on Tue 2026-11-24 at 17:00 in list “Family” (Personal, medium priority).")
        XCTAssertFalse(result.isError)
        let saved = try XCTUnwrap(database.tasks(on: day("2026-11-24")).first)
        XCTAssertEqual(result.change, DataChange(tasks: true, focusDate: day("2026-11-24"), focusTaskId: saved.id))
        XCTAssertEqual(saved.title, "Call mom")
        XCTAssertEqual(saved.dueTime, TimeOfDay(hour: 17, minute: 0))
        XCTAssertEqual(saved.category, "Personal")
        XCTAssertEqual(saved.priority, .medium)
        XCTAssertEqual(saved.notes, "Ask about Sunday")
        XCTAssertEqual(saved.list, "Family")
    }

    func testCreateTaskMinimalAndCategoryFallback() async throws {
        let bare = try await run(CreateTaskTool(), ["title": "Read a book"])
        XCTAssertEqual(bare.text, "Created task “Read a book” with no date.")
        XCTAssertNil(bare.change?.focusDate)

        let timed = try await run(CreateTaskTool(), ["title": "Stretch", "time": "07:00", "category": "Gym stuff"])
        XCTAssertEqual(timed.text, "Created task “Stretch” on Mon 2026-11-23 at 07:00 (Other).", "a time alone means today")
        XCTAssertEqual(try database.findTasks(matching: "Stretch").first?.category, "Other")
    }

    func testCreateTaskRejectsBadInput() async throws {
        await assertToolError(CreateTaskTool(), ["date": "2026-11-24"], "Missing required argument 'title'.")
        await assertToolError(CreateTaskTool(), ["title": "   "], "Missing required argument 'title'.")
        await assertToolError(CreateTaskTool(), ["title": "X", "date": "2026-02-30"],
                              "'date' must be a date like 2027-01-15, a date and time like 2027-01-15T09:30, or a phrase like 'next friday'; “2026-02-30” is not one.")
        await assertToolError(CreateTaskTool(), ["title": "X", "date": "2026-11-24", "time": "25:00"],
                              "'time' must be a time like 09:30, 17:00 or 5:30pm; “25:00” is not one.")
        await assertToolError(CreateTaskTool(), ["title": "X", "priority": "whenever"],
                              "'priority' must be low, medium or high.")
        await assertToolError(CreateTaskTool(), ["title": 42], "'title' must be a string.")
        XCTAssertEqual(try database.findTasks(matching: "X", includeCompleted: true), [], "nothing was saved")
    }

    func testListTasksGroupsByDay() async throws {
        try addTask("Call mom", "2026-11-24", "17:00", category: "Personal", priority: .medium)
        try addTask("Buy milk", "2026-11-24", category: "Shopping")
        try addTask("Dentist", "2026-11-27", "09:00", priority: .high, completed: true)
        try addTask("Outside", "2026-12-10")
        let result = try await run(ListTasksTool(), ["from": "2026-11-23", "to": "2026-11-30"])
        XCTAssertEqual(result.text, """
            Tue 2026-11-24
              all day Buy milk [Shopping] #2
              17:00 Call mom [Personal] (medium) #1
            Fri 2026-11-27
              09:00 Dentist (high) ✓ done #3
            """)
        XCTAssertNil(result.change)
    }

    func testListTasksWhenEmptyAndWhenTooMany() async throws {
        let empty = try await run(ListTasksTool(), ["from": "2026-11-23", "to": "2026-11-29"])
        XCTAssertEqual(empty.text, "No tasks from Mon 2026-11-23 to Sun 2026-11-29.")
        let oneDay = try await run(ListTasksTool(), ["from": "2026-11-23", "to": "2026-11-23"])
        XCTAssertEqual(oneDay.text, "No tasks on Mon 2026-11-23.")

        try database.bulkInsert(tasks: (0..<60).map { TaskItem(title: "t\($0)", dueDate: day("2026-11-25")) })
        let capped = try await run(ListTasksTool(), ["from": "2026-11-25", "to": "2026-11-25"])
        let lines = capped.text.split(separator: "\n")
        XCTAssertEqual(lines.first, "Wed 2026-11-25")
        XCTAssertEqual(lines.count, 1 + 50 + 1)
        XCTAssertEqual(lines.last, "…and 10 more.")
    }

    func testListTasksRejectsBadRanges() async {
        await assertToolError(ListTasksTool(), ["from": "2026-11-23"], "Missing required argument 'to'.")
        await assertToolError(ListTasksTool(), ["from": "yesterday-ish", "to": "2026-11-23"],
                              "'from' must be a date like 2027-01-15, a date and time like 2027-01-15T09:30, or a phrase like 'next friday'; “yesterday-ish” is not one.")
        await assertToolError(ListTasksTool(), ["from": "2026-11-30", "to": "2026-11-23"],
                              "'to' must be on or after 'from'.")
    }

    func testCompleteTaskPrefersTheExactTitle() async throws {
        try addTask("Call mom about dinner", "2026-11-20")
        let exact = try addTask("Call mom", "2026-11-24")
        let result = try await run(CompleteTaskTool(), ["title": "call MOM"])
        XCTAssertEqual(result.text, "Completed “Call mom” (Tue 2026-11-24).")
        XCTAssertEqual(result.change, DataChange(tasks: true, focusDate: day("2026-11-24"), focusTaskId: exact.id))
        XCTAssertEqual(try database.task(id: exact.id!)?.completed, true)
        XCTAssertEqual(try database.findTasks(matching: "dinner").count, 1, "the other one stays open")
    }

    func testCompleteTaskSaysWhichWhenSeveralMatchEquallyWell() async throws {
        try addTask("Pay rent", "2026-11-30")
        try addTask("Pay rent", "2026-12-31")
        let result = try await run(CompleteTaskTool(), ["title": "pay rent"])
        XCTAssertEqual(result.text,
                       "Completed “Pay rent” (Mon 2026-11-30). 1 other open task also matches “pay rent”: “Pay rent” (Thu 2026-12-31).")
        XCTAssertEqual(try database.findTasks(matching: "pay rent").map(\.dueDate), [day("2026-12-31")])
    }

    func testCompleteTaskWithoutAMatchIsAnErrorResult() async throws {
        try addTask("Done already", "2026-11-20", completed: true)
        let result = try await run(CompleteTaskTool(), ["title": "Done already"])
        XCTAssertTrue(result.isError)
        XCTAssertEqual(result.text, "No open task matches “Done already”.")
        XCTAssertNil(result.change)
        await assertToolError(CompleteTaskTool(), [:], "Missing required argument 'title'.")
    }

    func testDeleteTask() async throws {
        XCTAssertTrue(DeleteTaskTool().definition.isDestructive)
        let dentist = try addTask("Dentist", "2026-11-27", "09:00")
        let result = try await run(DeleteTaskTool(), ["title": "dent"])
        XCTAssertEqual(result.text, "Deleted “Dentist” (Fri 2026-11-27).")
        XCTAssertEqual(result.change, DataChange(tasks: true, focusDate: day("2026-11-27")))
        XCTAssertNil(try database.task(id: dentist.id!))

        let missing = try await run(DeleteTaskTool(), ["title": "Dentist"])
        XCTAssertTrue(missing.isError)
        XCTAssertEqual(missing.text, "No task matches “Dentist”.")
    }
}
