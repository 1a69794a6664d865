import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// Round trips with files written by the real tools (Debian's calcurse, khal and todoman,
/// installed by `make test-deps`): the tool writes → `aihelper import` → `aihelper export --ics`
/// → the tool reads our file back and shows the same items.
final class InteropToolTests: HomeFolderTestCase {
    private let zone = "Europe/Berlin"

    /// The tools and aihelper see the same zone, so floating times mean the same clock time.
    private var environment: [String: String] {
        ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
         "TZ": zone, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    }

    private func aihelper(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try CLIRunner(home: home).run(arguments, environment: ["TZ": zone], file: file, line: line)
        XCTAssertEqual(result.status, 0, "aihelper \(arguments.joined(separator: " ")): \(result.err)", file: file, line: line)
        return result.out
    }

    /// Runs a tool; a missing tool fails the test with what to do (never a silent skip).
    @discardableResult
    private func tool(_ name: String, _ arguments: [String], stdin: String? = nil) throws -> String {
        try ExternalTool.run(name, arguments, environment: environment, in: home, stdin: stdin ?? "")
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func database() throws -> AppDatabase { try AppDatabase.open(path: home + "/aihelper.sqlite") }

    private let december = (CivilDate(year: 2026, month: 12, day: 1), CivilDate(year: 2026, month: 12, day: 31))

    func testCalcurseRoundTrip() throws {
        // calcurse's own data files, then its iCalendar export: the file calcurse writes.
        try write("""
            12/01/2026 @ 09:00 -> 12/01/2026 @ 10:30 |Dentist
            12/02/2026 [1] Café ☕ day
            12/07/2026 @ 18:00 -> 12/07/2026 @ 19:00 {1W -> 12/28/2026} |Choir

            """, to: home + "/calcurse/apts")
        try write("[1] Buy milk\n[-9] Old thing\n[5] Call bank\n", to: home + "/calcurse/todo")
        let original = try tool("calcurse", ["-D", home + "/calcurse", "--export=ical", "--export-uid"])
        try write(original, to: home + "/calcurse.ics")

        XCTAssertEqual(try aihelper(["import", home + "/calcurse.ics"]).trimmingCharacters(in: .newlines),
                       "Imported 3 tasks, 3 todos (0 subtasks).")
        let db = try database()
        let tasks = try db.tasks(from: december.0, to: december.1)
        XCTAssertEqual(tasks.map(\.title), ["Dentist", "Café ☕ day", "Choir"])
        XCTAssertEqual(tasks[0].dueTime, TimeOfDay(hour: 9, minute: 0))
        XCTAssertEqual(tasks[0].durationMinutes, 90)
        XCTAssertNil(tasks[1].dueTime)
        XCTAssertEqual(tasks[2].recurrence, "RRULE:FREQ=WEEKLY;UNTIL=20261228T180000")
        XCTAssertEqual(try db.todoTrees().map { "\($0.todo.title) \($0.todo.completed)" }, ["Buy milk false", "Call bank false", "Old thing true"],
                       "in calcurse's order (by priority)")

        // Re-importing the same file changes nothing.
        XCTAssertEqual(try aihelper(["import", home + "/calcurse.ics"]).trimmingCharacters(in: .newlines),
                       "Imported 0 tasks, 0 todos (0 subtasks), 6 unchanged.")

        _ = try aihelper(["export", "--ics", home + "/ours.ics"])
        try tool("calcurse", ["-D", home + "/calcurse2", "-q", "-i", home + "/ours.ics"])
        let range = ["-Q", "--from", "12/01/2026", "--days", "31"]
        let before = try tool("calcurse", ["-D", home + "/calcurse"] + range)
        let after = try tool("calcurse", ["-D", home + "/calcurse2"] + range)
        XCTAssertTrue(before.contains("Choir") && before.contains("1. Buy milk") && before.contains("9. Old thing"), before)
        XCTAssertEqual(after, before, "calcurse shows the same appointments, repeats and todos (with priorities and completion)")
    }

    func testKhalRoundTrip() throws {
        let config = home + "/khal.conf"
        try write("""
            [calendars]
            [[home]]
            path = \(home)/cal/home
            type = calendar
            [[back]]
            path = \(home)/cal/back
            type = calendar
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = \(zone)
            default_timezone = \(zone)
            [default]
            default_calendar = home

            """, to: config)
        for folder in ["home", "back"] { try FileManager.default.createDirectory(atPath: "\(home)/cal/\(folder)", withIntermediateDirectories: true) }
        try tool("khal", ["-c", config, "new", "-a", "home", "2026-12-01", "09:00", "10:30", "Dentist", "::", "bring the card; and cash"])
        try tool("khal", ["-c", config, "new", "-a", "home", "-m", "15m", "-g", "Work", "2026-12-03", "18:00", "1h", "Call mom"])
        try tool("khal", ["-c", config, "new", "-a", "home", "-r", "weekly", "-u", "2026-12-22", "2026-12-08", "07:30", "30m", "Gym"])
        try tool("khal", ["-c", config, "new", "-a", "home", "2026-12-03", "23:30", "America/New_York", "Late call from New York"])
        try tool("khal", ["-c", config, "new", "-a", "home", "-l", "Lisbon", "2026-12-10", "2026-12-12", "Conference"])
        let files = try FileManager.default.contentsOfDirectory(atPath: home + "/cal/home").map { home + "/cal/home/" + $0 }
        XCTAssertEqual(files.count, 5)

        XCTAssertEqual(try aihelper(["import"] + files).trimmingCharacters(in: .newlines), "Imported 5 tasks, 0 todos (0 subtasks).")
        let tasks = try database().tasks(from: december.0, to: december.1)
        let late = try XCTUnwrap(tasks.first { $0.title == "Late call from New York" })
        XCTAssertEqual(late.dueDate, CivilDate(year: 2026, month: 12, day: 4), "23:30 in New York is 05:30 the next day in Berlin")
        XCTAssertEqual(late.dueTime, TimeOfDay(hour: 5, minute: 30))
        let call = try XCTUnwrap(tasks.first { $0.title == "Call mom" })
        XCTAssertEqual([call.alertMinutes, call.durationMinutes], [15, 60])
        XCTAssertEqual(call.category, "Work")
        XCTAssertEqual(tasks.first { $0.title == "Conference" }?.extra?.contains("LOCATION:Lisbon"), true)

        _ = try aihelper(["export", "--ics", home + "/ours.ics", "--tasks"])
        try tool("khal", ["-c", config, "import", "--batch", "-a", "back", home + "/ours.ics"])
        let format = ["-f", "{start} {end} {title} {description} {location} {categories} {repeat-symbol}{alarm-symbol}", "-df", "{date}"]
        let original = try tool("khal", ["-c", config, "list", "-a", "home"] + format + ["2026-12-01", "31d"])
        let ours = try tool("khal", ["-c", config, "list", "-a", "back"] + format + ["2026-12-01", "31d"])
        XCTAssertTrue(original.contains("2026-12-04 05:30 2026-12-04 06:30 Late call from New York"), original)
        XCTAssertTrue(original.contains("Gym") && original.contains("⏰"), original)
        XCTAssertEqual(ours, original, "khal lists the same events from our export")
    }

    func testTodomanRoundTrip() throws {
        try write("""
            path = "\(home)/todos/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "mine"
            default_due = 0

            """, to: home + "/config/todoman/config.py")
        for folder in ["mine", "back"] { try FileManager.default.createDirectory(atPath: "\(home)/todos/\(folder)", withIntermediateDirectories: true) }
        try tool("todoman", ["new", "-l", "mine", "--due", "2026-12-05", "--priority", "high", "Pack bags"])
        try tool("todoman", ["new", "-l", "mine", "--due", "2026-12-04 17:30", "--location", "Office", "Return laptop"])
        try tool("todoman", ["new", "-l", "mine", "--priority", "low", "Water plants"])
        try tool("todoman", ["new", "-l", "mine", "-r", "Renew passport"], stdin: "Photo first;\nthen the form\n")
        try tool("todoman", ["done", "3"])
        let files = try FileManager.default.contentsOfDirectory(atPath: home + "/todos/mine").map { home + "/todos/mine/" + $0 }
        XCTAssertEqual(files.count, 4)

        XCTAssertEqual(try aihelper(["import"] + files).trimmingCharacters(in: .newlines), "Imported 0 tasks, 4 todos (0 subtasks).")
        let trees = try database().todoTrees()
        XCTAssertEqual(Set(trees.map(\.todo.title)), ["Pack bags", "Return laptop", "Water plants", "Renew passport"])
        XCTAssertEqual(trees.first { $0.todo.title == "Water plants" }?.todo.completed, true)
        XCTAssertEqual(trees.first { $0.todo.title == "Return laptop" }?.todo.dueDate, CivilDate(year: 2026, month: 12, day: 4))
        let notes = try XCTUnwrap(trees.first { $0.todo.title == "Renew passport" }?.todo.notes)
        XCTAssertTrue(notes.hasPrefix("Photo first;\n") && notes.contains("then the form"), notes)

        // Our export, one VTODO per file as a vdir keeps them, into a second todoman list.
        let exported = try aihelper(["export", "--ics", "--todos"])
        let blocks = exported.components(separatedBy: "BEGIN:VTODO\r\n").dropFirst().map { "BEGIN:VTODO\r\n" + $0.components(separatedBy: "END:VTODO\r\n")[0] + "END:VTODO\r\n" }
        XCTAssertEqual(blocks.count, 4)
        for (i, block) in blocks.enumerated() {
            try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//AI Helper//aihelper//EN\r\n" + block + "END:VCALENDAR\r\n",
                      to: "\(home)/todos/back/\(i).ics")
        }
        func listed(_ list: String) throws -> [String] {
            let json = try tool("todoman", ["--porcelain", "list", "--status", "ANY", list])
            let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            return items.map { item in
                ["summary", "due", "priority", "completed", "description", "location"].map { "\(item[$0] ?? "nil")" }.joined(separator: "|")
            }.sorted()
        }
        let original = try listed("mine")
        XCTAssertTrue(original.contains { $0.hasPrefix("Return laptop|") && $0.hasSuffix("|Office") }, "\(original)")
        XCTAssertEqual(try listed("back"), original, "todoman shows the same todos: due dates and times, priorities, completion")
    }

    func testSubtasksExportAsRelatedToAndComeBack() throws {
        _ = try aihelper(["ask", "make a packing list: passport, charger"])
        let exported = try aihelper(["export", "--ics", "--todos"])
        XCTAssertEqual(exported.components(separatedBy: "RELATED-TO;RELTYPE=PARENT:").count - 1, 2, exported)
        try write(exported, to: home + "/todos.ics")
        let reimported = try aihelper(["import", home + "/todos.ics"]).trimmingCharacters(in: .newlines)
        XCTAssertEqual(reimported, "Imported 0 tasks, 0 todos (0 subtasks), 3 unchanged.")
        XCTAssertEqual(try database().todoTrees().first?.subtasks.map(\.title), ["Passport", "Charger"])
    }

    func testMalformedFileImportsNothingAndNamesTheLine() throws {
        try write("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nSUMMARY:Fine\nDTSTART:20261201T090000\nEND:VEVENT\n"
                  + "BEGIN:VEVENT\nSUMMARY:\u{1B}[31mRed\nDTSTART:20261301\nEND:VEVENT\nEND:VCALENDAR\n", to: home + "/bad.ics")
        let result = try CLIRunner(home: home).run(["import", home + "/bad.ics"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("bad.ics:9: DTSTART has the value “20261301”, which is not a date"), result.err)
        XCTAssertTrue(result.err.contains("Nothing was imported."), result.err)
        XCTAssertEqual(try database().tasks(on: CivilDate(year: 2026, month: 12, day: 1)), [])

        // Control characters in an imported title never reach the terminal raw.
        try write("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:t\nSUMMARY:\u{1B}]0;pwned\u{07}Shop\nEND:VTODO\nEND:VCALENDAR\n", to: home + "/esc.ics")
        _ = try aihelper(["import", home + "/esc.ics"])
        let listed = try aihelper(["todos"])
        XCTAssertFalse(listed.contains("\u{1B}"), listed)
        XCTAssertTrue(listed.contains("[ ] Shop"), listed)
    }
}
