import Foundation
import XCTest
import Core
import Storage
@testable import Tools

/// update_task, search_tasks, get_today, get_upcoming ("now" is Monday 2026-11-23, noon UTC).
final class CalendarToolsTests: ToolTestCase {
    func testUpdateChangesOnlyTheGivenFieldsOfTheTaskNamedByIdOrTitle() async throws {
        let dentist = try addTask("Dentist", "2026-11-25", "09:30", category: "Health")
        let result = try await run(UpdateTaskTool(), ["id": .number(Double(dentist.id!)), "date": "friday", "priority": "high"])
        XCTAssertEqual(result.text, "Updated: Fri 2026-11-27 09:30 Dentist [Health] (high) #\(dentist.id!)")
        XCTAssertEqual(result.change?.focusDate, day("2026-11-27"))
        let stored = try XCTUnwrap(try database.task(id: dentist.id!))
        XCTAssertEqual(stored.dueTime?.hhmm, "09:30", "untouched")
        XCTAssertEqual(stored.category, "Health")

        _ = try await run(UpdateTaskTool(), ["title": "denti", "time": nil, "new_title": "Dentist (check-up)"])
        let again = try XCTUnwrap(try database.task(id: dentist.id!))
        XCTAssertNil(again.dueTime, "null makes it all-day")
        XCTAssertEqual(again.title, "Dentist (check-up)")
        let same = try await run(UpdateTaskTool(), ["id": .number(Double(dentist.id!))])
        XCTAssertTrue(same.text.hasPrefix("Nothing to change"), same.text)
    }

    func testUpdateOfAnUnknownTaskSaysSo() async {
        await assertToolError(UpdateTaskTool(), ["id": 99, "date": "2026-12-01"], "No task has id 99.")
        await assertToolError(UpdateTaskTool(), ["title": "Nope"], "No task matches “Nope”.")
        await assertToolError(UpdateTaskTool(), ["date": "2026-12-01"], "Give the task's 'id' or its 'title'.")
    }

    func testSearchFindsOpenTasksAndCompletedOnesWhenAsked() async throws {
        let open = try addTask("Call mom", "2026-11-24", "17:00")
        let done = try addTask("Call the bank", "2026-11-20", completed: true)
        _ = try addTask("Gym", "2026-11-24")
        let result = try await run(SearchTasksTool(), ["query": "call"])
        XCTAssertEqual(result.text, "Tue 2026-11-24 17:00 Call mom #\(open.id!)")
        let all = try await run(SearchTasksTool(), ["query": "CALL", "include_completed": true])
        XCTAssertEqual(all.text.components(separatedBy: "\n").count, 2)
        XCTAssertTrue(all.text.contains("✓ done #\(done.id!)"), all.text)
        let none = try await run(SearchTasksTool(), ["query": "swim"])
        XCTAssertEqual(none.text, "No task matches “swim”.")
    }

    func testTodayListsTodaysTasksAndTheOverdueOnes() async throws {
        _ = try addTask("Standup", "2026-11-23", "09:00")
        _ = try addTask("Pay rent", "2026-11-20")
        _ = try addTask("Old and done", "2026-11-19", completed: true)
        let result = try await run(TodayTool(), [:])
        XCTAssertEqual(result.text, """
            Today, Monday 2026-11-23:
              09:00 Standup #1
            Overdue (1):
              Fri 2026-11-20 all day Pay rent #2
            """)
        XCTAssertTrue(try database.deleteTask(id: 1))
        let empty = try await run(TodayTool(), [:])
        XCTAssertTrue(empty.text.hasPrefix("Today, Monday 2026-11-23:\n  nothing planned"), empty.text)
    }

    func testUpcomingShowsOpenTasksWithinTheDaysAsked() async throws {
        _ = try addTask("Tomorrow", "2026-11-24")
        _ = try addTask("In a week", "2026-11-30")
        _ = try addTask("Done", "2026-11-25", completed: true)
        let week = try await run(UpcomingTool(), [:])
        XCTAssertEqual(week.text, "Tue 2026-11-24 all day Tomorrow #1")
        let two = try await run(UpcomingTool(), ["days": 8])
        XCTAssertEqual(two.text.components(separatedBy: "\n").count, 2)
        let none = try await run(UpcomingTool(), ["days": 1])
        XCTAssertEqual(none.text, "Nothing open in the next 1 day.")
    }
}

extension CalendarToolsTests {
    /// get_upcoming and list_tasks count the days a repeating task falls on, as the calendar shows them.
    func testUpcomingAndListTasksCountRepeatingTasks() async throws {
        _ = try database.insertTask(TaskItem(title: "Standup", dueDate: day("2026-11-02"), dueTime: TimeOfDay(hour: 9, minute: 0),
                                             recurrence: "RRULE:FREQ=DAILY"))
        let upcoming = try await run(UpcomingTool(), ["days": 2])
        XCTAssertEqual(upcoming.text, "Mon 2026-11-23 09:00 Standup #1\nTue 2026-11-24 09:00 Standup #1")
        let list = try await run(ListTasksTool(), ["from": "2026-11-01", "to": "2026-12-31"])
        XCTAssertTrue(list.text.hasSuffix("…and \(60 - ListTasksTool.maxTasks) more."), list.text)
    }

    func testATaskWithoutADayReadsAsSuch() async throws {
        let task = try addTask("Buy milk", nil, category: "Shopping")
        let found = try await run(SearchTasksTool(), ["query": "milk"])
        XCTAssertEqual(found.text, "no date: Buy milk [Shopping] #\(task.id!)")
    }
}
