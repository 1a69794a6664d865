import Foundation
import XCTest
import Core
import Storage

/// `aihelper ask` and friends as scripts use them: real binary, pipes, exit codes.
final class CLIEndToEndTests: HomeFolderTestCase {
    private func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 30) throws
        -> (status: Int32, out: String, err: String) {
        try CLIRunner(home: home).run(arguments, stdin: stdin, timeout: timeout)
    }

    func testAskCreatesTaskAndStreamsAnswerToPipe() throws {
        let result = try run(["ask", "remind me to pay rent 2026-12-01 at 9am"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Pay rent"), result.out)
        XCTAssertTrue(result.err.contains("create_task"), "tool activity goes to stderr: \(result.err)")
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let tasks = try db.tasks(on: CivilDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(tasks.map(\.title), ["Pay rent"])
        XCTAssertEqual(tasks.first?.dueTime, TimeOfDay(hour: 9, minute: 0))
    }

    func testAskReadsQuestionFromStandardInput() throws {
        let result = try run(["ask"], stdin: "what date is 2026-12-25\n")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Friday"), result.out)
    }

    func testAskWithNothingToAskExitsWithUsage() throws {
        let result = try run(["ask"], stdin: "")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("nothing to ask"), result.err)
    }

    func testCorruptDatabaseIsReportedByNameAndLeftUntouched() throws {
        let path = home + "/broken.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let result = try run(["ask", "--db", path, "hello"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(path), "the error names the file: \(result.err)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), garbage, "never overwritten")
    }

    func testFullScreenAppRefusesWithoutTerminal() throws {
        let result = try run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("aihelper ask"), result.err)
    }

    func testVersionAndHelp() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.contains("0."), version.out)
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("ask") && help.out.contains("tui (default)"), help.out)
        let askHelp = try run(["ask", "--help"])
        XCTAssertEqual(askHelp.status, 0)
        XCTAssertTrue(askHelp.out.contains("--db") && askHelp.out.contains("--yes"), askHelp.out)
    }
}

/// `aihelper add | tasks | todos | done` for scripts: what they print, their JSON, their exit codes.
final class CLITaskCommandTests: HomeFolderTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CLIRunner(home: home).run(arguments, stdin: nil, timeout: 30)
    }

    func testAddListCompleteAndPrintJSON() throws {
        let friday = try XCTUnwrap(DatePhrases.parse("friday", today: CivilDate(Date(), in: .current))?.date)
        let added = try run(["add", "dentist", "friday", "9am"])
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertTrue(added.out.hasPrefix("Added: ") && added.out.contains("\(friday.iso) 09:00 Dentist"), added.out)

        let day = try run(["tasks", "--date", friday.iso])
        XCTAssertTrue(day.out.contains("09:00 Dentist"), day.out)
        let json = try run(["tasks", "--date", "friday", "--json"])
        let tasks = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(tasks.first?["title"] as? String, "Dentist")
        XCTAssertEqual(tasks.first?["time"] as? String, "09:00")
        XCTAssertEqual(tasks.first?["date"] as? String, friday.iso)
        XCTAssertEqual(tasks.first?["completed"] as? Bool, false)

        let done = try run(["done", "denti"])
        XCTAssertEqual(done.status, 0, done.err)
        XCTAssertEqual(done.out.trimmingCharacters(in: .whitespacesAndNewlines), "Done: Dentist")
        let missing = try run(["done", "nothing like it"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.err.contains("no open task matches “nothing like it”"), missing.err)
        let badDate = try run(["tasks", "--date", "someday"])
        XCTAssertEqual(badDate.status, 2)
        XCTAssertTrue(badDate.err.contains("cannot read the date “someday”"), badDate.err)
    }

    /// A repeating task is listed by --upcoming as by --week: each day it falls on.
    func testUpcomingListsRepeatingTasks() throws {
        let today = CivilDate(Date(), in: .current)
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        _ = try db.insertTask(TaskItem(title: "Standup", dueDate: today.adding(days: -7), dueTime: TimeOfDay(hour: 9, minute: 0),
                                       recurrence: "RRULE:FREQ=DAILY"))
        _ = try db.insertTask(TaskItem(title: "Dentist", dueDate: today.adding(days: 1)))
        let upcoming = try run(["tasks", "--upcoming", "3", "--json"])
        XCTAssertEqual(upcoming.status, 0, upcoming.err)
        let tasks = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(upcoming.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(tasks.map { "\($0["date"] as? String ?? "?") \($0["title"] as? String ?? "?")" },
                       ["\(today.iso) Standup", "\(today.adding(days: 1).iso) Dentist", "\(today.adding(days: 1).iso) Standup"])
        let week = try run(["tasks", "--week"])
        XCTAssertEqual(week.out.components(separatedBy: "Standup").count - 1, 7, week.out)
    }

    /// import → database → export keeps each time's zone: UTC, TZID, floating, all-day.
    func testImportedTimesKeepTheirZoneThroughTheDatabase() throws {
        let file = home + "/khal.ics"
        let events = ["UID:utc\r\nSUMMARY:Call\r\nDTSTART;VALUE=DATE-TIME:20261125T140000Z",
                      "UID:ny\r\nSUMMARY:Standup\r\nDTSTART;TZID=America/New_York:20261201T090000",
                      "UID:floating\r\nSUMMARY:Gym\r\nDTSTART:20261201T073000",
                      "UID:day\r\nSUMMARY:Holiday\r\nDTSTART;VALUE=DATE:20261203"]
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//khal//EN\r\n" + events.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined()
             + "END:VCALENDAR\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let cli = CLIRunner(home: home)
        let imported = try cli.run(["import", file], environment: ["TZ": "Europe/Berlin"])
        XCTAssertEqual(imported.status, 0, imported.err)
        let tasks = try cli.run(["tasks", "--date", "2026-11-25"], environment: ["TZ": "Europe/Berlin"])
        XCTAssertTrue(tasks.out.contains("15:00 Call"), "shown at its Berlin time: \(tasks.out)")
        let exported = try cli.run(["export", "--ics"], environment: ["TZ": "Europe/Berlin"])
        for line in ["DTSTART;VALUE=DATE-TIME:20261125T140000Z", "DTSTART;TZID=America/New_York:20261201T090000", "TZID:America/New_York",
                     "DTSTART:20261201T073000", "DTSTART;VALUE=DATE:20261203"] {
            XCTAssertTrue(exported.out.contains(line + "\r\n"), "\(line) in \(exported.out)")
        }
    }

    func testTodosPrintTheirItems() throws {
        XCTAssertEqual(try run(["todos"]).out.trimmingCharacters(in: .whitespacesAndNewlines), "No todo lists.")
        _ = try run(["ask", "make a packing list: passport, charger"])
        let text = try run(["todos"])
        XCTAssertTrue(text.out.contains("[ ] Packing list (0/2)\n  [ ] Passport\n  [ ] Charger"), text.out)
        let json = try run(["todos", "--open", "--json"])
        let lists = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual((lists.first?["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String }, ["Passport", "Charger"])
    }
}
