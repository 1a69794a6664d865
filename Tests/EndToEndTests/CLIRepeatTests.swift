import Foundation
import XCTest
import Core
import Storage

/// A repeat said in a sentence makes a series, through the real binary: `aihelper add` and the
/// Offline assistant behind `aihelper ask` (they made one-off tasks titled "Standup every weekday").
final class CLIRepeatTests: HomeFolderTestCase {
    private let environment = ["TZ": "UTC"]
    private let weekdays = "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CLIRunner(home: home).run(arguments, environment: environment)
    }

    private func tasks() throws -> [TaskItem] {
        try AppDatabase.open(path: home + "/aihelper.sqlite").allTasks()
    }

    func testAddMakesASeriesThatUpcomingLists() throws {
        let added = try run(["add", "standup", "every", "weekday", "at", "9:30"])
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertTrue(added.out.hasPrefix("Added: ") && added.out.contains("09:30 Standup [Work]"), added.out)
        XCTAssertTrue(added.out.contains(", repeats every weekday"), added.out)
        let saved = try tasks()
        XCTAssertEqual(saved.map(\.title), ["Standup"])
        XCTAssertEqual(saved.first?.recurrence, weekdays)
        XCTAssertEqual(saved.first?.dueTime, TimeOfDay(hour: 9, minute: 30))

        // Five days of the series, each a weekday, one after another from its first.
        let upcoming = try run(["tasks", "--upcoming", "5"])
        XCTAssertEqual(upcoming.status, 0, upcoming.err)
        let lines = upcoming.out.split(separator: "\n").map(String.init)
        let headings = lines.filter { !$0.hasPrefix(" ") }
        XCTAssertEqual(lines.filter { $0 == "  09:30 Standup [Work] #1" }.count, 5, upcoming.out)
        XCTAssertEqual(headings.count, 5, upcoming.out)
        let days = headings.compactMap { CivilDate(iso: String($0.suffix(10))) }
        guard days.count == 5 else { return XCTFail("five days: \(upcoming.out)") }
        XCTAssertTrue(days.allSatisfy { (2...6).contains($0.weekday) }, "Monday to Friday only: \(upcoming.out)")
        XCTAssertEqual(days, days.sorted(), upcoming.out)
        let today = CivilDate(Date(), in: TimeZone(identifier: "UTC")!)
        XCTAssertLessThanOrEqual(today.days(until: days[0]), 3, "starts on the next weekday at the latest: \(upcoming.out)")
        XCTAssertLessThanOrEqual(days[0].days(until: days[4]), 8, upcoming.out)
    }

    func testAddReadsTheEndOfTheSeriesAndLeavesOneOffsAlone() throws {
        XCTAssertEqual(try run(["add", "pills", "daily", "at", "8pm", "10", "times"]).status, 0)
        XCTAssertEqual(try run(["add", "read", "every", "chapter", "tomorrow"]).status, 0)
        let saved = try tasks().sorted { $0.id! < $1.id! }
        XCTAssertEqual(saved.map(\.title), ["Pills", "Read every chapter"])
        XCTAssertEqual(saved.map(\.recurrence), ["RRULE:FREQ=DAILY;COUNT=10", nil])
    }

    /// Chinese words are a task too, with or without 提醒我 (a sentence without it was refused).
    func testAddReadsChinese() throws {
        XCTAssertEqual(try run(["add", "每周一早上9点开周会"]).status, 0)
        XCTAssertEqual(try run(["add", "明天开会"]).status, 0)
        let saved = Dictionary(uniqueKeysWithValues: try tasks().map { ($0.title, $0) })
        XCTAssertEqual(saved.keys.sorted(), ["开会", "开周会"])
        XCTAssertEqual(saved["开周会"]?.recurrence, "RRULE:FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(saved["开周会"]?.dueDate?.weekday, 2, "the series starts on a Monday")
        XCTAssertEqual(saved["开周会"]?.dueTime, TimeOfDay(hour: 9, minute: 0))
        XCTAssertNil(saved["开会"]?.recurrence)
    }

    func testTheOfflineAssistantMakesTheSeries() throws {
        let asked = try run(["ask", "add a task gym every weekday at 7am"])
        XCTAssertEqual(asked.status, 0, asked.err)
        XCTAssertTrue(asked.out.contains("Created task “Gym”") && asked.out.contains("; repeats every weekday."), asked.out)
        XCTAssertTrue(asked.err.contains(#"repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR""#), asked.err)
        let saved = try tasks()
        XCTAssertEqual(saved.map(\.title), ["Gym"])
        XCTAssertEqual(saved.first?.recurrence, weekdays)
        XCTAssertEqual(saved.first?.dueTime, TimeOfDay(hour: 7, minute: 0))
    }
}
