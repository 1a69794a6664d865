import XCTest
import Core
import Storage
import Tools

/// The `repeat` argument of create_task, create_reminder and update_task, through
/// `ToolRegistry.run`, which the agent and `mcp serve` use: what the form's Repeat field
/// reads, under the names models send it by, stored as the form stores it, and said in the result.
final class ToolRepeatArgumentTests: XCTestCase {
    private var database: AppDatabase!
    private let utc = TimeZone(identifier: "UTC")!
    /// Tuesday 2026-11-24, 08:00 UTC.
    private let now = CivilDate(year: 2026, month: 11, day: 24).startDate(in: TimeZone(identifier: "UTC")!).addingTimeInterval(8 * 3600)
    private let weekdays = "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

    override func setUpWithError() throws { database = try AppDatabase.temporary() }

    private func execute(_ name: String, _ arguments: String) async -> ToolResult {
        await ToolRegistry.builtIn().run(name, arguments: arguments, context: ToolContext(database: database, now: now, timeZone: utc))
    }

    private func onlyTask() throws -> TaskItem? {
        let all = try database.allTasks()
        XCTAssertLessThanOrEqual(all.count, 1)
        return all.first
    }

    private func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    func testCreateTaskMakesASeriesAndSaysSo() async throws {
        let result = await execute("create_task", #"{"title": "Standup", "time": "09:30", "repeat": "every weekday", "category": "Work"}"#)
        XCTAssertFalse(result.isError, result.text)
        XCTAssertEqual(result.text, "Created task “Standup” on Tue 2026-11-24 at 09:30 (Work); repeats every weekday.")
        let task = try XCTUnwrap(try onlyTask())
        XCTAssertEqual(task.recurrence, weekdays)
        XCTAssertEqual(try database.agenda(from: day("2026-11-24"), to: day("2026-11-30")).map { $0.dueDate!.iso },
                       ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-30"])
    }

    /// Without a date the series starts today, on its first day from today: a Tuesday's
    /// "every monday and thursday" starts on Thursday.
    func testWithoutADateTheSeriesStartsOnItsFirstDayFromToday() async throws {
        let result = await execute("create_task", #"{"title": "Gym", "repeat": "every monday and thursday"}"#)
        XCTAssertEqual(result.text, "Created task “Gym” on Thu 2026-11-26; repeats weekly on Mon, Thu.")
        XCTAssertEqual(try onlyTask()?.recurrence, "RRULE:FREQ=WEEKLY;BYDAY=MO,TH")
        XCTAssertEqual(try onlyTask()?.dueDate, day("2026-11-26"))
    }

    func testEveryFormTheFormReads() async throws {
        let cases: [(String, String)] = [
            ("daily", "RRULE:FREQ=DAILY"),
            ("weekdays", weekdays),
            ("every 2 weeks until 2027-03-01", "RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301"),
            ("every 2 weeks until next friday", "RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261204"),
            ("monthly on the last friday", "RRULE:FREQ=MONTHLY;BYDAY=-1FR"),
            ("yearly 10 times", "RRULE:FREQ=YEARLY;COUNT=10"),
            ("FREQ=WEEKLY;BYDAY=MO,TH", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH"),
        ]
        for (phrase, stored) in cases {
            let result = await execute("create_task", #"{"title": "\#(phrase)", "date": "2026-11-24", "repeat": "\#(phrase)"}"#)
            XCTAssertFalse(result.isError, "\(phrase): \(result.text)")
            XCTAssertEqual(try database.findTasks(matching: phrase).first?.recurrence, stored, phrase)
        }
    }

    /// The names models use for it are taken; before, each was an unknown argument.
    func testAliases() async throws {
        for alias in ["recurrence", "rrule", "recurring", "repeats", "recur", "recurrenceRule", "Repeat_Rule"] {
            let result = await execute("create_task", #"{"title": "\#(alias)", "date": "2026-11-24", "\#(alias)": "daily"}"#)
            XCTAssertFalse(result.isError, "\(alias): \(result.text)")
            XCTAssertEqual(try database.findTasks(matching: alias).first?.recurrence, "RRULE:FREQ=DAILY", alias)
        }
        let reminder = await execute("create_reminder", #"{"title": "Pills", "due_time": "08:00", "recurrence": "daily"}"#)
        XCTAssertEqual(reminder.text, "Created reminder Tue 2026-11-24 08:00 Pills in “Reminders” #\(try database.findTasks(matching: "Pills").first!.id!); repeats every day")
        XCTAssertEqual(try database.findTasks(matching: "Pills").first?.recurrence, "RRULE:FREQ=DAILY")
    }

    func testAnUnreadableRepeatIsAnErrorShowingTheForms() async throws {
        let result = await execute("create_task", #"{"title": "Moon", "repeat": "every blue moon"}"#)
        XCTAssertTrue(result.isError)
        XCTAssertTrue(result.text.contains("Can't read 'repeat' “every blue moon”"), result.text)
        XCTAssertTrue(result.text.contains("every monday and thursday, every 2 weeks"), result.text)
        XCTAssertTrue(result.text.contains("FREQ=WEEKLY;BYDAY=MO,TH"), result.text)
        let ended = await execute("create_task", #"{"title": "Old", "repeat": "daily until 2020-01-01"}"#)
        XCTAssertTrue(ended.isError)
        XCTAssertTrue(ended.text.contains("has no day on or after Tue 2026-11-24"), ended.text)
        XCTAssertNil(try onlyTask(), "nothing is saved")
    }

    func testUpdateTaskSetsChangesAndRemovesTheRepeat() async throws {
        let task = try database.insertTask(TaskItem(title: "Review", dueDate: day("2026-11-24")))
        let set = await execute("update_task", #"{"id": \#(task.id!), "recurrence": "every friday"}"#)
        XCTAssertEqual(set.text, "Updated: Fri 2026-11-27 all day Review #\(task.id!); repeats weekly on Fri")
        XCTAssertEqual(try onlyTask()?.recurrence, "RRULE:FREQ=WEEKLY;BYDAY=FR")
        let none = await execute("update_task", #"{"title": "Review", "repeat": "none"}"#)
        XCTAssertEqual(none.text, "Updated: Fri 2026-11-27 all day Review #\(task.id!); no longer repeats")
        XCTAssertNil(try onlyTask()?.recurrence)
        _ = await execute("update_task", #"{"title": "Review", "repeat": "daily"}"#)
        let null = await execute("update_task", #"{"title": "Review", "repeat": null}"#)
        XCTAssertFalse(null.isError, null.text)
        XCTAssertNil(try onlyTask()?.recurrence)
        let bad = await execute("update_task", #"{"title": "Review", "repeat": "fortnightly-ish"}"#)
        XCTAssertTrue(bad.isError && bad.text.contains("Can't read 'repeat'"), bad.text)
    }
}
