import XCTest
import Core
import Storage
import Tools

/// Arguments as real models send them, through `ToolRegistry.run`, which the agent and
/// `mcp serve` use: a wrong name is an error naming the right ones (never silently dropped), an
/// obvious alias or another spelling is taken, and dates, times and priorities in other shapes are read.
final class ToolArgumentShapesTests: XCTestCase {
    private var database: AppDatabase!
    private let utc = TimeZone(identifier: "UTC")!
    /// Tuesday 2026-11-24, 08:00 UTC.
    private let now = CivilDate(year: 2026, month: 11, day: 24).startDate(in: TimeZone(identifier: "UTC")!).addingTimeInterval(8 * 3600)

    override func setUpWithError() throws { database = try AppDatabase.temporary() }

    private func execute(_ name: String, _ arguments: String, timeZone: TimeZone? = nil) async -> ToolResult {
        await ToolRegistry.builtIn().run(name, arguments: arguments,
                                         context: ToolContext(database: database, now: now, timeZone: timeZone ?? utc))
    }

    private func onlyTask() throws -> TaskItem? {
        let all = try database.allTasks()
        XCTAssertLessThanOrEqual(all.count, 1)
        return all.first
    }

    /// The issue's case: `due` instead of `due_date` used to create the reminder today, all day.
    func testTheIssuesReminderKeepsItsDayAndTime() async throws {
        let result = await execute("create_reminder", #"{"title": "renew the passport", "due": "2027-01-15T09:30:00"}"#)
        XCTAssertFalse(result.isError, result.text)
        let task = try XCTUnwrap(try onlyTask())
        XCTAssertEqual(task.dueDate, CivilDate(year: 2027, month: 1, day: 15))
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 9, minute: 30))
    }

    /// Every built-in tool: an argument it does not know is an error that names the ones it does.
    func testUnknownArgumentsAreErrorsNamingTheValidOnes() async throws {
        for definition in ToolRegistry.builtIn().definitions {
            XCTAssertEqual(definition.inputSchema["additionalProperties"], .bool(false), definition.name)
            let known = (definition.inputSchema["properties"]?.objectValue?.keys.sorted() ?? []).joined(separator: ", ")
            let result = await execute(definition.name, #"{"whenever": "2027-01-15"}"#)
            XCTAssertTrue(result.isError, "\(definition.name): \(result.text)")
            XCTAssertTrue(result.text.contains("'whenever' is not an argument here (known: \(known))"), "\(definition.name): \(result.text)")
        }
        let result = await execute("create_reminder", #"{"title": "passport", "when": "2027-01-15"}"#)
        XCTAssertTrue(result.text.contains("(known: category, due_date, due_time, list, notes, priority, repeat, title)"), result.text)
        XCTAssertNil(try onlyTask(), "nothing is saved from a call with a wrong name")
        let nested = await execute("create_todo_list", #"{"title": "Trip", "items": [{"content": "Passport", "done": true}]}"#)
        XCTAssertTrue(nested.text.contains("'items[0].done' is not an argument here (known: content, notes)"), nested.text)
    }

    /// An alias given beside the argument it stands for is not taken: the check names it.
    func testAnAliasBesideItsArgumentIsRefused() async throws {
        let result = await execute("create_reminder", #"{"title": "x", "due": "2027-01-15", "due_date": "2027-01-16"}"#)
        XCTAssertTrue(result.isError)
        XCTAssertTrue(result.text.contains("'due' is not an argument here"), result.text)
        XCTAssertNil(try onlyTask())
    }

    func testOtherSpellingsOfANameAreTaken() async throws {
        let result = await execute("create_reminder", #"{"Title": "x", "dueDate": "2027-01-15", "Due-Time": "9:30am"}"#)
        XCTAssertFalse(result.isError, result.text)
        XCTAssertEqual(try onlyTask()?.dueTime, TimeOfDay(hour: 9, minute: 30))
    }

    /// The date and time shapes real models send, for both tools that take them.
    func testDateAndTimeShapes() async throws {
        let jan15 = CivilDate(year: 2027, month: 1, day: 15), nine30 = TimeOfDay(hour: 9, minute: 30)
        let cases: [(String, String)] = [
            ("create_reminder", #""due_date": "2027-01-15T09:30:00""#),
            ("create_reminder", #""due_date": "2027-01-15", "due_time": "9:30am""#),
            ("create_reminder", #""due_date": "2027-01-15", "due_time": "09:30:00""#),
            ("create_reminder", #""due_date": "2027-01-15", "due_time": "9.30""#),
            ("create_reminder", #""due_time": "2027-01-15T09:30""#),
            ("create_task", #""date": "2027-01-15T09:30:00""#),
            ("create_task", #""date": "2027-01-15 09:30", "time": "09:30""#),
            ("create_task", #""date": "2027-01-15", "time": "9:30 a.m.""#),
        ]
        for (tool, fields) in cases {
            try database.deleteAllTasksForTesting()
            let result = await execute(tool, #"{"title": "x", "#.appending(fields) + "}")
            XCTAssertFalse(result.isError, "\(tool) \(fields): \(result.text)")
            XCTAssertEqual(try onlyTask()?.dueDate, jan15, "\(tool) \(fields)")
            XCTAssertEqual(try onlyTask()?.dueTime, nine30, "\(tool) \(fields)")
        }
        let berlin = await execute("create_reminder", #"{"title": "zoned", "due_date": "2027-01-15T08:30:00Z"}"#,
                                   timeZone: TimeZone(identifier: "Europe/Berlin"))
        XCTAssertTrue(berlin.text.contains("2027-01-15 09:30"), "a UTC instant is read in the user's zone: \(berlin.text)")
    }

    /// Only what has more than one reading is refused, and the message shows the forms to use.
    func testAmbiguousOrContradictoryTimesAreRefused() async throws {
        let bare = await execute("create_reminder", #"{"title": "x", "due_date": "2027-01-15", "due_time": "9"}"#)
        XCTAssertTrue(bare.isError)
        XCTAssertTrue(bare.text.contains("give a time like 09:30, 17:00 or 5:30pm"), bare.text)
        let twice = await execute("create_task", #"{"title": "x", "date": "2027-01-15T09:30", "time": "10:00"}"#)
        XCTAssertTrue(twice.isError)
        XCTAssertTrue(twice.text.contains("'date' says 09:30 but 'time' says 10:00"), twice.text)
        XCTAssertNil(try onlyTask())
    }

    /// A priority as a word where a number is asked for, and the reverse; numbers and truth values as text.
    func testPrioritiesNumbersAndBooleansInTheOtherShape() async throws {
        let cases: [(String, String, Priority)] = [
            ("create_reminder", #""priority": "high""#, .high),
            ("create_reminder", #""priority": "Low""#, .low),
            ("create_reminder", #""priority": "5""#, .medium),
            ("create_task", #""priority": 1"#, .high),
            ("create_task", #""priority": "9""#, .low),
            ("create_task", #""priority": "urgent""#, .high),
            ("create_task", #""priority": "none""#, .none),
        ]
        for (tool, fields, expected) in cases {
            try database.deleteAllTasksForTesting()
            let result = await execute(tool, #"{"title": "x", "#.appending(fields) + "}")
            XCTAssertFalse(result.isError, "\(tool) \(fields): \(result.text)")
            XCTAssertEqual(try onlyTask()?.priority, expected, "\(tool) \(fields)")
        }
        let unknown = await execute("create_reminder", #"{"title": "x", "priority": "whenever"}"#)
        XCTAssertTrue(unknown.isError)
        XCTAssertTrue(unknown.text.contains("'priority' must be an integer"), unknown.text)
        let upcoming = await execute("get_upcoming", #"{"days": "30", "limit": "5"}"#)
        XCTAssertFalse(upcoming.isError, upcoming.text)
    }
}

private extension AppDatabase {
    func deleteAllTasksForTesting() throws {
        for task in try allTasks() { _ = try deleteTask(id: task.id!) }
    }
}
